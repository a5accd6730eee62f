// The simulation's inputs, the raw partial sums one engine returns for a range of trials, and their
// exact merge into an Occupancy. Every accumulator holds integers (counts, or discounted occupancy in
// fixed point) in f64 below 2^53, so partial sums add up to the same bits whatever the split; the
// per-trial floats are summed in trial order. Pure: shared by the engine, the browser pool and the
// Node thread pool.
import type { CellArray, Occupancy, TallyCells } from '../core/instance/occupancy.ts';
import { checkGroups, emptyRange } from './group-bounds.ts';

export type PolicyName = 'whittle' | 'random' | 'none';
export type TieRule = 'random' | 'lowest-id';
export const POLICY_CODES: Record<PolicyName, number> = { none: 0, whittle: 1, random: 2 };

/**
 * One simulation (layouts row-major):
 *   transitions: numArms x numStates x 2 x numStates, P(next | state, action)
 *   rewards:     numArms x numStates, r[arm, state], any sign
 *   initial:     numArms x numStates, the initial-state distribution of each arm
 *   indices:     numArms x numStates, the Whittle index table when already computed (else the engine computes it)
 */
export interface SimulationInput {
  numArms: number;
  numStates: number;
  transitions: Float64Array;
  rewards: Float64Array;
  initial: Float64Array;
  discount: number;
  budget: number;
  horizon: number;
  trials: number;
  seed: number;
  policy: PolicyName;
  ties: TieRule;
  indices?: Float64Array;
  /** Also return per-trial occupancy (trials x arms x states, twice: big). */
  perTrial?: boolean;
  /** Also return per-step series (pulls and engaged arms per step). */
  perStep?: boolean;
  /** Also return, per trial, the pulls and engaged steps of groups of arms (see trial-tally.ts). */
  tally?: TallyCells;
  /**
   * Per-group bounds on the Whittle policy's calls at every step (the constrained top-B of
   * src/core/plan/constrained-top-b.ts); absent: the plain top-B. ofArm: numArms group ids (-1: none);
   * min, max: calls per step for each group.
   */
  groups?: GroupBoundsInput;
}

export interface GroupBoundsInput {
  ofArm: Int32Array;
  min: Int32Array;
  max: Int32Array;
}

/** Sums of trials [trialStart, trialEnd) (layouts in assembly/simulate.ts). */
export interface SimulationPart {
  trialStart: number;
  trialEnd: number;
  /** numArms x (numStates - 1), states 1..S-1: fixed-point discounted steps, and steps spent in the state. */
  occDisc: Float64Array;
  occSteps: Uint32Array;
  /** numArms: steps pulled, and trials with a pull (counts: 32 bits, as in the kernel). */
  pulls: Uint32Array;
  pulledTrials: Uint32Array;
  /** (trialEnd - trialStart) x 4: reward, discounted reward, engaged, pulled id sum. */
  perTrial: Float64Array;
  /** horizon x 2: arms pulled, arms in the top state; when asked. */
  perStep?: Float64Array;
  /** (trialEnd - trialStart) x 2 x numArms x numStates; when asked. */
  perTrialOcc?: Float64Array;
  /** (trialEnd - trialStart) x numCells x 2 (pulls, engaged steps); when a tally is asked. */
  tally?: Float64Array;
  /** Sum over trials and steps of round(beta^t * fixedScale). */
  discTotal: number;
  /** With groups: horizon x G x 2, the fewest and the most calls group g got at step t over the trials. */
  groupCallsRange?: Float64Array;
}

/** What a simulation returns: the Occupancy plus the reward totals under its own reward table. */
export interface SimulationResult extends Occupancy {
  /** Mean over trials of the undiscounted / discounted total reward (summed in trial order). */
  rewardMean: number;
  discRewardMean: number;
  rewardPerTrial: Float64Array;
  discRewardPerTrial: Float64Array;
}

/**
 * The fixed-point scale of discounted occupancy: a power of two such that trials * horizon terms of
 * at most fixedScale stay below 2^52, so every partial sum is an exact integer in f64.
 */
