// The simulation's inputs, the raw partial sums one engine returns for a range of trials, and their
// exact merge into an Occupancy. Every accumulator holds integers (counts, or discounted occupancy in
// fixed point) in f64 below 2^53, so partial sums add up to the same bits whatever the split; the
// per-trial floats are summed in trial order. Pure: shared by the engine, the browser pool and the
// Node thread pool.
import type { Occupancy, TallyCells } from '../core/instance/occupancy.ts';
import { armResults } from './arm-results.ts';
import { emptyRange } from './group-bounds.ts';

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

/**
 * The per-arm sums of some trials (layouts in assembly/simulate.ts): numArms x (numStates - 1), states 1..S-1,
 * fixed-point discounted steps and steps spent in the state; numArms, steps pulled and trials with a pull (counts:
 * 32 bits, as in the kernel).
 */
export interface ArmSums {
  occDisc: Float64Array;
  occSteps: Uint32Array;
  pulls: Uint32Array;
  pulledTrials: Uint32Array;
}

/** A simulation's per-arm results (the result's own arrays: numArms x numStates, numArms, numArms). */
export type ArmResults = Pick<Occupancy, 'discounted' | 'undiscounted' | 'pulls' | 'pulledAtLeastOnce'>;

/**
 * Sums of trials [trialStart, trialEnd). The per-arm sums are absent when they went to the job that gathers every
 * job's (trial-jobs.ts), whose part carries instead `arms`, the per-arm results of all the trials.
 */
export interface SimulationPart extends Partial<ArmSums> {
  trialStart: number;
  trialEnd: number;
  /**
   * When the part's trials are not one range (a job given its trials as it asked: trial-run.ts): the ranges, in the
   * order of the per-trial rows below; trialStart and trialEnd are then the first trial and the end of the last range.
   */
  runs?: [number, number][];
  arms?: ArmResults;
  /** (trialEnd - trialStart) x 4 (a row per trial of the part): reward, discounted reward, engaged, pulled id sum. */
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

/** Splits [0, trials) into at most `parts` contiguous, non-empty ranges of near-equal size. */
export function splitRange(total: number, parts: number): [number, number][] {
  const n = Math.max(1, Math.min(parts, total));
  const out: [number, number][] = [];
  for (let p = 0; p < n; p++) {
    const start = Math.floor((total * p) / n),
      end = Math.floor((total * (p + 1)) / n);
    if (end > start) out.push([start, end]);
  }
  return out;
}

/** Merges parts that tile [0, trials) (any order, any split) into the result; the same bits for every split. */
export function mergeParts(input: SimulationInput, parts: SimulationPart[]): SimulationResult {
  const { numArms: N, numStates: S, trials: K, horizon: T } = input;
  const sorted = [...parts].sort((a, b) => a.trialStart - b.trialStart);
  // each trial's part and row: the per-trial values are read, and summed, in trial order
  const { partOf, rowOf } = trialRows(sorted, K);
  const perStep = input.perStep ? new Float64Array(T * 2) : undefined;
  const G = input.groups?.min.length ?? 0;
  const groupCallsRange = input.groups ? emptyRange(T * G) : undefined;
  let discTotal = 0;
  for (const p of sorted) {
    if (perStep && p.perStep) p.perStep.forEach((x, j) => (perStep[j] += x));
    if (groupCallsRange && p.groupCallsRange) {
      for (let j = 0; j < groupCallsRange.length; j += 2) {
        groupCallsRange[j] = Math.min(groupCallsRange[j], p.groupCallsRange[j]);
        groupCallsRange[j + 1] = Math.max(groupCallsRange[j + 1], p.groupCallsRange[j + 1]);
      }
    }
    discTotal += p.discTotal;
  }
  const gathered = sorted.filter((p) => p.arms);
  if (gathered.length > 1 || (gathered.length === 1 && sorted.some((p) => p.occDisc)))
    throw new Error('mergeParts: a part with every per-arm result came with other per-arm sums');
  const arms =
    gathered[0]?.arms ??
    armResults(
      input,
      sorted.map((p) => {
        if (!p.occDisc || !p.occSteps || !p.pulls || !p.pulledTrials)
          throw new Error(`mergeParts: trials ${p.trialStart}..${p.trialEnd - 1} came without their per-arm sums`);
        return p as ArmSums;
      }),
      discTotal,
    );
  const { discounted, undiscounted, pulls, pulledAtLeastOnce } = arms;
  if (discounted.length !== N * S || pulls.length !== N)
    throw new Error(`mergeParts: per-arm results for ${pulls.length} arms, ${N} expected`);
  const rewardPerTrial = new Float64Array(K),
    discRewardPerTrial = new Float64Array(K),
    engagedPerTrial = new Float64Array(K);
  let reward = 0,
    discReward = 0,
    engagedSum = 0,
    pulledIdSum = 0;
  for (let k = 0; k < K; k++) {
    const values = sorted[partOf[k]].perTrial,
      row = rowOf[k] * 4;
    rewardPerTrial[k] = values[row];
    discRewardPerTrial[k] = values[row + 1];
    engagedPerTrial[k] = values[row + 2];
    reward += values[row];
    discReward += values[row + 1];
    engagedSum += values[row + 2];
    pulledIdSum += values[row + 3];
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
    for (let k = 0; k < K; k++) {
      const at = rowOf[k] * width;
      result.tallyPerTrial.set(sorted[partOf[k]].tally!.subarray(at, at + width), k * width);
    }
  }
  if (input.perTrial) {
    const stride = N * S;
    result.perTrialDiscounted = new Float64Array(K * stride);
    result.perTrialUndiscounted = new Float64Array(K * stride);
    for (let k = 0; k < K; k++) {
      const occ = sorted[partOf[k]].perTrialOcc!,
        at = rowOf[k] * 2 * stride;
      result.perTrialDiscounted.set(occ.subarray(at, at + stride), k * stride);
      result.perTrialUndiscounted.set(occ.subarray(at + stride, at + 2 * stride), k * stride);
    }
  }
  return result;
}

/** The trial ranges of a part (its rows' order). */
export function runsOf(part: Pick<SimulationPart, 'trialStart' | 'trialEnd' | 'runs'>): [number, number][] {
  return part.runs ?? (part.trialEnd > part.trialStart ? [[part.trialStart, part.trialEnd]] : []);
}

/** For each trial of [0, trials), the part (index in `parts`) and the row of its per-trial values; checks the tiles. */
function trialRows(parts: SimulationPart[], trials: number): { partOf: Int32Array; rowOf: Int32Array } {
  const partOf = new Int32Array(trials).fill(-1),
    rowOf = new Int32Array(trials);
  parts.forEach((p, j) => {
    let row = 0;
    for (const [start, end] of runsOf(p)) {
      if (!(Number.isInteger(start) && Number.isInteger(end) && 0 <= start && start <= end && end <= trials))
        throw new Error(`mergeParts: trials ${start}..${end - 1} are outside the ${trials} trials`);
      for (let k = start; k < end; k++, row++) {
        if (partOf[k] >= 0) throw new Error(`mergeParts: trial ${k} came in two parts`);
        partOf[k] = j;
        rowOf[k] = row;
      }
    }
  });
  const missing = partOf.indexOf(-1);
  if (missing >= 0) throw new Error(`mergeParts: trial ${missing} is missing`);
  return { partOf, rowOf };
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
