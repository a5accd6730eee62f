// Health workers in a plan's weeks (worker-rules.ts, capacity-top-b.ts put to work): the register's
// column that names each mother's worker, the capacities (one number, or per worker from a CSV) and
// the minimum per worker, kept in the settings; compiled into the week's WorkerRules once per
// register. The column is a carried column of her file (not a feature: a name per mother, as `allot plan
// --worker-column` reads it; 2,000 workers or more), a text column (a group with a bucket per worker: read
// with its values kept, never merged into "other") or a number column (a worker's number as her name).
import { groupBuckets } from '../measures/group-buckets.ts';
import { unpackIds } from './packed-ids.ts';
import { valueAt } from '../instance/feature-table.ts';
import type { Register } from './register.ts';
import { workerRules, type WorkerRulesResult } from './worker-rules.ts';

/** The plan's workers: the column, capacities and minima (one number for all, or per worker name). */
export interface WorkerSetting {
  column: string;
  capacity: number | Record<string, number>;
  minimum: number | Record<string, number>;
}

/** The most calls a capacity may name (a whole number; beyond it is no cap at all). */
export const MAX_CAPACITY = 1_000_000;

const names = new WeakMap<Register, Map<string, string[]>>();

/**
 * Each mother's worker as the register writes it ('' for none), by the column's header, its group or its feature name.
 */
export function workerNames(register: Register, column: string): string[] {
  let byColumn = names.get(register);
  if (!byColumn) names.set(register, (byColumn = new Map()));
  const hit = byColumn.get(column);
  if (hit) return hit;
  const { schema, features, numArms: N } = register;
  let out: string[];
  // A carried column (how allot plan reads --worker-column): her worker's name as written, any number of workers.
  const carried = register.carry?.find((c) => c.name === column);
  if (carried) {
    const names = unpackIds(carried.values).map((x) => x.trim());
    byColumn.set(column, names);
    return names;
  }
  const g = schema.groups.findIndex((x) => x.text?.column === column || x.text?.name === column || x.name === column);
  if (g >= 0) {
    const group = schema.groups[g],
      bucket = groupBuckets(schema, features, N)[g];
    const merged = group.text?.merged;
    if (merged?.length) {
      throw new WorkerColumnError(
        `the worker column "${column}" has ${merged.length} workers merged into "other" (too many workers for a ` +
          `text group): give each worker a number in the register instead`,
      );
    }
    const label = group.buckets.map((b, k) => (group.text ? (group.text.values[k] ?? b) : b));
    out = Array.from({ length: N }, (_, arm) => (bucket[arm] >= 0 ? label[bucket[arm]] : ''));
  } else {
    const c = schema.columns.findIndex((x) => x.name === column || x.label === column);
    if (c < 0) {
      const known = [
        ...schema.groups.map((x) => x.text?.column ?? x.name),
        ...schema.columns.filter((x) => x.group === null).map((x) => x.name),
        ...(register.carry ?? []).map((x) => x.name),
      ];
      throw new WorkerColumnError(
        `the register has no column "${column}" to name each mother's worker; its columns are ` +
          `${known.map((x) => `"${x}"`).join(', ') || '(none)'}`,
      );
    }
    const values = features.columns[c];
    out = Array.from({ length: N }, (_, arm) => {
      const v = valueAt(values, arm);
      return Number.isFinite(v) ? String(v) : '';
    });
  }
  byColumn.set(column, out);
  return out;
}

/** A worker column that cannot name the workers (listRules turns it into a PlanError). */
export class WorkerColumnError extends Error {
  override name = 'WorkerColumnError';
}

/** The week's worker rules from the setting, with the warnings in words, or what is wrong. */
export function planWorkerRules(register: Register, setting: WorkerSetting): WorkerRulesResult {
  const map = (v: number | Record<string, number>) => (typeof v === 'number' ? v : new Map(Object.entries(v)));
  let column: string[];
  try {
    column = workerNames(register, setting.column);
  } catch (error) {
    if (error instanceof WorkerColumnError) return { ok: false, errors: [error.message] };
    throw error;
  }
  return workerRules(column, map(setting.capacity), map(setting.minimum));
}

/** Per worker: her calls in the list, her capacity, whether it binds (one more call would give a better list). */
export interface WorkerCalls {
  worker: string;
  calls: number;
  capacity: number;
  minimum: number;
  binding: boolean;
}

/** Workers named in the sentence on binding capacities (the JSON and the CSV have them all). */
const SHOWN = 5;

/**
 * How the calls spread over the workers (fewest, median and most calls per worker) and which capacities bind,
 * in words: "12 of 40 health workers are at their capacity, which holds the list back: Asha C (40 of 40), ...".
 */
export function workerSentences(workers: WorkerCalls[], total: number): string[] {
  if (workers.length === 0) return [];
  const W = workers.length,
    busy = workers.filter((w) => w.calls > 0).length,
    binding = workers.filter((w) => w.binding);
  const counts = Int32Array.from(workers, (w) => w.calls).sort();
  const mid = W >> 1,
    median = W % 2 ? counts[mid] : (counts[mid - 1] + counts[mid]) / 2;
  const n = (x: number) => x.toLocaleString('en-US');
  const of = `of ${n(W)} health worker${W === 1 ? '' : 's'}`;
  const out = [
    `${n(total)} calls over ${n(busy)} ${of}: ${n(counts[0])} to ${n(counts[W - 1])} calls each, median ${n(median)}`,
  ];
  if (binding.length === 0) {
    out.push("no health worker's capacity holds the list back");
    return out;
  }
  const shown = binding
    .slice(0, SHOWN)
    .map((w) => `${w.worker} (${n(w.calls)} of ${n(w.capacity)})`)
    .join(', ');
  const more = binding.length > SHOWN ? `, and ${n(binding.length - SHOWN)} more` : '';
  const are = binding.length === 1 ? 'is at her capacity' : 'are at their capacity';
  out.push(`${n(binding.length)} ${of} ${are}, which holds the list back: ${shown}${more}`);
  return out;
}
