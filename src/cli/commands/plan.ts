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
import { numberOption, optionalNumber } from '../number-option.ts';
import { holdoutOption, parseShare, practiceOption, workersOption } from '../plan-program-flags.ts';
import { exists, type PlanFileStore } from '../plan-file-store.ts';
import { withPlanFile } from '../plan-file-session.ts';
import { filesPerWorker, type WorkerFile } from '../../core/plan/worker-files.ts';
import { writeWorkerFiles } from '../worker-files-out.ts';
import { CREATE_ONLY, PLAN_DETAILS, PLAN_OPTIONS, PLAN_USAGE, simpleRuleSettings } from '../plan-flags.ts';
import { callsCsv, callsXlsx, listJson, listText } from '../plan-output.ts';
import { namedFile, readTextFile } from '../read-text-file.ts';
import { columnLines, columnsJson, mappingFromFlags, registerFileFlag, registerFileSource } from '../column-flags.ts';
import type { ColumnReport } from '../../core/datasets/column-mapping.ts';
import { basename } from 'node:path';

export const planCommand: Command = {
  name: 'plan',
  summary:
    "the weekly call list: whom to call this week under a reward and budget, and why; then apply the week's outcomes",
  usage: PLAN_USAGE,
  details: PLAN_DETAILS,
  options: PLAN_OPTIONS,
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
    const dir = typeof options['out-per-worker'] === 'string' ? options['out-per-worker'] : undefined;
    let files: WorkerFile[] = [];
    const code = await withPlanFile({ state: statePath, out, inputs }, io, (store, writeList) =>
      runPlan(options, lists, io, store, { writeList, filesPerWorker: (f) => (files = f) }),
    );
    // Written once the plan is saved: a plan that was not saved leaves no list behind.
    if (code === 0 && dir !== undefined) await writeWorkerFiles(dir, files);
    return code;
  },
};

async function runPlan(
  options: Record<string, string | true>,
  lists: Record<string, string[]>,
  io: Io,
  store: PlanFileStore,
  outputs: Outputs,
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
    return finish(io, plan, applied.view, options, outputs, said, [], { joined, left: gone });
  }
  if (options.replace) throw new UsageError('--replace applies with --outcomes');
  if (options.exit) throw new UsageError('--exit applies with --outcomes');
  if (options.enrol) throw new UsageError('--enrol applies with --outcomes');
  if (options.yes) throw new UsageError('--yes applies with --outcomes');
  for (const name of ['register', 'reward', 'budget'] as const)
    if (options[name] === undefined) throw new UsageError(`creating a plan needs --${name}`);
  // Every number in its range (src/core/limits/setting-ranges.ts) before anything is read or made.
  const budget = numberOption(options, 'budget', RANGES.budget);
  // The simple rules (a number or a choice each: rule-descriptors.ts) from their flags.
  const { cooldown, seed, draws, ...ruled } = simpleRuleSettings(options) as Partial<PlanSettings>;
  const arms = optionalNumber(options, 'arms', RANGES.registerArms);
  const weeks = numberOption(options, 'weeks', RANGES.weeks, 26);
  const holdout = await holdoutOption(options, seed!);
  const workers = await workersOption(options);
  if (await exists(statePath))
    throw new PlanExistsError(
      `${statePath} already exists: apply a week's outcomes to it with --outcomes, or give another --state path ` +
        `(nothing was changed)`,
    );
  const summary = await plan.loadRegister(await registerSource(options, lists, { seed: seed!, arms, weeks }));
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
    cooldown: cooldown!,
    shares,
    seed: seed!,
    draws: draws!,
    priorGroup,
    level: PLAN_DEFAULTS.level,
    ...(holdout && { holdout }),
    ...(workers && { workers }),
    ...ruled,
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
  return finish(io, plan, view, options, outputs, `saved the plan to ${statePath}`, summary.columns);
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
  // The worker column is no feature: carried (a name per mother, any number of workers; plan-workers.ts).
  const source = await registerFileSource(name, options, lists, seed),
    worker = options['worker-column'];
  if (typeof worker !== 'string' || source.kind !== 'file') return source;
  const carry = [...(source.mapping?.carry ?? []).filter((c) => c !== worker), worker];
  return { ...source, mapping: { ...source.mapping, carry } };
}

/** Where the list goes besides stdout: --out (staged, moved into place with the plan), --out-per-worker. */
interface Outputs {
  writeList: (list: string | Uint8Array) => Promise<void>;
  filesPerWorker: (files: WorkerFile[]) => void;
}

/**
 * Stages the list (--out; moved into place with the plan) and its files per worker, prints it (--json or
 * text, with the column report of a new register), after the uncertain places are counted.
 */
async function finish(
  io: Io,
  plan: WeeklyPlan,
  view: PlanView,
  options: Record<string, string | true>,
  outputs: Outputs,
  saved: string,
  columns: ColumnReport[] = [],
  week: Record<string, number> = {},
): Promise<number> {
  const u = await plan.uncertainty();
  const dir = options['out-per-worker'];
  if (typeof dir === 'string') {
    const files = filesPerWorker(view.list, view.lines, u?.membership ?? view.list.membership);
    if (!files) {
      const why = `--out-per-worker ${dir}: the plan has no health workers (create it with --worker-column COL)`;
      return fail(io, [why], options.json === true);
    }
    outputs.filesPerWorker(files);
  }
  if (typeof options.out === 'string')
    await outputs.writeList(/\.xlsx$/i.test(options.out) ? callsXlsx(view, u) : callsCsv(view, u));
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
        }${typeof dir === 'string' ? `; one file per health worker in ${dir}` : ''}\n`,
    );
  }
  return 0;
}

function fail(io: Io, errors: string[], json: boolean): number {
  if (json) io.stdout.write(JSON.stringify({ error: { message: errors.join('\n'), errors } }) + '\n');
  else io.stderr.write(`allot plan: nothing was saved:\n${errors.map((e) => `  ${e}`).join('\n')}\n`);
  return 1;
}