export function fixedScale(trials: number, horizon: number): number {
  return 2 ** (52 - Math.ceil(Math.log2(Math.max(1, trials * horizon))));
}

/** Splits [0, trials) into at most `parts` contiguous, non-empty ranges of near-equal size. */
export function splitRange(total: number, parts: number): [number, number][] {
  const n = Math.max(1, Math.min(parts, total));
  const out: [number, number][] = [];
  for (let p = 0; p < n; p++) {
    const start = Math.floor((total * p) / n), end = Math.floor((total * (p + 1)) / n);
    if (end > start) out.push([start, end]);
  }
  return out;
}

/**
 * A simulation without its per-arm arrays, which come in ArmChunks: a large input crosses to a worker
 * a piece at a time, so that no whole copy of it is ever in transit (at 3 x 10^6 arms, 340 MB each).
 */
export type SimulationShape = Omit<SimulationInput, 'transitions' | 'rewards' | 'initial' | 'indices' | 'tally' | 'groups'> & {
  /** The chunks carry rows of the index table (computed beforehand, as for S-state arms). */
  indexed: boolean;
  tally?: Omit<TallyCells, 'cells'>;
  groups?: Omit<GroupBoundsInput, 'ofArm'>;
};

/** Arms [start, end) of a simulation: the rows of every per-arm array (tally cells: groupings x arms). */
export interface ArmChunk {
  start: number;
  end: number;
  transitions: Float64Array;
  rewards: Float64Array;
  initial: Float64Array;
  indices?: Float64Array;
  tallyCells?: CellArray;
  ofArm?: Int32Array;
}

export function shapeOf({ transitions, rewards, initial, indices, tally, groups, ...scalars }: SimulationInput): SimulationShape {
  return {
    ...scalars,
    indexed: indices !== undefined,
    ...(tally && { tally: { groupings: tally.groupings, numCells: tally.numCells } }),
    ...(groups && { groups: { min: groups.min, max: groups.max } }),
  };
}

/** The rows of arms [start, end) of `input`: views into its arrays (a part of the tally cells is gathered). */
export function armChunk(input: SimulationInput, start: number, end: number): ArmChunk {
  const S = input.numStates, N = input.numArms, n = end - start;
  const rows = <A extends Float64Array | Int32Array>(a: A, width: number) => a.subarray(start * width, end * width) as A;
  const chunk: ArmChunk = { start, end, transitions: rows(input.transitions, S * 2 * S), rewards: rows(input.rewards, S), initial: rows(input.initial, S) };
  if (input.indices) chunk.indices = rows(input.indices, S);
  if (input.groups) chunk.ofArm = rows(input.groups.ofArm, 1);
  if (input.tally) {
    const { cells, groupings } = input.tally;
    if (n === N) chunk.tallyCells = cells;
    else {
      // grouping-major: the rows of each grouping, one after the other
      chunk.tallyCells = new (cells.constructor as new (length: number) => CellArray)(groupings * n);
      for (let g = 0; g < groupings; g++) chunk.tallyCells.set(cells.subarray(g * N + start, g * N + end), g * n);
    }
  }
  return chunk;
}

/**
 * The rows of arms [start, end) of `input` in arrays of their own (to be transferred): in the buffers
 * of `reuse`, an earlier chunk sent back, where they are large enough, else in new ones.
 */
export function copyArmChunk(input: SimulationInput, start: number, end: number, reuse?: ArmChunk): ArmChunk {
  const rows = armChunk(input, start, end);
  const chunk: ArmChunk = { start, end, transitions: copyInto(rows.transitions, reuse?.transitions), rewards: copyInto(rows.rewards, reuse?.rewards), initial: copyInto(rows.initial, reuse?.initial) };
  if (rows.indices) chunk.indices = copyInto(rows.indices, reuse?.indices);
  if (rows.ofArm) chunk.ofArm = copyInto(rows.ofArm, reuse?.ofArm);
  if (rows.tallyCells) chunk.tallyCells = copyInto(rows.tallyCells, reuse?.tallyCells);
  return chunk;
}

