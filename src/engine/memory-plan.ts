// The WASM memory one prepared simulation needs at its peak, so that it can be reserved in one piece.
// The allocator (AssemblyScript's TLSF) grows memory by at least its current size whenever a block does
// not fit, and WASM memory never shrinks: a job allocating its blocks one by one doubles memory on the way
// (137 bytes per 2-state arm for 93 in use, at 10^6 arms). One block of the peak size, allocated and freed
// at once, grows memory by just that (plus TLSF's 1/16 rounding), and the job's blocks are then carved
// from it. This mirrors SimulationLoader and PreparedSimulation.run: an underestimate costs one more growth,
// never a wrong result.
import type { Kernels } from './kernels.ts';
import type { SimulationShape } from './arm-chunks.ts';

/**
 * Whether a simulation of this shape presorts its index keys (the Whittle policy with a budget that leaves a choice).
 */
export function presorts(shape: Pick<SimulationShape, 'policy' | 'budget' | 'numArms'>): boolean {
  return shape.policy === 'whittle' && shape.budget > 0 && shape.budget < shape.numArms;
}

/**
 * Bytes of the blocks a prepared simulation keeps until dispose, in the order they are allocated: thresholds,
 * initial thresholds, the index order with its tie flags (0 without a presort) and the rewards.
 */
export function keptBlockBytes(
  shape: Pick<SimulationShape, 'policy' | 'budget' | 'numArms' | 'numStates'>,
  k: Pick<Kernels, 'thresholdBytes'>,
) {
  const { numArms: N, numStates: S } = shape,
    len = N * S,
    sorted = presorts(shape);
  return {
    thresholds: k.thresholdBytes(N * S * 2, S),
    initial: k.thresholdBytes(N, S),
    order: sorted ? len * 4 : 0,
    tiedNext: sorted ? len : 0,
    rewards: len * 8,
  };
}

/** Bytes of the digit counts of sortDescending (assembly/simulate.ts): four passes of 65,536 u32. */
export const SORT_HIST_BYTES = 4 * 65536 * 4;

/**
 * Bytes of the blocks of a loader (SimulationLoader) and of its run (all trials) at their peak, with some slack for
 * headers; `adopted`: of an engine that copies another's prepared blocks (prepared-bytes.ts), with no loading or sort.
 */
export function simulationPeakBytes(
  shape: SimulationShape,
  k: Pick<Kernels, 'thresholdBytes' | 'historyBytes'>,
  o: { indexed: boolean; smallSort: number; stagingBytes: number; adopted?: boolean },
): number {
  const { numArms: N, numStates: S, horizon: T, trials: K } = shape;
  const len = N * S;
  // kept until dispose: thresholds, initial thresholds, and the index order with its tie flags
  const blocks = keptBlockBytes(shape, k);
  const kept = blocks.thresholds + blocks.initial + blocks.order + blocks.tiedNext;
  // pass 1: the index values and the staging block; the sort: values (then keys), keys2, order2, the radix histogram
  const load = o.stagingBytes + (o.indexed ? len * 8 : 0);
  const sort = o.indexed && len > o.smallSort ? len * 8 * 2 + len * 4 + SORT_HIST_BYTES : 0;
  const G = shape.groups?.min.length ?? 0;
  const groups = shape.groups ? N * 8 + G * 8 + T * G * 16 + 28 : 0;
  // state, act (none on the 2-state path), scratch, pulledInTrial, history, tables, occDisc, occSteps, pulls,
  // pulledTrials, perTrial, ...
  const run =
    N * (1 + (S === 2 && !shape.perTrial ? 0 : 1) + 4) +
    Math.ceil(N / 8) +
    k.historyBytes(N) +
    Math.ceil(T / 16) * 512 * 8 +
    N * (S - 1) * (8 + 4) +
    2 * N * 4 +
    K * 32 +
    (shape.perStep ? T * 16 : 0) +
    (shape.perTrial ? K * 2 * N * S * 8 : 0) +
    8 +
    groups;
  // after the sort: the rewards (pass 2) and the run
  return kept + Math.max(o.adopted ? 0 : Math.max(load, sort), len * 8 + run) + 64 * 1024;
}

/**
 * Makes sure `bytes` can be allocated without growing memory again (see above); `touch`: and writes every page
 * of it now. The first write of a page is what costs (here 19 us per 4 KiB page, 5 ms per MB): an engine that
 * adopts another's preparation touches its memory while that one prepares, not when the data arrive.
 */
export function reserve(k: Kernels, bytes: number, touch = false): void {
  const ptr = k.alloc(bytes);
  if (touch) new Uint8Array(k.memory.buffer, ptr, bytes).fill(0);
  k.free(ptr);
}
