// `allot plan`: the weekly call list on the command line, through the same plan use-case as the
// Plan screen's worker (src/pipeline/plan/weekly-plan.ts), with PLAN.json as its store
// (plan-file-store.ts): the same files give the same register, groups and list in both. Creating a plan
// writes the first week's list; applying a week's outcomes writes the next. Nothing is written until
// everything read is valid, and PLAN.json is replaced whole.
import { parseIdList } from '../../core/datasets/outcomes-csv.ts';
import { findGenerator } from '../../core/datasets/generators.ts';
import { note } from '../../core/plan/estimate-warnings.ts';
import { newPlanId, PlanExistsError } from '../../core/plan/plan-record.ts';
import {
  defaultPriorGroup,
  PLAN_DEFAULTS,
  type PlanSettings,
  type ShareSetting,
} from '../../core/plan/plan-settings.ts';
import { PlanError } from '../../core/plan/weekly-list.ts';
import { planIndexFunction } from '../../engine/beta-sampler.ts';
import { loadEngineNode } from '../../engine/load-node.ts';
import type { RegisterSource } from '../../pipeline/plan/register-source.ts';
import { WeeklyPlan, type PlanView } from '../../pipeline/plan/weekly-plan.ts';
import { UsageError } from '../args.ts';
import type { Command, Io } from '../command.ts';
import { RANGES } from '../../core/limits/setting-ranges.ts';
import { choiceOption, numberOption, optionalNumber } from '../number-option.ts';
import { HOLDOUT_WEEKS } from '../../core/plan/holdout-plan.ts';
import { holdoutOption, practiceOption, workersOption } from '../plan-program-flags.ts';
import { exists, type PlanFileStore } from '../plan-file-store.ts';
import { withPlanFile } from '../plan-file-session.ts';
import { callsCsv, callsXlsx, listJson, listText } from '../plan-output.ts';
import { namedFile, readTextFile } from '../read-text-file.ts';
import {
  COLUMN_OPTIONS,
  columnLines,
  columnsJson,
  mappingFromFlags,
  registerFileFlag,
  registerFileSource,
} from '../column-flags.ts';
import type { ColumnReport } from '../../core/datasets/column-mapping.ts';
import { basename } from 'node:path';

const CREATE_ONLY = [
  'register',
  'features',
  'reward',
  'budget',
  'exclude',
  'cooldown',
  'min-share',
  'max-share',
  'seed',
  'arms',
  'weeks',
  'prior-group',
  'draws',
  'sheet',
  'features-sheet',
  'week-column',
  'carry',
  'ignore',
  'holdout',
  'holdout-rule',
  'holdout-weeks',
  'worker-column',
  'capacity',
  'min-per-worker',
  'deactivate-after',
  'explore',
];

