// Slow, obviously correct twin of assembly/simulate.ts: the same rules, draws and accumulators,
// written plainly, one trial and one step at a time. Returns a SimulationPart for mergeParts.
import { constrainedTopB } from '../../src/core/plan/constrained-top-b.ts';
import { emptyRange } from '../../src/engine/group-bounds.ts';
import { fixedScale } from '../../src/engine/arm-results.ts';
import type { ArmSums, SimulationInput, SimulationPart } from '../../src/engine/simulation.ts';
import { below, draw32, STREAM, streamKey } from './rng.ts';

/** The state drawn by m from probabilities p[0..S): cumulate from the top state down; m < sum * 2^32 picks it. */
export function sampleState(p: ArrayLike<number>, m: number): number {
  const S = p.length;
  let acc = 0;
  for (let j = 0; j < S - 1; j++) {
    acc += p[S - 1 - j];
    if (m < acc * 4294967296) return S - 1 - j;
  }
  return 0;
}

/** The (arm, state) keys arm*S + state by decreasing index, ties by increasing key (-0 equals +0). */
export function presortedKeys(indices: Float64Array): number[] {
  return Array.from(indices.keys()).sort((a, b) => indices[b] - indices[a] || a - b);
}

export function referenceSimulatePart(
  input: SimulationInput,
  indices: Float64Array | undefined,
  trialStart: number,
  trialEnd: number,
): SimulationPart & ArmSums {
  const { numArms: N, numStates: S, horizon: T, budget: B, discount: beta } = input;
  const scale = fixedScale(input.trials, T);
  const count = trialEnd - trialStart;
  const part: SimulationPart & ArmSums = {
    trialStart,
    trialEnd,
    occDisc: new Float64Array(N * (S - 1)),
    occSteps: new Uint32Array(N * (S - 1)),
    pulls: new Uint32Array(N),
    pulledTrials: new Uint32Array(N),
    perTrial: new Float64Array(count * 4),
    perStep: input.perStep ? new Float64Array(T * 2) : undefined,
    perTrialOcc: input.perTrial ? new Float64Array(count * 2 * N * S) : undefined,
    discTotal: 0,
    groupCallsRange: input.groups ? emptyRange(T * input.groups.min.length) : undefined,
  };
  const keys = input.policy === 'whittle' && indices ? presortedKeys(indices) : [];
  const row = (arm: number, s: number, a: number) =>
    input.transitions.subarray(((arm * S + s) * 2 + a) * S, ((arm * S + s) * 2 + a + 1) * S);
  const kInit = streamKey(input.seed, STREAM.initial),
    kStep = streamKey(input.seed, STREAM.transition);
  const kTies = streamKey(input.seed, STREAM.ties),
    kRand = streamKey(input.seed, STREAM.randomPolicy);
  for (let k = trialStart; k < trialEnd; k++) {
    const state = Array.from({ length: N }, (_, i) =>
      sampleState(input.initial.subarray(i * S, i * S + S), draw32(kInit, (k * N + i) >>> 0)),
    );
    let disc = 1,
      reward = 0,
      discReward = 0,
      engaged = 0,
      pulledIds = 0;
    const pulledThisTrial = new Set<number>();
    for (let t = 0; t < T; t++) {
      const pw = roundHalfEven(disc * scale);
      let stepEngaged = 0;
      // four partial sums as in the kernel: arm i into sum i mod 4
      const partial = [0, 0, 0, 0];
      for (let i = 0; i < N; i++) {
        const s = state[i];
        partial[i % 4] += input.rewards[i * S + s];
        if (s === S - 1) stepEngaged++;
        if (s > 0) {
          part.occDisc[i * (S - 1) + s - 1] += pw;
          part.occSteps[i * (S - 1) + s - 1] += 1;
        }
        if (part.perTrialOcc) {
          part.perTrialOcc[(k - trialStart) * 2 * N * S + i * S + s] += disc;
          part.perTrialOcc[(k - trialStart) * 2 * N * S + N * S + i * S + s] += 1;
        }
      }
      const stepReward = partial[0] + partial[1] + (partial[2] + partial[3]);
      reward += stepReward;
      discReward += disc * stepReward;
      engaged += stepEngaged;
      part.discTotal += pw;

      const stepBase = (Math.imul(k, T) + t) >>> 0;
      const counter = (j: number) => (Math.imul(stepBase, N) + j) >>> 0;
      const pulled: number[] = [];
      if (input.policy === 'whittle' && input.groups && B > 0) {
        pulled.push(...constrainedStep(input, indices!, state, kTies, stepBase));
        const { ofArm, min } = input.groups;
        for (let g = 0; g < min.length; g++) {
          const calls = pulled.filter((i) => ofArm[i] === g).length;
          const at = (t * min.length + g) * 2;
          part.groupCallsRange![at] = Math.min(part.groupCallsRange![at], calls);
          part.groupCallsRange![at + 1] = Math.max(part.groupCallsRange![at + 1], calls);
        }
      } else if (input.policy === 'whittle' && B >= N) {
        for (let i = 0; i < N; i++) pulled.push(i);
      } else if (input.policy === 'whittle' && B > 0) {
        // walk the presorted keys; a tied group that straddles the cut gives a uniform subset
        let pos = 0;
        while (pulled.length < B && pos < keys.length) {
          let end = pos + 1;
          if (input.ties === 'random') while (end < keys.length && indices![keys[end]] === indices![keys[pos]]) end++;
          const group = keys
            .slice(pos, end)
            .filter((e) => state[Math.floor(e / S)] === e % S)
            .map((e) => Math.floor(e / S));
          const room = B - pulled.length;
          if (group.length > room) {
            for (let j = 0; j < room; j++) {
              const r = j + below(kTies, counter(j), group.length - j);
              [group[j], group[r]] = [group[r], group[j]];
            }
          }
          pulled.push(...group.slice(0, room));
          pos = end;
        }
      } else if (input.policy === 'random' && B > 0) {
        const perm = Array.from({ length: N }, (_, i) => i);
        for (let j = 0; j < Math.min(B, N); j++) {
          const r = j + below(kRand, counter(j), N - j);
          [perm[j], perm[r]] = [perm[r], perm[j]];
          pulled.push(perm[j]);
        }
      }
      const act = new Array<number>(N).fill(0);
      for (const i of pulled) {
        act[i] = 1;
        pulledIds += i;
        part.pulls[i] += 1;
        pulledThisTrial.add(i);
      }
      if (part.perStep) {
        part.perStep[2 * t] += pulled.length;
        part.perStep[2 * t + 1] += stepEngaged;
      }
      if (t === T - 1) break;
      for (let i = 0; i < N; i++) state[i] = sampleState(row(i, state[i], act[i]), draw32(kStep, counter(i)));
      disc *= beta;
    }
    for (const i of pulledThisTrial) part.pulledTrials[i] += 1;
    part.perTrial.set([reward, discReward, engaged, pulledIds], (k - trialStart) * 4);
  }
  return part;
}

