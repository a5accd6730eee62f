// What crosses to an engine worker for a simulation: its shape (every scalar, the tally's and the
// groups' sizes) and its arms in chunks, each chunk checked on arrival (SimulationLoader) with the arm
// numbers of the whole input in its messages.
import type { CellArray, TallyCells } from '../core/instance/occupancy.ts';
import { POLICY_CODES, type GroupBoundsInput, type SimulationInput } from './simulation.ts';

/**
 * A simulation without its per-arm arrays, which come in ArmChunks: a large input crosses to a worker
 * a piece at a time, so that no whole copy of it is ever in transit (at 3 x 10^6 arms, 340 MB each).
 */
export type SimulationShape = Omit<
  SimulationInput,
  'transitions' | 'rewards' | 'initial' | 'indices' | 'tally' | 'groups'
> & {
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

export function shapeOf({
  transitions,
  rewards,
  initial,
  indices,
  tally,
  groups,
  ...scalars
}: SimulationInput): SimulationShape {
  return {
    ...scalars,
    indexed: indices !== undefined,
    ...(tally && { tally: { groupings: tally.groupings, numCells: tally.numCells } }),
    ...(groups && { groups: { min: groups.min, max: groups.max } }),
  };
}

/** The rows of arms [start, end) of `input`: views into its arrays (a part of the tally cells is gathered). */
export function armChunk(input: SimulationInput, start: number, end: number): ArmChunk {
  const S = input.numStates,
    N = input.numArms,
    n = end - start;
  const rows = <A extends Float64Array | Int32Array>(a: A, width: number) =>
    a.subarray(start * width, end * width) as A;
  const chunk: ArmChunk = {
    start,
    end,
    transitions: rows(input.transitions, S * 2 * S),
    rewards: rows(input.rewards, S),
    initial: rows(input.initial, S),
  };
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
  const chunk: ArmChunk = {
    start,
    end,
    transitions: copyInto(rows.transitions, reuse?.transitions),
    rewards: copyInto(rows.rewards, reuse?.rewards),
    initial: copyInto(rows.initial, reuse?.initial),
  };
  if (rows.indices) chunk.indices = copyInto(rows.indices, reuse?.indices);
  if (rows.ofArm) chunk.ofArm = copyInto(rows.ofArm, reuse?.ofArm);
  if (rows.tallyCells) chunk.tallyCells = copyInto(rows.tallyCells, reuse?.tallyCells);
  return chunk;
}

/**
 * A copy of `from` in the buffer of `old` when it is large enough (a buffer sent back to be refilled), else in a new
 * one.
 */
export function copyInto<A extends Float64Array | Int32Array | CellArray>(from: A, old?: ArrayBufferView): A {
  const buffer = old && old.buffer.byteLength >= from.byteLength ? old.buffer : new ArrayBuffer(from.byteLength);
  const to = new (from.constructor as new (buffer: ArrayBufferLike, offset: number, length: number) => A)(
    buffer,
    0,
    from.length,
  );
  to.set(from as Float64Array & Int32Array & Int8Array & Int16Array);
  return to;
}

const fail = (message: string): never => {
  throw new RangeError(`simulate: ${message}`);
};

/** The checks of everything but the per-arm arrays; throws a RangeError naming the problem. */
export function validateShape(shape: SimulationShape): void {
  const { numArms: N, numStates: S } = shape;
  if (!Number.isInteger(N) || N < 1) fail(`numArms must be a positive integer, got ${N}`);
  if (!Number.isInteger(S) || S < 2 || S > 255) fail(`numStates must be an integer in [2, 255], got ${S}`);
  if (!(shape.discount >= 0 && shape.discount < 1)) fail(`discount must be in [0, 1), got ${shape.discount}`);
  if (!Number.isInteger(shape.budget) || shape.budget < 0)
    fail(`budget must be a non-negative integer, got ${shape.budget}`);
  if (!Number.isInteger(shape.horizon) || shape.horizon < 1)
    fail(`horizon must be a positive integer, got ${shape.horizon}`);
  if (!Number.isInteger(shape.trials) || shape.trials < 1)
    fail(`trials must be a positive integer, got ${shape.trials}`);
  if (shape.trials * shape.horizon >= 2 ** 31)
    fail(`trials x horizon must stay below 2^31, got ${shape.trials * shape.horizon}`);
  if (!Number.isInteger(shape.seed) || shape.seed < 0 || shape.seed >= 2 ** 32)
    fail(`seed must be an integer in [0, 2^32), got ${shape.seed}`);
  if (!Object.hasOwn(POLICY_CODES, shape.policy)) fail(`policy must be whittle, random or none, got ${shape.policy}`);
  if (shape.ties !== 'random' && shape.ties !== 'lowest-id')
    fail(`ties must be random or lowest-id, got ${shape.ties}`);
  if (shape.tally && !(Number.isInteger(shape.tally.numCells) && shape.tally.numCells >= 1))
    fail(`tally: numCells must be a positive integer, got ${shape.tally.numCells}`);
}

/** The checks of one chunk's rows (arms numbered as in the whole input), in this order. */
export function validateChunk(shape: SimulationShape, chunk: ArmChunk): void {
  checkChunkShape(shape, chunk);
  checkChunkDistributions(shape, chunk);
  checkChunkValues(shape, chunk);
}

/**
 * The first of validateChunk's checks: the chunk's range and lengths. The loader then converts the rows in WASM, which
 * says whether all are distributions (samplingThresholds): only when some are not does checkChunkDistributions run.
 */
export function checkChunkShape(shape: SimulationShape, chunk: ArmChunk): void {
  const { numArms: N, numStates: S } = shape;
  const { start, end } = chunk,
    n = end - start;
  const whole = start === 0 && end === N;
  const count = (what: string, length: number, width: number, per: string) => {
    if (length !== n * width)
      fail(
        `${what} must have ${whole ? 'numArms' : `arms ${start}..${end - 1}`} x ${per} = ${n * width} values, ` +
          `got ${length}`,
      );
  };
  if (!(Number.isInteger(start) && Number.isInteger(end) && 0 <= start && start < end && end <= N))
    fail(`a chunk of arms ${start}..${end - 1} is not within 0..${N - 1}`);
  count('transitions', chunk.transitions.length, S * 2 * S, 'S x 2 x S');
  count('rewards', chunk.rewards.length, S, 'S');
  count('initial', chunk.initial.length, S, 'S');
  if (shape.indexed !== (chunk.indices !== undefined))
    fail(
      shape.indexed
        ? `indices are missing for arms ${start}..${end - 1}`
        : 'indices came with a chunk of a simulation without them',
    );
  if (chunk.indices) count('indices', chunk.indices.length, S, 'S');
}

/** Every row of transitions and initial distribution a distribution: the message names the first that is not. */
export function checkChunkDistributions(shape: SimulationShape, chunk: ArmChunk): void {
  const S = shape.numStates,
    start = chunk.start;
  checkDistributions(chunk.transitions, S, 'transitions', (row) => {
    const arm = start + Math.floor(row / (2 * S)),
      state = Math.floor(row / 2) % S;
    return `arm ${arm}, state ${state}, action ${row % 2}`;
  });
  checkDistributions(chunk.initial, S, 'initial', (row) => `arm ${start + row}`);
}

/** The rest of validateChunk's checks: rewards, tally cells, group ids, indices. */
export function checkChunkValues(shape: SimulationShape, chunk: ArmChunk): void {
  const S = shape.numStates,
    { start, end } = chunk,
    n = end - start;
  const whole = start === 0 && end === shape.numArms;
  for (let k = 0; k < chunk.rewards.length; k++) {
    if (!Number.isFinite(chunk.rewards[k]))
      fail(`rewards: arm ${start + Math.floor(k / S)}, state ${k % S} is ${chunk.rewards[k]}, not a finite number`);
  }
  if (shape.tally) {
    const { groupings, numCells } = shape.tally;
    const cells = chunk.tallyCells;
    if (!cells) fail(`tally: the cells of arms ${start}..${end - 1} are missing`);
    if (cells!.length !== groupings * n)
      fail(
        `tally: cells must have groupings x ${whole ? 'numArms' : 'arms'} = ${groupings * n} values, got ` +
          `${cells!.length}`,
      );
    for (let k = 0; k < cells!.length; k++) {
      if (!(cells![k] >= -1 && cells![k] < numCells))
        fail(
          `tally: arm ${start + (k % n)} of grouping ${Math.floor(k / n)} has cell ${cells![k]}, outside ` +
            `-1..${numCells - 1}`,
        );
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
function checkDistributions(values: Float64Array, S: number, what: string, where: (row: number) => string): void {
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
