// The flags of how a program runs, for `allot plan` when a plan is created: --holdout SHARE with its
// rule (random, default, or the program's present practice as a list of ids: --holdout-rule FILE.csv,
// given again each week with --outcomes) and weeks; --worker-column with --capacity N|FILE.csv and
// --min-per-worker K; --min-share and --max-share. The Plan screen's form makes the same settings
// (state/plan/program-form.ts).
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { parseCapacityCsv } from '../core/datasets/capacity-csv.ts';
import { parseIdList } from '../core/datasets/outcomes-csv.ts';
import { RANGES } from '../core/limits/setting-ranges.ts';
import { HOLDOUT_WEEKS, type HoldoutSetting } from '../core/plan/holdout-plan.ts';
import { PLAN_DEFAULTS, type ShareSetting } from '../core/plan/plan-settings.ts';
import type { WorkerSetting } from '../core/plan/plan-workers.ts';
import { UsageError } from './args.ts';
import { choiceOption, numberOption, optionalNumber } from './number-option.ts';
import { readTextFile } from './read-text-file.ts';

/** --holdout SHARE (0: none) with its rule and weeks; the split's seed is the plan's seed, kept with the holdout. */
export async function holdoutOption(
  options: Record<string, string | true>,
  seed: number,
): Promise<HoldoutSetting | undefined> {
  const share = numberOption(options, 'holdout', RANGES.holdoutShare, PLAN_DEFAULTS.holdoutShare);
  const given = typeof options['holdout-rule'] === 'string' && !['random', 'default'].includes(options['holdout-rule']);
  const rule = given
    ? 'given'
    : choiceOption(options, 'holdout-rule', ['random', 'default'] as const, PLAN_DEFAULTS.holdoutRule);
  const weeks = numberOption(options, 'holdout-weeks', RANGES.holdoutWeeks, HOLDOUT_WEEKS);
  if (share === 0) {
    const extra = ['holdout-rule', 'holdout-weeks'].filter((n) => options[n] !== undefined);
    if (extra.length) throw new UsageError(`${extra.map((n) => `--${n}`).join(', ')} applies with --holdout SHARE`);
    return undefined;
  }
  return { share, rule, seed, weeks, ...(given && { list: await practiceOption(options) }) };
}

/** --holdout-rule FILE.csv: the program's present practice, its calls this week (an id column, or an id a line). */
export async function practiceOption(
  options: Record<string, string | true>,
): Promise<{ fileName: string; ids: string[] }> {
  const fileName = options['holdout-rule'] as string;
  if (!existsSync(fileName)) {
    throw new UsageError(
      `--holdout-rule must be random, default or FILE.csv (the program's calls this week: ids); there is no file ` +
        `"${fileName}"`,
    );
  }
  return { fileName: basename(fileName), ids: parseIdList(await readTextFile(fileName), fileName) };
}

/** --worker-column COL with --capacity N|FILE.csv and --min-per-worker K (plan-workers.ts). */
export async function workersOption(options: Record<string, string | true>): Promise<WorkerSetting | undefined> {
  const column = options['worker-column'],
    capacity = options.capacity;
  const min = optionalNumber(options, 'min-per-worker', RANGES.capacity);
  if (typeof column !== 'string') {
    const extra = ['capacity', 'min-per-worker'].filter((n) => options[n] !== undefined);
    if (extra.length) throw new UsageError(`${extra.map((n) => `--${n}`).join(', ')} applies with --worker-column COL`);
    return undefined;
  }
  if (typeof capacity !== 'string')
    throw new UsageError(
      '--worker-column needs --capacity N (calls a week for every worker) or --capacity FILE.csv (worker, capacity)',
    );
  if (/^\d+$/.test(capacity.trim())) {
    const n = numberOption(options, 'capacity', RANGES.capacity);
    return { column, capacity: n, minimum: min ?? PLAN_DEFAULTS.minPerWorker };
  }
  const parsed = parseCapacityCsv(await readTextFile(capacity), capacity);
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  if (parsed.minimum && min !== undefined)
    throw new UsageError(`${capacity} has a minimum column: leave out --min-per-worker, or the column`);
  return {
    column,
    capacity: Object.fromEntries(parsed.capacity),
    minimum: parsed.minimum ? Object.fromEntries(parsed.minimum) : (min ?? PLAN_DEFAULTS.minPerWorker),
  };
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