/**
 * One step of the Whittle policy under group bounds, by the shared definition (core/plan's
 * constrainedTopB): the index of each arm's current state, ties in a fresh random order per step
 * (arms by their draw on the ties stream at counter stepBase + arm, then by id) or by lowest id.
 */
function constrainedStep(
  input: SimulationInput,
  indices: Float64Array,
  state: number[],
  kTies: number,
  stepBase: number,
): number[] {
  const { numArms: N, numStates: S, budget: B } = input;
  const { ofArm, min, max } = input.groups!;
  const index = Float64Array.from({ length: N }, (_, i) => indices[i * S + state[i]] + 0); // -0 as +0
  const byTie = Array.from({ length: N }, (_, i) => i);
  if (input.ties === 'random') {
    const d = byTie.map((i) => draw32(kTies, (Math.imul(stepBase, N) + i) >>> 0));
    byTie.sort((a, b) => d[a] - d[b] || a - b);
  }
  const tieRank = new Int32Array(N);
  byTie.forEach((arm, r) => (tieRank[arm] = r));
  const quotas = Array.from(min, (_, g) => ({
    label: `group ${g}`,
    members: Uint8Array.from(ofArm, (x) => (x === g ? 1 : 0)),
    min: min[g],
    max: max[g],
  }));
  return Array.from(constrainedTopB({ index, tieRank, eligible: null, budget: Math.min(B, N), quotas }).arms);
}

/** Round to nearest, ties to even (WASM's f64.nearest). */
function roundHalfEven(x: number): number {
  const r = Math.round(x);
  return r - x === 0.5 && r % 2 !== 0 ? r - 1 : r;
}
