// compileReward: a reward expression and a population -> the reward table r[arm, state], computed
// once per candidate with Python's semantics (see evaluate-node.ts), plus its diagnostics.
import { asTable, columnValues, valueAt, type AnyFeatures, type FeatureTable } from '../instance/feature-table.ts';
import type { FeatureSchema, Instance } from '../instance/types.ts';
import { EvalFault } from './compiled-node.ts';
import { compileNode } from './evaluate-node.ts';
import { normalizeReward } from './normalize-reward.ts';
import { parseReward } from './parse-reward.ts';
import { PyError } from './py-error.ts';
import { pyRepr } from './py-repr.ts';
import { intToFloat } from './python-int.ts';
import { rewardError, RewardFault, type RewardError } from './reward-error.ts';

/** What compileReward needs of an Instance or a register (features in either layout). */
export type RewardPopulation = Pick<Instance, 'numArms' | 'numStates' | 'schema'> & { features: AnyFeatures };

export interface RewardDiagnostics {
  /** Feature indices the expression reads, ascending. */
  featuresUsed: number[];
  /** For every arm, r(arm, s + 1) >= r(arm, s) for every state s. */
  increasingInState: boolean;
  /** How many arms have r(arm, s + 1) > r(arm, s) for every s. */
  strictlyIncreasingArms: number;
  /** Every entry of the table is >= 0. */
  nonnegative: boolean;
  /** [min, max] of the table ([0, 0] for an empty table). */
  range: [number, number];
  /** The canonical text, equal for expressions that differ only in spelling (see normalize-reward.ts). */
  normalized: string;
}

export type CompileResult =
  | {
      ok: true;
      /** numArms x numStates, row-major: table[arm * numStates + s]. */ table: Float64Array;
      diagnostics: RewardDiagnostics;
    }
  | { ok: false; error: RewardError };

/**
 * Parses `expression` against the population's schema and evaluates it for every arm and state.
 * Feature columns of type binary or integer are Python ints when all their values are safe
 * integers, otherwise (and for continuous columns) Python floats. `state` is the int 0..numStates-1.
 */
export function compileReward(expression: string, population: RewardPopulation): CompileResult {
  const parsed = parseReward(expression, population.schema);
  if (!parsed.ok) return parsed;
  const { numArms, numStates, schema } = population;
  const table = typedColumns(asTable(population.features, numArms, schema.columns.length), parsed.featuresUsed);
  const columnIsFloat = floatColumns(table, schema, parsed.featuresUsed);
  const { evaluate } = compileNode(parsed.ast, { columns: table.columns, columnIsFloat });
  const rewards = new Float64Array(numArms * numStates);
  // A reward depends on an arm only through the features it reads, and populations repeat few
  // combinations of them (one-hot groups): an arm whose used features equal, bit for bit, those of
  // an earlier arm copies that arm's row. Errors still surface at the first arm that has them.
  const repeats = new RepeatedRows(table, parsed.featuresUsed);
  let arm = 0,
    s = 0;
  try {
    for (arm = 0; arm < numArms; arm++) {
      const earlier = repeats.earlierArm(arm);
      if (earlier >= 0) {
        rewards.copyWithin(arm * numStates, earlier * numStates, (earlier + 1) * numStates);
        continue;
      }
      for (s = 0; s < numStates; s++) {
        const v = evaluate(arm, s);
        // Ints beyond 2**53 are bigints: float() them as Python would (correctly rounded).
        const x = typeof v === 'number' ? v : intToFloat(v);
        if (!Number.isFinite(x))
          throw new RewardFault(
            `the reward is not finite (${pyRepr(x)}) ${where(population, parsed.featuresUsed, arm, s)}`,
            parsed.ast.pos,
            'keep every intermediate value within about 1e308 and avoid inf - inf',
          );
        rewards[arm * numStates + s] = x;
      }
    }
  } catch (error) {
    const fault =
      error instanceof EvalFault
        ? evalFault(error.error, error.pos, population, parsed.featuresUsed, arm, s)
        : error instanceof PyError
          ? evalFault(error, parsed.ast.pos, population, parsed.featuresUsed, arm, s)
          : error instanceof RewardFault
            ? error
            : null;
    if (!fault) throw error;
    return { ok: false, error: rewardError(expression, fault) };
  }
  return {
    ok: true,
    table: rewards,
    diagnostics: {
      featuresUsed: parsed.featuresUsed,
      ...tableDiagnostics(rewards, numArms, numStates),
      normalized: normalizeReward(parsed.ast),
    },
  };
}

type TypedTable = { numArms: number; columns: (Uint8Array | Float64Array)[] };

/**
 * The table with the used columns as typed arrays (a yes/no column kept as bits, feature-table.ts, read as a byte
 * each: the plan's list compiles a reward on a few rows, reward-rows.ts, this on all only when that cannot).
 */