/** A copy of `from` in the buffer of `old` when it is large enough (a buffer sent back to be refilled), else in a new one. */
export function copyInto<A extends Float64Array | Int32Array | CellArray>(from: A, old?: ArrayBufferView): A {
  const buffer = old && old.buffer.byteLength >= from.byteLength ? old.buffer : new ArrayBuffer(from.byteLength);
  const to = new (from.constructor as new (buffer: ArrayBufferLike, offset: number, length: number) => A)(buffer, 0, from.length);
  to.set(from as Float64Array & Int32Array & Int8Array & Int16Array);
  return to;
}

const failWith = (message: string): never => {
  throw new RangeError(`simulate: ${message}`);
};

/** Checks shapes and values once, before anything is computed; throws a RangeError naming the problem. */
export function validateSimulationInput(input: SimulationInput): void {
  const shape = shapeOf(input);
  validateShape(shape);
  validateChunk(shape, armChunk(input, 0, input.numArms));
  if (input.groups) checkGroups(input, failWith);
}

/** The checks of everything but the per-arm arrays. */
export function validateShape(shape: SimulationShape): void {
  const { numArms: N, numStates: S } = shape;
  const fail = failWith;
  if (!Number.isInteger(N) || N < 1) fail(`numArms must be a positive integer, got ${N}`);
  if (!Number.isInteger(S) || S < 2 || S > 255) fail(`numStates must be an integer in [2, 255], got ${S}`);
  if (!(shape.discount >= 0 && shape.discount < 1)) fail(`discount must be in [0, 1), got ${shape.discount}`);
  if (!Number.isInteger(shape.budget) || shape.budget < 0) fail(`budget must be a non-negative integer, got ${shape.budget}`);
  if (!Number.isInteger(shape.horizon) || shape.horizon < 1) fail(`horizon must be a positive integer, got ${shape.horizon}`);
  if (!Number.isInteger(shape.trials) || shape.trials < 1) fail(`trials must be a positive integer, got ${shape.trials}`);
  if (shape.trials * shape.horizon >= 2 ** 31) fail(`trials x horizon must stay below 2^31, got ${shape.trials * shape.horizon}`);
  if (!Number.isInteger(shape.seed) || shape.seed < 0 || shape.seed >= 2 ** 32) fail(`seed must be an integer in [0, 2^32), got ${shape.seed}`);
  if (!Object.hasOwn(POLICY_CODES, shape.policy)) fail(`policy must be whittle, random or none, got ${shape.policy}`);
  if (shape.ties !== 'random' && shape.ties !== 'lowest-id') fail(`ties must be random or lowest-id, got ${shape.ties}`);
  if (shape.tally && !(Number.isInteger(shape.tally.numCells) && shape.tally.numCells >= 1)) fail(`tally: numCells must be a positive integer, got ${shape.tally.numCells}`);
}

