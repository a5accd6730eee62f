// The list's reward table r(arm, s) compiled once per distinct combination of the features it reads.
// A reward reads a few columns, and in a register of buckets those repeat a few hundred combinations
// over 10^6 mothers: compiling every arm (even with compileReward's own check for repeated rows) cost
// 100-190 ms of a list that should take a few times its indices. Apart from list-rules.ts because it
// is the one place that knows both the register's byte columns and the reward compiler's population.
import { compileReward, type CompileResult } from '../reward/compile-reward.ts';
import { parseReward } from '../reward/parse-reward.ts';
import { populationRows } from './feature-value.ts';
import type { Register } from './register.ts';
import { scratch } from './scratch.ts';

/** Beyond this many distinct combinations the reward is compiled on every arm. */
const MAX_DISTINCT = 65536;

/**
 * compileReward(reward, register) with the same table (numArms x numStates), compiled on the first arm of
 * each distinct combination of the byte columns it reads and copied to the others. A reward that fails,
 * or reads a column of doubles or more than three columns, is compiled on every arm (so that an error
 * names the arm where it happens, as before).
 */
export function registerRewards(register: Register, reward: string): RewardTable {
  const hit = kept.get(register.features);
  if (hit?.reward === reward && hit.numStates === register.numStates) return { ok: true, table: hit.table };
  const made = compiled(register, reward);
  if (made.ok) kept.set(register.features, { reward, numStates: register.numStates, table: made.table });
  return made;
}

/**
 * The last table of each register's features, for its next list (a replan, the next week on the same register):
 * read only, as ListRules.rewards always was; 16 MB of fresh pages at 10^6 cost more than compiling.
 */
const kept = new WeakMap<object, { reward: string; numStates: number; table: Float64Array }>();

function compiled(register: Register, reward: string): RewardTable {
  const { numArms: N, numStates: S, schema, features } = register;
  const whole = (): RewardTable => {
    const compiled = compileReward(reward, { numArms: N, numStates: S, schema, features });
    return compiled.ok ? { ok: true, table: compiled.table } : compiled;
  };
  const parsed = parseReward(reward, schema);
  if (!parsed.ok) return whole();
  const used = parsed.featuresUsed;
  const columns = used.map((f) => features.columns[f]);
  if (used.length > 3 || columns.some((c) => c instanceof Float64Array)) return whole();
  // her combination's code (up to 24 bits), numbered in order of first appearance (a yes/no column read as bits)
  const code = new Int32Array(N);
  for (const c of columns) {
    if (c instanceof Uint8Array) for (let arm = 0; arm < N; arm++) code[arm] = (code[arm] << 8) | c[arm];
    else if (!(c instanceof Float64Array))
      for (let arm = 0; arm < N; arm++) code[arm] = (code[arm] << 8) | ((c.bits[arm >> 3] >> (arm & 7)) & 1);
  }
  const number = scratch('reward-code', Int32Array, 1 << (8 * used.length));
  number.fill(-1);
  const first: number[] = [];
  for (let arm = 0; arm < N; arm++) {
    if (number[code[arm]] >= 0) continue;
    if (first.length >= MAX_DISTINCT) return whole();
    number[code[arm]] = first.push(arm) - 1;
  }
  const rowsOnly = compileReward(reward, populationRows(register, Int32Array.from(first), used));
  if (!rowsOnly.ok) return whole();
  const rows = rowsOnly.table,
    table = new Float64Array(N * S);
  for (let arm = 0; arm < N; arm++) {
    const from = number[code[arm]] * S;
    for (let s = 0; s < S; s++) table[arm * S + s] = rows[from + s];
  }
  return { ok: true, table };
}

/** The table, or the compiler's error. */
export type RewardTable = { ok: true; table: Float64Array } | Extract<CompileResult, { ok: false }>;
