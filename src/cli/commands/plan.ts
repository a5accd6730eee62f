// `allot plan`: the weekly call list on the command line, through the same plan use-case as the
// Plan screen's worker (src/pipeline/plan/weekly-plan.ts), with PLAN.json as its store
// (plan-file-store.ts): the same files give the same register, groups and list in both. Creating a plan
// writes the first week's list; applying a week's outcomes writes the next. Nothing is written until
// everything read is valid, and PLAN.json is replaced whole.
import { parseIdList } from '../../core/datasets/outcomes-csv.ts';
import { findGenerator } from '../../core/datasets/generators.ts';
import { note } from '../../core/plan/estimate-warnings.ts';
import { newPlanId, PlanExistsError } from '../../core/plan/plan-record.ts';
import { defaultPriorGroup, PLAN_DEFAULTS, type PlanSettings, type ShareSetting } from '../../core/plan/plan-settings.ts';
import { PlanError } from '../../core/plan/weekly-list.ts';
import { planIndexFunction } from '../../engine/beta-sampler.ts';
import { loadEngineNode } from '../../engine/load-node.ts';
import type { RegisterSource } from '../../pipeline/plan/register-source.ts';
import { WeeklyPlan, type PlanView } from '../../pipeline/plan/weekly-plan.ts';
import { UsageError } from '../args.ts';
import type { Command, Io } from '../command.ts';
import { RANGES } from '../../core/limits/setting-ranges.ts';
import { numberOption, optionalNumber } from '../number-option.ts';
import { exists, type PlanFileStore } from '../plan-file-store.ts';
import { withPlanFile } from '../plan-file-session.ts';
import { listCsv, listJson, listText, listXlsx } from '../plan-output.ts';
import { namedFile, readTextFile } from '../read-text-file.ts';
import { basename } from 'node:path';

const CREATE_ONLY = ['register', 'features', 'reward', 'budget', 'exclude', 'cooldown', 'min-share', 'max-share', 'seed', 'arms', 'weeks', 'prior-group', 'draws'];

export const planCommand: Command = {
  name: 'plan',
  summary: "the weekly call list: whom to call this week under a reward and budget, and why; then apply the week's outcomes",
  usage:
    '--register FILE|NAME --reward EXPR --budget B [--features FILE.csv] [--exclude IDS.csv] [--cooldown K] [--min-share GROUP=BUCKET:SHARE]... ' +
    '[--max-share GROUP=BUCKET:SHARE]... [--seed S] --state PLAN.json [--out calls.csv] [--json]\n' +
    '       allot plan --state PLAN.json --outcomes WEEK.csv [--replace] [--yes] [--out calls.csv] [--json]',
  details: [
    'A register CSV is a population CSV (id, q00..q11 or p_s_a_t, features) with a state column for the current state',
    '(the transition columns may be left out: they are then estimated from the weeks the plan records), or a history',
    'CSV (id, week, state, called) with --features FILE.csv; NAME is a built-in population (dlm, sclm, multilingual)',
    'with --weeks of simulated history (random calls, budget per week); an instance JSON or a population CSV without a',
    'state column gets states drawn from its initial distribution (--seed). The list is for the last week of the history.',
    'Transitions from histories: a Beta posterior per (state, action); not-called rows have a prior fitted per bucket of',
    '--prior-group, called rows one centred on her not-called rate plus a call effect predicted from her features',
    '(empirical Bayes; src/core/plan/README.md). The outcomes file has the columns id, called, engaged',
    '(0/1) and optionally week; every beneficiary appears once. A week is applied once; --replace replaces the last.',
    'A file with the same rows as a week already applied, or in which none of the planned calls were made, is a',
    'question: nothing is saved (exit 1) unless --yes. PLAN.json is locked while a command works on it (PLAN.json.lock);',
    'it is written only when everything succeeded and only if no other program changed it meanwhile.',
    '--out calls.csv writes the list for Excel (UTF-8 with a BOM, formulas made inert): id, rank, reason, chance,',
    'borderline, index (4 digits), default_rank, features, the register\'s feature columns, reason_detail, index_full;',
    '--out calls.xlsx the same as a workbook. chance is her share of the posterior draws whose list has her;',
    'borderline: 20-80%.',
    '--json prints {"week", "calls": [{"id", "rank", "index", "default_rank", "reason" (plain), "reason_detail"',
    '(term by term), "chance" (0-1, absent with --draws 0), "borderline"}], "groups": [{"group", "bucket",',
    '"share_calls", "share_default", "share_population"}], "sentences", "unmet", "uncertain", "borderline",',
    '"chance_sentences", "tie_seed", "warnings" (sentences),',
    '"warning_details": [{"kind", ...its fields, "message", "plain"}]}: the same warnings as data, in the same order:',
    'few-uncalled-weeks {"state", "weeks"}, small-groups {"group_by", "min_arms", "priors", "small": [{"bucket", "state"}]},',
    'no-calls {"state"}, or note (a sentence of the register or the exclusion list); "message" is the sentence in',
    '"warnings", "plain" the same in a program manager\'s words.',
  ].join('\n'),
  options: {
    register: { type: 'string', value: 'FILE|NAME', description: 'a register CSV or a built-in population (dlm, sclm, multilingual)' },
    features: { type: 'string', value: 'FILE.csv', description: 'features of a history register (id and feature columns)' },
    reward: { type: 'string', value: 'EXPR', description: 'the reward expression (Python subset over state and agent_feats)' },
    budget: { type: 'string', value: 'B', description: 'calls per week, at most the beneficiaries', range: RANGES.budget },
    exclude: { type: 'string', value: 'IDS.csv', description: 'ids never to call (an id column, or one id per line)' },
    cooldown: { type: 'string', value: 'K', description: 'do not call anyone called in the last K weeks', default: '0', range: RANGES.cooldown },
    'min-share': { type: 'string', value: 'GROUP=BUCKET:SHARE', description: 'at least SHARE of calls to a bucket of a feature group (repeatable)', repeatable: true },
    'max-share': { type: 'string', value: 'GROUP=BUCKET:SHARE', description: 'at most SHARE of calls to a bucket of a feature group (repeatable)', repeatable: true },
    seed: { type: 'string', value: 'S', description: 'seed of the tie and posterior draws (and of a built-in register)', default: '0', range: RANGES.seed },
    arms: { type: 'string', value: 'N', description: 'beneficiaries of a built-in register', range: RANGES.registerArms },
    weeks: { type: 'string', value: 'W', description: 'weeks of simulated history of a built-in register', default: '26', range: RANGES.weeks },
    'prior-group': { type: 'string', value: 'GROUP', description: 'feature group whose buckets get their own prior, or "none" (default: the first group)' },
    draws: { type: 'string', value: 'D', description: 'posterior draws for the uncertain-place flags (0: none)', default: String(PLAN_DEFAULTS.draws), range: RANGES.draws },
    state: { type: 'string', value: 'PLAN.json', description: 'the plan file: written when creating a plan, read and updated when applying outcomes' },
    outcomes: { type: 'string', value: 'WEEK.csv', description: "the week's outcomes: id, called, engaged (0/1)" },
    replace: { type: 'flag', description: 'replace the last applied week with these outcomes' },
    yes: { type: 'flag', description: 'apply an outcomes file that repeats an applied week or makes none of the planned calls' },
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
    const inputs = Object.fromEntries(['outcomes', 'register', 'features', 'exclude'].map((n) => [`--${n}`, typeof options[n] === 'string' ? (options[n] as string) : undefined]));
    return withPlanFile({ state: statePath, out, inputs }, io, (store, writeList) => runPlan(options, lists, io, store, writeList));
  },
};