export const planCommand: Command = {
  name: 'plan',
  summary:
    "the weekly call list: whom to call this week under a reward and budget, and why; then apply the week's outcomes",
  usage:
    '--register FILE|NAME --reward EXPR --budget B [--features FILE] [--sheet NAME] [--id-column COL] ' +
    '[--state-column COL] ' +
    '[--week-column COL] [--called-column COL] [--carry COL]... [--state-values ENGAGED,NOT_ENGAGED] [--exclude ' +
    'IDS.csv] [--cooldown K] ' +
    '[--min-share GROUP=BUCKET:SHARE]... [--max-share GROUP=BUCKET:SHARE]... [--seed S] [--holdout SHARE ' +
    '[--holdout-rule random|default] [--holdout-weeks T]]\n' +
    '       [--worker-column COL --capacity N|FILE.csv [--min-per-worker K]] [--deactivate-after K] [--explore ' +
    'means|thompson] --state PLAN.json [--out calls.csv] [--json]\n' +
    '       allot plan --state PLAN.json --outcomes WEEK [--exit IDS.csv] [--enrol NEW.csv] [--id-column COL] ' +
    '[--called-column COL] [--state-column COL] ' +
    '[--state-values ENGAGED,NOT_ENGAGED] [--replace] [--yes] [--out calls.csv] [--json]',
  details: [
    'Files are read as exported: CSV separated by commas, semicolons or tabs (UTF-8 with or without a BOM, ' +
      'UTF-16, CRLF)',
    'or a workbook (XLSX, --sheet), under her own column names: without a flag each job is guessed from the header and',
    'printed (id: beneficiary_id (guessed)); state and call values may be 0/1, yes/no, true/false, ' +
      'engaged/not engaged.',
    'A register is one row per beneficiary with a state column for the current state (transition columns q00..q11 or',
    'p_s_a_t optional: without them transitions are estimated from the weeks the plan records), or a history ' +
      '(a row per',
    'beneficiary and week: id, week, state, called; any size, read in one pass) with --features FILE (one row per',
    'beneficiary, or a long table id, attribute, value as DHIS2 exports it) or alone; --carry columns (name, phone)',
    'are not features and travel into calls.csv after the id. NAME is a built-in population (dlm, sclm, multilingual)',
    'with --weeks of simulated history (random calls, budget per week); an instance JSON or a population CSV without a',
    'state column gets states drawn from its initial distribution (--seed). The list is for the last week of ' +
      'the history.',
    'Transitions from histories: a Beta posterior per (state, action); not-called rows have a prior fitted ' +
      'per bucket of',
    '--prior-group, called rows one centred on her not-called rate plus a call effect predicted from her features',
    '(empirical Bayes; src/core/plan/README.md). The outcomes file has an id, called and engaged (the same spellings)',
    'and optionally week: a row per beneficiary called, or per beneficiary; one without a row was not called ' +
      'and her state',
    'after the week is unobserved. A week is applied once; --replace replaces the last.',
    'A file with the same rows as a week already applied, or in which none of the planned calls were made, is a',
    'question: nothing is saved (exit 1) unless --yes. PLAN.json is locked while a command works on it ' +
      '(PLAN.json.lock);',
    'it is written only when everything succeeded and only if no other program changed it meanwhile.',
    '--out calls.csv writes the list for Excel (UTF-8 with a BOM, formulas made inert): id, her carried columns, rank,',
    "reason, chance, borderline, index (4 digits), default_rank, features, the register's feature columns, " +
      'reason_detail,',
    'index_full; --out calls.xlsx the same as a workbook. chance is her share of the posterior draws whose ' +
      'list has her;',
    'borderline: 20-80%.',
    '--json adds "columns": [{"name", "use": "id|state|week|called|feature|carry|ignored", "group"?, "buckets"?, ' +
      '"file", "guessed"}].',
    '--json prints {"week", "calls": [{"id", "rank", "index", "default_rank", "reason" (plain), "reason_detail"',
    '(term by term), "chance" (0-1, absent with --draws 0), "borderline"}], "groups": [{"group", "bucket",',
    '"share_calls", "share_default", "share_population"}], "sentences", "unmet", "uncertain", "borderline",',
    '"chance_sentences", "tie_seed", "warnings" (sentences),',
    '"warning_details": [{"kind", ...its fields, "message", "plain"}]}: the same warnings as data, in the same order:',
    'few-uncalled-weeks {"state", "weeks"}, small-groups {"group_by", "min_arms", "priors", "small": [{"bucket", ' +
      '"state"}]},',
    'no-calls {"state"}, or note (a sentence of the register or the exclusion list); "message" is the sentence in',
    '"warnings", "plain" the same in a program manager\'s words.',
    '--holdout SHARE sets aside a seeded random share of mothers (by a hash of the seed and her id: enrolments alike)',
    "whose calls follow --holdout-rule (random, the default state policy, or FILE.csv: the program's present practice,",
    "the ids it would call this week, given again with each --outcomes for the week after) at the plan's call " +
      'rate; the split is kept',
    'with the plan. Each call then has "arm": "plan"|"holdout" (the holdout\'s after the plan\'s lines), and ' +
      '--json has',
    '"evidence": {"weeks", "share", "rule", "plan": {"mothers", "engaged_weeks", "share_engaged"}, "holdout": {...},',
    '"effect", "ci95": [lo, hi], "mde", "mde_weeks", "sentences"} (null arms before the first applied week): the',
    'difference in the share of weeks engaged per mother, its 95% interval (Welch, a mother one unit), and the minimum',
    'detectable effect for --holdout-weeks weeks (80% power), also said before the list.',
    "--worker-column COL names each mother's health worker (a text column, its values kept, or a number column);",
    '--capacity N or FILE.csv (worker, capacity, optionally minimum) and --min-per-worker K: the list is the ' +
      'best under',
    'every rule at once (capacities, minima, budget, exclusions, cooldown, shares); --json adds "workers": [{"worker",',
    '"calls", "capacity", "minimum", "binding"}], "worker_sentences" and "worker" on each call; calls.csv a ' +
      'worker column.',
    '--deactivate-after K stops listing a mother after K observed weeks in a row not engaged; --exit IDS.csv (with',
    '--outcomes) marks mothers who left: kept in the history, never listed again; --enrol NEW.csv (with ' +
      '--outcomes) adds',
    "new mothers (id, her state now, the register's feature columns under its headers, carried columns if any) after",
    'the week: they start from the prior, and are randomized into the holdout alike; the outcomes file may name them.',
    '--json adds "joined", "left" (this',
    'week) and "active": {"left", "inactive", "newly_inactive", "sentence"}.',
    "--explore thompson plans each week on one posterior draw (seeded by the plan's seed and the week) instead of the",
    'means; the default is means, better on every simulated population (src/core/plan/README.md, Thompson sampling).',
  ].join('\n'),
  options: {
    register: {
      type: 'string',
      value: 'FILE|NAME',
      description: 'a register (CSV or XLSX) or a built-in population (dlm, sclm, multilingual)',
    },
    features: {
      type: 'string',
      value: 'FILE',
      description: 'features of a history register (id and feature columns, or id, attribute, value)',
    },
    ...COLUMN_OPTIONS,
    reward: {
      type: 'string',
      value: 'EXPR',
      description: 'the reward expression (Python subset over state and agent_feats)',
    },
    budget: {
      type: 'string',
      value: 'B',
      description: 'calls per week, at most the beneficiaries',
      range: RANGES.budget,
    },
    exclude: { type: 'string', value: 'IDS.csv', description: 'ids never to call (an id column, or one id per line)' },
    cooldown: {
      type: 'string',
      value: 'K',
      description: 'do not call anyone called in the last K weeks',
      default: '0',
      range: RANGES.cooldown,
    },
    'min-share': {
      type: 'string',
      value: 'GROUP=BUCKET:SHARE',
      description: 'at least SHARE of calls to a bucket of a feature group (repeatable)',
      repeatable: true,
    },
    'max-share': {
      type: 'string',
      value: 'GROUP=BUCKET:SHARE',
      description: 'at most SHARE of calls to a bucket of a feature group (repeatable)',
      repeatable: true,
    },
    seed: {
      type: 'string',
      value: 'S',
      description: 'seed of the tie and posterior draws (and of a built-in register)',
      default: '0',
      range: RANGES.seed,
    },
    arms: {
      type: 'string',
      value: 'N',
      description: 'beneficiaries of a built-in register',
      range: RANGES.registerArms,
    },
    weeks: {
      type: 'string',
      value: 'W',
      description: 'weeks of simulated history of a built-in register',
      default: '26',
      range: RANGES.weeks,
    },
    'prior-group': {
      type: 'string',
      value: 'GROUP',
      description: 'feature group whose buckets get their own prior, or "none" (default: the first group)',
    },
    draws: {
      type: 'string',
      value: 'D',
      description: 'posterior draws for the uncertain-place flags (0: none)',
      default: String(PLAN_DEFAULTS.draws),
      range: RANGES.draws,
    },
    holdout: {
      type: 'string',
      value: 'SHARE',
      description: 'hold out a seeded random SHARE of mothers as a comparison arm, called at the same rate',
      default: String(PLAN_DEFAULTS.holdoutShare),
      range: RANGES.holdoutShare,
    },
    'holdout-rule': {
      type: 'string',
      value: 'random|default|FILE.csv',
      default: PLAN_DEFAULTS.holdoutRule,
      description:
        "the holdout's calls: at random, by the default state policy, or the program's own list of ids this week " +
        '(again with each --outcomes)',
    },
    'holdout-weeks': {
      type: 'string',
      value: 'T',
      description: 'the weeks the holdout will run, for its minimum detectable effect',
      default: String(HOLDOUT_WEEKS),
      range: RANGES.holdoutWeeks,
    },
    'worker-column': {
      type: 'string',
      value: 'COL',
      description: "the register's column naming each mother's health worker (a text or number column)",
    },
    capacity: {
      type: 'string',
      value: 'N|FILE.csv',
      description: "each worker's most calls a week: one number, or a CSV of worker, capacity (and minimum)",
    },
    'min-per-worker': {
      type: 'string',
      value: 'K',
      description: 'the fewest calls of each worker a week',
      range: RANGES.capacity,
    },
    'deactivate-after': {
      type: 'string',
      value: 'K',
      description: 'stop listing a mother after K weeks in a row not engaged (Kilkari uses 6)',
      range: RANGES.deactivateAfter,
    },
    explore: {
      type: 'string',
      value: 'means|thompson',
      description:
        'plan on the posterior means, or each week on one posterior draw seeded by the week (Thompson sampling)',
      default: PLAN_DEFAULTS.explore,
    },
    exit: {
      type: 'string',
      value: 'IDS.csv',
      description: 'with --outcomes: ids who left the program (kept in the history, never listed again)',
    },
    enrol: {
      type: 'string',
      value: 'NEW.csv',
      description:
        "with --outcomes: new mothers (id, state now, the register's feature columns); they start from the prior",
    },
    state: {
      type: 'string',
      value: 'PLAN.json',
      description: 'the plan file: written when creating a plan, read and updated when applying outcomes',
    },
    outcomes: {
      type: 'string',
      value: 'WEEK',
      description: "the week's outcomes (CSV or XLSX): id, called, engaged; the called mothers' rows may be all",
    },
    replace: { type: 'flag', description: 'replace the last applied week with these outcomes' },
    yes: {
      type: 'flag',
      description: 'apply an outcomes file that repeats an applied week or makes none of the planned calls',
    },
    out: {
      type: 'string',
      value: 'calls.csv|calls.xlsx',
      description: 'write the list as CSV for Excel, or as XLSX when the name ends in .xlsx',
    },
  },
  async run({ options, lists }, io) {
    const statePath = options.state;
    if (typeof statePath !== 'string') throw new UsageError('give the plan file: --state PLAN.json');
    const out = typeof options.out === 'string' ? options.out : undefined;
    const inputs = Object.fromEntries(
      ['outcomes', 'register', 'features', 'exclude', 'capacity', 'exit', 'enrol'].map((n) => [
        `--${n}`,
        typeof options[n] === 'string' ? (options[n] as string) : undefined,
      ]),
    );
    return withPlanFile({ state: statePath, out, inputs }, io, (store, writeList) =>
      runPlan(options, lists, io, store, writeList),
    );
  },
};