/** The checks of one chunk's rows (arms numbered as in the whole input). */
export function validateChunk(shape: SimulationShape, chunk: ArmChunk): void {
  const { numArms: N, numStates: S } = shape;
  const { start, end } = chunk, n = end - start;
  const fail = failWith;
  const whole = start === 0 && end === N;
  const count = (what: string, length: number, width: number, per: string) => {
    if (length !== n * width) fail(`${what} must have ${whole ? 'numArms' : `arms ${start}..${end - 1}`} x ${per} = ${n * width} values, got ${length}`);
  };
  if (!(Number.isInteger(start) && Number.isInteger(end) && 0 <= start && start < end && end <= N)) fail(`a chunk of arms ${start}..${end - 1} is not within 0..${N - 1}`);
  count('transitions', chunk.transitions.length, S * 2 * S, 'S x 2 x S');
  count('rewards', chunk.rewards.length, S, 'S');
  count('initial', chunk.initial.length, S, 'S');
  if (shape.indexed !== (chunk.indices !== undefined)) fail(shape.indexed ? `indices are missing for arms ${start}..${end - 1}` : 'indices came with a chunk of a simulation without them');
  if (chunk.indices) count('indices', chunk.indices.length, S, 'S');
  checkDistributions(chunk.transitions, S, 'transitions', (row) => {
    const arm = start + Math.floor(row / (2 * S)), state = Math.floor(row / 2) % S;
    return `arm ${arm}, state ${state}, action ${row % 2}`;
  }, fail);
  checkDistributions(chunk.initial, S, 'initial', (row) => `arm ${start + row}`, fail);
  for (let k = 0; k < chunk.rewards.length; k++) {
    if (!Number.isFinite(chunk.rewards[k])) fail(`rewards: arm ${start + Math.floor(k / S)}, state ${k % S} is ${chunk.rewards[k]}, not a finite number`);
  }
  if (shape.tally) {
    const { groupings, numCells } = shape.tally;
    const cells = chunk.tallyCells;
    if (!cells) fail(`tally: the cells of arms ${start}..${end - 1} are missing`);
    if (cells!.length !== groupings * n) fail(`tally: cells must have groupings x ${whole ? 'numArms' : 'arms'} = ${groupings * n} values, got ${cells!.length}`);
    for (let k = 0; k < cells!.length; k++) {
      if (!(cells![k] >= -1 && cells![k] < numCells)) fail(`tally: arm ${start + (k % n)} of grouping ${Math.floor(k / n)} has cell ${cells![k]}, outside -1..${numCells - 1}`);
    }
  }
  if (shape.groups && chunk.ofArm?.length !== n) fail(`groups: ${chunk.ofArm?.length ?? 0} group ids for ${n} arms`);
  if (chunk.indices) {
    for (let k = 0; k < chunk.indices.length; k++) {
      if (Number.isNaN(chunk.indices[k])) fail(`indices: arm ${start + Math.floor(k / S)}, state ${k % S} is NaN`);
    }
  }
}

/** Rows of S probabilities in [0, 1] summing to 1 within 1e-9. */
function checkDistributions(values: Float64Array, S: number, what: string, where: (row: number) => string, fail: (m: string) => never): void {
  for (let row = 0; row < values.length / S; row++) {
    let sum = 0;
    for (let j = 0; j < S; j++) {
      const p = values[row * S + j];
      if (!(p >= 0 && p <= 1)) fail(`${what}: ${where(row)}, next state ${j}: ${p} is not a probability in [0, 1]`);
      sum += p;
    }
    if (Math.abs(sum - 1) > 1e-9) fail(`${what}: ${where(row)}: the probabilities sum to ${sum}, not 1`);
  }
}

