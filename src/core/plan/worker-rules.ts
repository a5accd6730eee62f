// Health workers and their capacities: each beneficiary belongs to one worker (a health worker, a
// call-centre agent, any owner: CHT, CommCare and DHIS2 all assign each case to one), and each worker
// makes at most her capacity of calls a week (a small CSV of worker, capacity, or one number for all),
// optionally at least a minimum. Columnar: a worker number per beneficiary, one entry per worker.
// capacity-top-b.ts makes the list under these rules.
import { IdIndex } from '../datasets/id-index.ts';

/** The workers of a register and their weekly rules. */
export interface WorkerRules {
  /** numArms: her worker, 0..W-1, or -1 when the register names none (only the budget applies to her). */
  worker: Int32Array;
  /** W worker names as the register writes them, in order of first appearance. */
  names: string[];
  /** W: the most calls of each worker in a week (Infinity: no cap). */
  capacity: Float64Array;
  /** W: the fewest calls of each worker in a week (0: none). */
  minimum: Float64Array;
}

/** Capacities: one number for every worker, or per worker name (a worker missing from the map is an error). */
export type CapacitySetting = number | ReadonlyMap<string, number>;

export type WorkerRulesResult = { ok: true; rules: WorkerRules; warnings: string[] } | { ok: false; errors: string[] };

/**
 * The rules from the register's worker column (one name per beneficiary; blank: no worker), the
 * capacities and the minimum per worker (one number, or per name; missing names take 0).
 */
export function workerRules(
  column: ArrayLike<string>,
  capacity: CapacitySetting,
  minimum: CapacitySetting = 0,
): WorkerRulesResult {
  const { worker, number, names, blank } = numbered(column);
  const errors: string[] = [];
  const warnings: string[] = [];
  const read = (setting: CapacitySetting, what: string, missing: number | null): Float64Array => {
    const out = new Float64Array(names.length);
    if (typeof setting === 'number') {
      if (!isCount(setting)) errors.push(`the ${what} must be a whole number of calls >= 0, not ${setting}`);
      return out.fill(setting);
    }
    const absent: string[] = [];
    names.forEach((name, w) => {
      const v = setting.get(name);
      if (v === undefined) {
        if (missing === null) absent.push(name);
        out[w] = missing ?? 0;
      } else if (!isCount(v)) {
        errors.push(`the ${what} of worker "${name}" must be a whole number of calls >= 0, not ${v}`);
      } else out[w] = v;
    });
    const one = (n: number, singular: string, plural: string) => (n === 1 ? singular : plural);
    if (absent.length) {
      const n = absent.length;
      const have = one(n, 'has', 'have');
      errors.push(`${n} worker${one(n, '', 's')} of the register ${have} no ${what}: ${quoted(absent)}`);
    }
    const unknown = [...setting.keys()].filter((name) => !number.has(name));
    if (unknown.length) {
      const n = unknown.length;
      warnings.push(
        `${n} worker${one(n, '', 's')} with a ${what} ${one(n, 'is', 'are')} not in the register ` +
          `and ${one(n, 'was', 'were')} ignored: ${quoted(unknown)}`,
      );
    }
    return out;
  };
  const cap = read(capacity, 'capacity', null);
  const min = read(minimum, 'minimum', 0);
  names.forEach((name, w) => {
    if (min[w] > cap[w]) {
      errors.push(`worker "${name}": the minimum of ${min[w]} calls is above her capacity of ${cap[w]}`);
    }
  });
  if (errors.length) return { ok: false, errors };
  if (blank) {
    const one = blank === 1;
    const who = one ? 'y has' : 'ies have',
      whose = one ? 'her' : 'their';
    warnings.push(`${blank} beneficiar${who} no worker: only the budget limits ${whose} calls`);
  }
  return { ok: true, rules: { worker, names, capacity: cap, minimum: min }, warnings };
}

interface Numbered {
  worker: Int32Array;
  number: Map<string, number>;
  names: string[];
  blank: number;
}
const numberings = new WeakMap<object, Numbered>();
/**
 * Each mother's worker number, in order of first appearance; kept per column array (a plan's column is read once,
 * plan-workers.ts) for the next list: 10^6 names cost tens of ms. Read only.
 */
function numbered(column: ArrayLike<string>): Numbered {
  const hit = numberings.get(column);
  if (hit) return hit;
  const N = column.length;
  const worker = new Int32Array(N);
  const names: string[] = [];
  let blank = 0;
  // numbered by the ids' table (their own hashes): V8 hashing each of 10^6 fresh strings for a Map cost the app's
  // worker a second of its list
  const index = new IdIndex();
  for (let arm = 0; arm < N; arm++) {
    const name = column[arm].trim();
    if (name === '') {
      worker[arm] = -1;
      blank++;
      continue;
    }
    const w = index.addText(name);
    if (w >= 0) names.push(name);
    worker[arm] = w >= 0 ? w : -w - 1;
  }
  const number = new Map(names.map((name, w) => [name, w]));
  const out = { worker, number, names, blank };
  if (typeof column === 'object') numberings.set(column, out);
  return out;
}

function isCount(v: number): boolean {
  return v === Infinity || (Number.isInteger(v) && v >= 0);
}

function quoted(names: string[]): string {
  return `${names
    .slice(0, 5)
    .map((x) => `"${x}"`)
    .join(', ')}${names.length > 5 ? ', ...' : ''}`;
}

/**
 * The rules left for one list once other calls of the week are made (the holdout's, holdout.ts): each
 * worker's capacity and minimum less her calls among `arms`, never below 0.
 */
export function afterCalls(rules: WorkerRules, arms: Int32Array): WorkerRules {
  const made = new Float64Array(rules.names.length);
  for (const arm of arms) if (rules.worker[arm] >= 0) made[rules.worker[arm]]++;
  return {
    ...rules,
    capacity: Float64Array.from(rules.capacity, (c, w) => Math.max(0, c - made[w])),
    minimum: Float64Array.from(rules.minimum, (m, w) => Math.max(0, m - made[w])),
  };
}

/**
 * The holdout's share of each worker's capacity from the counts per worker (holdout-counts.ts): her capacity times
 * the share of her mothers who may be called this week (`all`) that are held out (`held`), rounded; so that both arms
 * of one worker are called at one rate when her capacity binds (the plan's list gets what the holdout's calls leave,
 * afterCalls).
 */
export function roomLeft(capacity: Float64Array, all: Int32Array, held: Int32Array): Float64Array {
  return Float64Array.from(capacity, (c, w) =>
    c === Infinity ? Infinity : all[w] ? Math.round((c * held[w]) / all[w]) : 0,
  );
}