async function runPlan(
  options: Record<string, string | true>,
  lists: Record<string, string[]>,
  io: Io,
  store: PlanFileStore,
  writeList: (list: string | Uint8Array) => Promise<void>,
): Promise<number> {
  const statePath = store.path,
    json = options.json === true;
  const engine = await loadEngineNode();
  const whittle = planIndexFunction(engine);
  const plan = new WeeklyPlan(
    async () => whittle,
    async () => store,
  );
  if (typeof options.outcomes === 'string') {
    // --holdout-rule FILE.csv with --outcomes: next week's calls by the program's present practice.
    const extra = CREATE_ONLY.filter((name) => options[name] !== undefined && name !== 'holdout-rule');
    if (extra.length)
      throw new UsageError(
        `${extra.map((n) => `--${n}`).join(', ')} appl${extra.length === 1 ? 'ies' : 'y'} when creating a plan; ` +
          `applying outcomes takes --state, --outcomes, --exit, --enrol, --id-column, --called-column, ` +
          `--state-column, --state-values, --replace, --yes, --out`,
      );
    const stored = await store.read();
    if (!stored) throw new Error(`${statePath}: no such plan file (create the plan first, with --register)`);
    await plan.open(stored.id);
    const outcomes = await namedFile(options.outcomes);
    const replace = options.replace === true;
    const names = mappingFromFlags(options, lists);
    const exitFile = typeof options.exit === 'string' ? options.exit : null;
    const exits = exitFile
      ? { ids: parseIdList(await readTextFile(exitFile), exitFile), fileName: exitFile }
      : undefined;
    const enrol = typeof options.enrol === 'string' ? await namedFile(options.enrol) : undefined;
    const mapping = Object.keys(names).length ? names : undefined;
    const practice = typeof options['holdout-rule'] === 'string' ? await practiceOption(options) : undefined;
    const preview = await plan.previewOutcomes(outcomes.file, outcomes.fileName, replace, mapping, {
      exits,
      enrol,
      practice,
    });
    if (!preview.ok) return fail(io, preview.errors, json);
    for (const w of preview.preview.warnings) io.stderr.write(`allot plan: warning: ${w}\n`);
    const applied = await plan.apply(replace, Date.now(), options.yes === true);
    if (!applied.ok) {
      const ask = applied.questions?.length
        ? [
            `To apply it anyway, run the command again with ` +
              `--yes${
                replace ? '' : `; to replace week ${preview.preview.week - 1}'s outcomes instead, ` + `with --replace`
              }.`,
          ]
        : [];
      return fail(io, [...applied.errors, ...ask], json);
    }
    const { unobserved, notes } = preview.preview;
    const seen = unobserved
      ? `; ${unobserved} beneficiaries have no outcome in it (not called; their state this week unobserved)`
      : '';
    const { left: gone, joined } = applied.applied;
    const left =
      (gone ? `; ${gone} mother${gone === 1 ? '' : 's'} left (${exitFile})` : '') +
      (joined ? `; ${joined} mother${joined === 1 ? '' : 's'} joined (${options.enrol})` : '');
    const said = [
      ...notes,
      `applied ${options.outcomes} to week ${applied.applied.week}${seen}${left}; saved ${statePath}`,
    ].join('\n');
    return finish(io, plan, applied.view, options, writeList, said, [], { joined, left: gone });
  }
  if (options.replace) throw new UsageError('--replace applies with --outcomes');
  if (options.exit) throw new UsageError('--exit applies with --outcomes');
  if (options.enrol) throw new UsageError('--enrol applies with --outcomes');
  if (options.yes) throw new UsageError('--yes applies with --outcomes');
  for (const name of ['register', 'reward', 'budget'] as const)
    if (options[name] === undefined) throw new UsageError(`creating a plan needs --${name}`);
  // Every number in its range (src/core/limits/setting-ranges.ts) before anything is read or made.
  const budget = numberOption(options, 'budget', RANGES.budget);
  const seed = numberOption(options, 'seed', RANGES.seed, PLAN_DEFAULTS.seed);
  const arms = optionalNumber(options, 'arms', RANGES.registerArms);
  const weeks = numberOption(options, 'weeks', RANGES.weeks, 26);
  const cooldown = numberOption(options, 'cooldown', RANGES.cooldown, PLAN_DEFAULTS.cooldown);
  const draws = numberOption(options, 'draws', RANGES.draws, PLAN_DEFAULTS.draws);
  const holdout = await holdoutOption(options, seed);
  const workers = await workersOption(options);
  const deactivateAfter = optionalNumber(options, 'deactivate-after', RANGES.deactivateAfter);
  const explore = choiceOption(options, 'explore', ['means', 'thompson'] as const, PLAN_DEFAULTS.explore);
  if (await exists(statePath))
    throw new PlanExistsError(
      `${statePath} already exists: apply a week's outcomes to it with --outcomes, or give another --state path ` +
        `(nothing was changed)`,
    );
  const summary = await plan.loadRegister(await registerSource(options, lists, { seed, arms, weeks }));
  const shares: ShareSetting[] = [
    ...(lists['min-share'] ?? []).map((s) => parseShare(s, 'min')),
    ...(lists['max-share'] ?? []).map((s) => parseShare(s, 'max')),
  ];
  const priorGroup =
    typeof options['prior-group'] === 'string'
      ? options['prior-group'] === 'none'
        ? null
        : options['prior-group']
      : defaultPriorGroup(summary.schema);
  const settings: PlanSettings = {
    reward: options.reward as string,
    budget,
    exclude:
      typeof options.exclude === 'string' ? parseIdList(await readTextFile(options.exclude), options.exclude) : [],
    cooldown,
    shares,
    seed,
    draws,
    priorGroup,
    level: PLAN_DEFAULTS.level,
    ...(holdout && { holdout }),
    ...(workers && { workers }),
    ...(deactivateAfter && { deactivateAfter }),
    ...(explore === 'thompson' && { explore }),
  };
  const now = Date.now();
  let view: PlanView;
  try {
    view = await plan.create(settings, {
      id: newPlanId(now, Math.random),
      name: basename(statePath).replace(/\.json$/i, ''),
      createdAt: now,
      updatedAt: now,
      policy: { kind: 'typed' },
    });
  } catch (error) {
    if (error instanceof PlanError) return fail(io, error.errors, json);
    throw error;
  }
  await plan.saved();
  view.list.warnings.unshift(...summary.warnings.map(note));
  return finish(io, plan, view, options, writeList, `saved the plan to ${statePath}`, summary.columns);
}

/**
 * The register the flags name: a built-in population (with --arms, --weeks, --seed) or a file (with --features and her
 * column names).
 */
async function registerSource(
  options: Record<string, string | true>,
  lists: Record<string, string[]>,
  { seed, arms, weeks }: { seed: number; arms?: number; weeks: number },
): Promise<RegisterSource> {
  const name = options.register as string;
  if (findGenerator(name)) {
    const fileOnly = registerFileFlag(options);
    if (fileOnly)
      throw new UsageError(`--${fileOnly} applies to a register file, not to the built-in population "${name}"`);
    return { kind: 'generator', generator: name, parameters: arms ? { arms } : {}, seed, weeks };
  }
  if (options.arms !== undefined)
    throw new UsageError(`--arms applies to a built-in population, not to the file "${name}"`);
  // The worker column's values are kept, never merged into "other": each is a worker.
  const source = await registerFileSource(name, options, lists, seed),
    worker = options['worker-column'];
  return typeof worker === 'string' ? { ...source, text: { merge: { [worker]: false } } } : source;
}

/**
 * "Ages=Ages 51-60:0.2" -> { group, bucket, [bound]: 0.2 }: the group before the first "=", the share after the last
 * ":".
 */
export function parseShare(text: string, bound: 'min' | 'max'): ShareSetting {
  const eq = text.indexOf('='),
    colon = text.lastIndexOf(':');
  const share = colon > eq ? Number(text.slice(colon + 1)) : NaN;
  if (eq <= 0 || colon <= eq + 1 || !(share >= 0 && share <= 1) || text.slice(colon + 1).trim() === '') {
    throw new UsageError(
      `--${bound}-share "${text}": write GROUP=BUCKET:SHARE with SHARE in [0, 1], e.g. --${bound}-share "Ages=Ages ` +
        `51-60:0.2"`,
    );
  }
  return { group: text.slice(0, eq).trim(), bucket: text.slice(eq + 1, colon).trim(), [bound]: share };
}

/**
 * Stages the list (--out; moved into place with the plan), prints it (--json or text, with the column report of
 * a new register), after the uncertain places are counted.
 */
async function finish(
  io: Io,
  plan: WeeklyPlan,
  view: PlanView,
  options: Record<string, string | true>,
  writeList: (list: string | Uint8Array) => Promise<void>,
  saved: string,
  columns: ColumnReport[] = [],
  week: Record<string, number> = {},
): Promise<number> {
  const u = await plan.uncertainty();
  if (typeof options.out === 'string')
    await writeList(/\.xlsx$/i.test(options.out) ? callsXlsx(view, u) : callsCsv(view, u));
  if (options.json) {
    const out = listJson(view, u, week);
    io.stdout.write(
      (columns.length ? `${out.slice(0, -1)},"columns":${JSON.stringify(columnsJson(columns))}}` : out) + '\n',
    );
  } else {
    const report = columnLines(columns)
      .map((l) => `${l}\n`)
      .join('');
    io.stdout.write(
      report +
        listText(view, u) +
        `${saved}${
          typeof options.out === 'string' ? `; wrote ${view.list.arms.length} calls to ` + `${options.out}` : ''
        }\n`,
    );
  }
  return 0;
}

function fail(io: Io, errors: string[], json: boolean): number {
  if (json) io.stdout.write(JSON.stringify({ error: { message: errors.join('\n'), errors } }) + '\n');
  else io.stderr.write(`allot plan: nothing was saved:\n${errors.map((e) => `  ${e}`).join('\n')}\n`);
  return 1;
}