/** Merges parts that tile [0, trials) (any order, any split) into the result; the same bits for every split. */
export function mergeParts(input: SimulationInput, parts: SimulationPart[]): SimulationResult {
  const { numArms: N, numStates: S, trials: K, horizon: T } = input;
  const sorted = [...parts].sort((a, b) => a.trialStart - b.trialStart);
  let next = 0;
  for (const p of sorted) {
    if (p.trialStart !== next) throw new Error(`mergeParts: trials ${next}..${p.trialStart - 1} are missing or overlap`);
    next = p.trialEnd;
  }
  if (next !== K) throw new Error(`mergeParts: the parts cover ${next} of ${K} trials`);
  const scale = fixedScale(K, T);
  const perStep = input.perStep ? new Float64Array(T * 2) : undefined;
  const G = input.groups?.min.length ?? 0;
  const groupCallsRange = input.groups ? emptyRange(T * G) : undefined;
  let discTotal = 0;
  for (const p of sorted) {
    if (perStep && p.perStep) add(perStep, p.perStep);
    if (groupCallsRange && p.groupCallsRange) {
      for (let j = 0; j < groupCallsRange.length; j += 2) {
        groupCallsRange[j] = Math.min(groupCallsRange[j], p.groupCallsRange[j]);
        groupCallsRange[j + 1] = Math.max(groupCallsRange[j + 1], p.groupCallsRange[j + 1]);
      }
    }
    discTotal += p.discTotal;
  }
  // Per-arm sums straight into the result (no arrays of sums: at 3 x 10^6 arms they would be 96 MB);
  // the sums are integers, exact in any order.
  const [occDisc, occSteps, pulled, pulledTrials] = (['occDisc', 'occSteps', 'pulls', 'pulledTrials'] as const).map((key) => sorted.map((p) => p[key]));
  const sum = (arrays: ArrayLike<number>[], k: number) => {
    let total = 0;
    for (const a of arrays) total += a[k];
    return total;
  };
  const discounted = new Float64Array(N * S), undiscounted = new Float64Array(N * S);
  const pulls = new Float64Array(N), pulledAtLeastOnce = new Float64Array(N);
  for (let i = 0; i < N; i++) {
    let d0 = discTotal, u0 = K * T;
    for (let s = 1; s < S; s++) {
      const d = sum(occDisc, i * (S - 1) + s - 1), u = sum(occSteps, i * (S - 1) + s - 1);
      d0 -= d;
      u0 -= u;
      discounted[i * S + s] = d / scale / K;
      undiscounted[i * S + s] = u / K;
    }
    discounted[i * S] = d0 / scale / K;
    undiscounted[i * S] = u0 / K;
    pulls[i] = sum(pulled, i) / K;
    pulledAtLeastOnce[i] = sum(pulledTrials, i) / K;
  }
  const rewardPerTrial = new Float64Array(K), discRewardPerTrial = new Float64Array(K), engagedPerTrial = new Float64Array(K);
  let reward = 0, discReward = 0, engagedSum = 0, pulledIdSum = 0;
  for (const p of sorted) {
    for (let k = p.trialStart; k < p.trialEnd; k++) {
      const row = (k - p.trialStart) * 4;
      rewardPerTrial[k] = p.perTrial[row];
      discRewardPerTrial[k] = p.perTrial[row + 1];
      engagedPerTrial[k] = p.perTrial[row + 2];
      reward += p.perTrial[row];
      discReward += p.perTrial[row + 1];
      engagedSum += p.perTrial[row + 2];
      pulledIdSum += p.perTrial[row + 3];
    }
  }
  const result: SimulationResult = {
    numArms: N,
    numStates: S,
    numTrials: K,
    horizon: T,
    discount: input.discount,
    discounted,
    undiscounted,
    pulls,
    pulledAtLeastOnce,
    engagedSum,
    pulledIdSum,
    rewardMean: reward / K,
    discRewardMean: discReward / K,
    rewardPerTrial,
    discRewardPerTrial,
    engagedPerTrial,
  };
  if (groupCallsRange) result.groupCallsRange = groupCallsRange;
  if (perStep) {
    result.pullsPerStep = new Float64Array(T).map((_, t) => perStep[2 * t] / K);
    result.engagedPerStep = new Float64Array(T).map((_, t) => perStep[2 * t + 1] / K);
  }
  if (input.tally) {
    const width = input.tally.numCells * 2;
    result.tallyPerTrial = new Float64Array(K * width);
    for (const p of sorted) result.tallyPerTrial.set(p.tally!, p.trialStart * width);
  }
  if (input.perTrial) {
    const stride = N * S;
    result.perTrialDiscounted = new Float64Array(K * stride);
    result.perTrialUndiscounted = new Float64Array(K * stride);
    for (const p of sorted) {
      const occ = p.perTrialOcc!;
      for (let k = p.trialStart; k < p.trialEnd; k++) {
        const at = (k - p.trialStart) * 2 * stride;
        result.perTrialDiscounted.set(occ.subarray(at, at + stride), k * stride);
        result.perTrialUndiscounted.set(occ.subarray(at + stride, at + 2 * stride), k * stride);
      }
    }
  }
  return result;
}

function add(into: Float64Array, from: Float64Array): void {
  for (let k = 0; k < into.length; k++) into[k] += from[k];
}

/** The initial distribution "P(state 1) = p" of 2-state arms, numArms x 2. */
export function uniformInitial(numArms: number, p: number): Float64Array {
  const out = new Float64Array(numArms * 2);
  for (let i = 0; i < numArms; i++) {
    out[2 * i] = 1 - p;
    out[2 * i + 1] = p;
  }
  return out;
}
