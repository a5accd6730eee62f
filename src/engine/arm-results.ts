// The per-arm results of a simulation from the per-arm sums of the parts of its trials: the one computation of them,
// by the merging thread (mergeParts) or by the worker that gathers every job's sums (trial-sums.ts); and the
// fixed-point scale that keeps the discounted sums integers (the kernel's too).
import type { ArmResults, ArmSums, SimulationInput } from './simulation.ts';

/**
 * The fixed-point scale of discounted occupancy: a power of two such that trials * horizon terms of
 * at most fixedScale stay below 2^52, so every partial sum is an exact integer in f64.
 */
export function fixedScale(trials: number, horizon: number): number {
  return 2 ** (52 - Math.ceil(Math.log2(Math.max(1, trials * horizon))));
}

/**
 * The per-arm results of every trial from the per-arm sums of parts that tile them (`discTotal`: the parts' summed);
 * the sums are integers, exact in any order, so any split gives the same bits. Into `into` when given (arrays of
 * the right lengths: a worker fills arrays whose pages it touched while it waited), else new arrays.
 */
export function armResults(
  input: Pick<SimulationInput, 'numArms' | 'numStates' | 'trials' | 'horizon'>,
  sums: ArmSums[],
  discTotal: number,
  into?: ArmResults,
): ArmResults {
  const { numArms: N, numStates: S, trials: K, horizon: T } = input;
  const scale = fixedScale(K, T);
  const [occDisc, occSteps, pulled, pulledTrials] = (['occDisc', 'occSteps', 'pulls', 'pulledTrials'] as const).map(
    (key) => sums.map((p) => p[key]),
  );
  const sum = (arrays: ArrayLike<number>[], k: number) => arrays.reduce((total, a) => total + a[k], 0);
  const discounted = into?.discounted ?? new Float64Array(N * S),
    undiscounted = into?.undiscounted ?? new Float64Array(N * S);
  const pulls = into?.pulls ?? new Float64Array(N),
    pulledAtLeastOnce = into?.pulledAtLeastOnce ?? new Float64Array(N);
  if (
    discounted.length !== N * S ||
    undiscounted.length !== N * S ||
    pulls.length !== N ||
    pulledAtLeastOnce.length !== N
  )
    throw new RangeError(`simulate: the arrays for the per-arm results do not fit ${N} arms of ${S} states`);
  // one source (the gatherer's sums): read directly, the loop over arrays left out (a third of the time at 10^6 arms);
  // of 2 states, the loop over states too (half of what is left, a serial step of pooled simulations): the same bits
  const one = sums.length === 1 ? sums[0] : undefined;
  if (one && S === 2) {
    const { occDisc: d, occSteps: u, pulls: p, pulledTrials: q } = one;
    for (let i = 0; i < N; i++) {
      discounted[2 * i] = (discTotal - d[i]) / scale / K;
      discounted[2 * i + 1] = d[i] / scale / K;
      undiscounted[2 * i] = (K * T - u[i]) / K;
      undiscounted[2 * i + 1] = u[i] / K;
      pulls[i] = p[i] / K;
      pulledAtLeastOnce[i] = q[i] / K;
    }
    return { discounted, undiscounted, pulls, pulledAtLeastOnce };
  }
  for (let i = 0; i < N; i++) {
    let d0 = discTotal,
      u0 = K * T;
    for (let s = 1; s < S; s++) {
      const j = i * (S - 1) + s - 1,
        d = one ? one.occDisc[j] : sum(occDisc, j),
        u = one ? one.occSteps[j] : sum(occSteps, j);
      d0 -= d;
      u0 -= u;
      discounted[i * S + s] = d / scale / K;
      undiscounted[i * S + s] = u / K;
    }
    discounted[i * S] = d0 / scale / K;
    undiscounted[i * S] = u0 / K;
    pulls[i] = (one ? one.pulls[i] : sum(pulled, i)) / K;
    pulledAtLeastOnce[i] = (one ? one.pulledTrials[i] : sum(pulledTrials, i)) / K;
  }
  return { discounted, undiscounted, pulls, pulledAtLeastOnce };
}