function typedColumns(table: FeatureTable, used: number[]): TypedTable {
  const none = new Uint8Array(0);
  const columns = table.columns.map((c, f) => (ArrayBuffer.isView(c) ? c : used.includes(f) ? columnValues(c) : none));
  return { numArms: table.numArms, columns };
}

/** Finds, for an arm, an earlier arm with bit-identical used features; gives up when rows rarely repeat. */
class RepeatedRows {
  /** Per used column: its values (a byte column) or the two 32-bit halves of each double. */
  private readonly bytes: Uint8Array[] = [];
  private readonly words: Int32Array[] = [];
  private readonly first = new Map<number, number>();
  private misses = 0;
  private active = true;

  constructor(table: TypedTable, used: number[]) {
    for (const i of used) {
      const c = table.columns[i];
      if (c instanceof Uint8Array) this.bytes.push(c);
      else this.words.push(new Int32Array(c.buffer, c.byteOffset, c.length * 2));
    }
  }

  /** An earlier arm with the same used features, or -1 (and this arm is remembered). */
  earlierArm(arm: number): number {
    if (!this.active) return -1;
    const { bytes, words } = this,
      lo = 2 * arm,
      hi = lo + 1;
    let h = 0;
    for (const c of bytes) h = Math.imul(h ^ c[arm], 0x9e3779b1);
    for (const w of words) h = Math.imul(h ^ w[lo], 0x9e3779b1) ^ Math.imul(w[hi], 0x85ebca6b);
    const earlier = this.first.get(h);
    if (earlier !== undefined) {
      const e = 2 * earlier;
      if (bytes.every((c) => c[arm] === c[earlier]) && words.every((w) => w[lo] === w[e] && w[hi] === w[e + 1]))
        return earlier;
    } else {
      this.first.set(h, arm);
    }
    if (++this.misses > 256 && this.misses * 4 > arm) this.active = false; // mostly distinct rows: hashing only costs
    return -1;
  }
}

/** Which used columns hold Python floats: continuous ones, and any holding a value that is not a safe integer. */
function floatColumns(table: TypedTable, schema: FeatureSchema, used: number[]): boolean[] {
  const isFloat = schema.columns.map((column) => column.type === 'continuous');
  for (const i of used) {
    const c = table.columns[i];
    if (isFloat[i] || c instanceof Uint8Array) continue; // a byte column holds whole numbers only
    for (let arm = 0; arm < table.numArms; arm++) {
      if (!Number.isSafeInteger(c[arm])) {
        isFloat[i] = true;
        break;
      }
    }
  }
  return isFloat;
}

const HINTS: Record<PyError['kind'], string> = {
  ZeroDivisionError: 'guard the divisor, e.g. x / (y + 1) or (x / y if y else 0)',
  OverflowError: 'keep every value within about 1e308',
  LimitError: 'use smaller numbers and exponents',
  ValueError: 'a negative number to a fractional power, or NaN turned into an int, has no real value',
  TypeError: 'use an integer here',
};

function evalFault(
  error: PyError,
  pos: number,
  population: RewardPopulation,
  used: number[],
  arm: number,
  s: number,
): RewardFault {
  return new RewardFault(`${error.kind}: ${error.message} ${where(population, used, arm, s)}`, pos, HINTS[error.kind]);
}

/**
 * "for arm 12 in state 1 (agent_feats[3] Age (years) = 0, ...)": which input failed, with the features it reads as the
 * user named them.
 */
function where({ schema, features, numArms }: RewardPopulation, used: number[], arm: number, s: number): string {
  const table = asTable(features, numArms, schema.columns.length);
  const shown = used
    .slice(0, 6)
    .map(
      (i) =>
        `agent_feats[${i}] ${schema.columns[i].label || schema.columns[i].name} = ${valueAt(table.columns[i], arm)}`,
    );
  if (used.length > 6) shown.push('...');
  return `for arm ${arm} in state ${s}${shown.length ? ` (${shown.join(', ')})` : ''}`;
}

/** Monotonicity in state, sign and range of a reward table (numArms x numStates, row-major). */
export function tableDiagnostics(
  table: Float64Array,
  numArms: number,
  numStates: number,
): Pick<RewardDiagnostics, 'increasingInState' | 'strictlyIncreasingArms' | 'nonnegative' | 'range'> {
  let increasingInState = true,
    strictlyIncreasingArms = 0,
    min = Infinity,
    max = -Infinity;
  for (let arm = 0; arm < numArms; arm++) {
    let strict = true;
    for (let s = 0; s < numStates; s++) {
      const v = table[arm * numStates + s];
      if (v < min) min = v;
      if (v > max) max = v;
      if (s > 0) {
        const prev = table[arm * numStates + s - 1];
        if (v < prev) increasingInState = false;
        if (!(v > prev)) strict = false;
      }
    }
    if (strict) strictlyIncreasingArms++;
  }
  if (table.length === 0) min = max = 0;
  return { increasingInState, strictlyIncreasingArms, nonnegative: min >= 0, range: [min, max] };
}