async function runPlan(options: Record<string, string | true>, lists: Record<string, string[]>, io: Io, store: PlanFileStore, writeList: (list: string | Uint8Array) => Promise<void>): Promise<number> {
    const statePath = store.path, json = options.json === true;
    const engine = await loadEngineNode();
    const whittle = planIndexFunction(engine);
    const plan = new WeeklyPlan(async () => whittle, async () => store);
    if (typeof options.outcomes === 'string') {
      const extra = CREATE_ONLY.filter((name) => options[name] !== undefined);
      if (extra.length) throw new UsageError(`${extra.map((n) => `--${n}`).join(', ')} appl${extra.length === 1 ? 'ies' : 'y'} when creating a plan; applying outcomes takes --state, --outcomes, --replace, --yes, --out`);
      const stored = await store.read();
      if (!stored) throw new Error(`${statePath}: no such plan file (create the plan first, with --register)`);
      await plan.open(stored.id);
      const outcomes = await namedFile(options.outcomes);
      const replace = options.replace === true;
      const preview = await plan.previewOutcomes(outcomes.file, outcomes.fileName, replace);
      if (!preview.ok) return fail(io, preview.errors, json);
      for (const w of preview.preview.warnings) io.stderr.write(`allot plan: warning: ${w}\n`);
      const applied = await plan.apply(replace, Date.now(), options.yes === true);
      if (!applied.ok) {
        const ask = applied.questions?.length ? [`To apply it anyway, run the command again with --yes${replace ? '' : `; to replace week ${preview.preview.week - 1}'s outcomes instead, with --replace`}.`] : [];
        return fail(io, [...applied.errors, ...ask], json);
      }
      return finish(io, plan, applied.view, options, writeList, `applied ${options.outcomes} to week ${applied.applied.week}; saved ${statePath}`);
    }
    if (options.replace) throw new UsageError('--replace applies with --outcomes');
    if (options.yes) throw new UsageError('--yes applies with --outcomes');
    for (const name of ['register', 'reward', 'budget'] as const) if (options[name] === undefined) throw new UsageError(`creating a plan needs --${name}`);
    // Every number in its range (src/core/limits/setting-ranges.ts) before anything is read or made.
    const budget = numberOption(options, 'budget', RANGES.budget);
    const seed = numberOption(options, 'seed', RANGES.seed, PLAN_DEFAULTS.seed);
    const arms = optionalNumber(options, 'arms', RANGES.registerArms);
    const weeks = numberOption(options, 'weeks', RANGES.weeks, 26);
    const cooldown = numberOption(options, 'cooldown', RANGES.cooldown, PLAN_DEFAULTS.cooldown);
    const draws = numberOption(options, 'draws', RANGES.draws, PLAN_DEFAULTS.draws);
    if (await exists(statePath)) throw new PlanExistsError(`${statePath} already exists: apply a week's outcomes to it with --outcomes, or give another --state path (nothing was changed)`);
    const summary = await plan.loadRegister(await registerSource(options, { seed, arms, weeks }));
    const shares: ShareSetting[] = [...(lists['min-share'] ?? []).map((s) => parseShare(s, 'min')), ...(lists['max-share'] ?? []).map((s) => parseShare(s, 'max'))];
    const priorGroup = typeof options['prior-group'] === 'string' ? (options['prior-group'] === 'none' ? null : options['prior-group']) : defaultPriorGroup(summary.schema);
    const settings: PlanSettings = {
      reward: options.reward as string,
      budget,
      exclude: typeof options.exclude === 'string' ? parseIdList(await readTextFile(options.exclude), options.exclude) : [],
      cooldown,
      shares,
      seed,
      draws,
      priorGroup,
      level: PLAN_DEFAULTS.level,
    };
    const now = Date.now();
    let view: PlanView;
    try {
      view = await plan.create(settings, { id: newPlanId(now, Math.random), name: basename(statePath).replace(/\.json$/i, ''), createdAt: now, updatedAt: now, policy: { kind: 'typed' } });
    } catch (error) {
      if (error instanceof PlanError) return fail(io, error.errors, json);
      throw error;
    }
    await plan.saved();
    view.list.warnings.unshift(...summary.warnings.map(note));
    return finish(io, plan, view, options, writeList, `saved the plan to ${statePath}`);
}

/** The register the flags name: a built-in population (with --arms, --weeks, --seed) or a file (with --features). */
async function registerSource(options: Record<string, string | true>, { seed, arms, weeks }: { seed: number; arms?: number; weeks: number }): Promise<RegisterSource> {
  const name = options.register as string;
  const features = typeof options.features === 'string' ? options.features : undefined;
  if (findGenerator(name)) {
    if (features) throw new UsageError(`--features applies to a history CSV, not to the built-in population "${name}"`);
    return { kind: 'generator', name, parameters: arms ? { arms } : {}, seed, weeks };
  }
  if (options.arms !== undefined) throw new UsageError(`--arms applies to a built-in population, not to the file "${name}"`);
  return { kind: 'file', ...(await namedFile(name)), ...(features && { features: await namedFile(features) }), seed };
}

/** "Ages=Ages 51-60:0.2" -> { group, bucket, [bound]: 0.2 }: the group before the first "=", the share after the last ":". */
export function parseShare(text: string, bound: 'min' | 'max'): ShareSetting {
  const eq = text.indexOf('='), colon = text.lastIndexOf(':');
  const share = colon > eq ? Number(text.slice(colon + 1)) : NaN;
  if (eq <= 0 || colon <= eq + 1 || !(share >= 0 && share <= 1) || text.slice(colon + 1).trim() === '') {
    throw new UsageError(`--${bound}-share "${text}": write GROUP=BUCKET:SHARE with SHARE in [0, 1], e.g. --${bound}-share "Ages=Ages 51-60:0.2"`);
  }
  return { group: text.slice(0, eq).trim(), bucket: text.slice(eq + 1, colon).trim(), [bound]: share };
}

/** Stages the list (--out; moved into place with the plan), prints it (--json or text), after the uncertain places are counted. */
async function finish(io: Io, plan: WeeklyPlan, view: PlanView, options: Record<string, string | true>, writeList: (list: string | Uint8Array) => Promise<void>, saved: string): Promise<number> {
  const u = await plan.uncertainty();
  if (typeof options.out === 'string') await writeList(/\.xlsx$/i.test(options.out) ? listXlsx(view, u) : listCsv(view, u));
  if (options.json) io.stdout.write(listJson(view, u) + '\n');
  else io.stdout.write(listText(view, u) + `${saved}${typeof options.out === 'string' ? `; wrote ${view.list.arms.length} calls to ${options.out}` : ''}\n`);
  return 0;
}

function fail(io: Io, errors: string[], json: boolean): number {
  if (json) io.stdout.write(JSON.stringify({ error: { message: errors.join('\n'), errors } }) + '\n');
  else io.stderr.write(`allot plan: nothing was saved:\n${errors.map((e) => `  ${e}`).join('\n')}\n`);
  return 1;
}
