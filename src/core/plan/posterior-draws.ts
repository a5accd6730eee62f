// Whose place in the list is uncertain: the list made again under posterior draws of the transitions,
// counting how often each beneficiary is on it. The core counts a list's draws at once
// (weekly-list.ts); the plan worker one draw at a time in the background, keeping the drawn indices for
// new rules (src/pipeline/plan/uncertain-places.ts). Both draw with posteriorDrawIndex and count with
// MembershipCount, so the same seed gives the same counts. A draw's Beta draws and their indices come from
// the engine, carried by the IndexFunction (src/engine/beta-sampler.ts, planIndexFunction).
import { constrainedTopB, topBSet } from './constrained-top-b.ts';
import { capacityTopB } from './capacity-top-b.ts';
import type { TransitionPosterior } from './estimate-transitions.ts';
import type { ListRules, TopRules } from './list-rules.ts';
import type { BetaSampler, PosteriorIndexDraw } from './sample-beta.ts';
import type { Random } from '../random/seeded-random.ts';

/**
 * Whittle indices numArms x numStates of arms with the given transitions and reward table
 * (Engine.whittleIndices(...).indices), in `out` when given and the function takes it (else a table of its own); with
 * the engine's posterior draw of them, without which the posterior draws cannot be made, and its Beta sampler
 * (Thompson sampling's draw, thompson.ts).
 */
export interface IndexFunction {
  (
    transitions: Float64Array,
    rewards: Float64Array,
    numStates: number,
    discount: number,
    out?: Float64Array,
  ): Float64Array;
  drawIndices?: PosteriorIndexDraw;
  sampleBeta?: BetaSampler;
}

/**
 * Each arm's Whittle index of her current state, from the arms' transitions and the rules' reward table (or another),
 * into `out` when given (a caller's scratch array: 8 MB of fresh pages at 10^6 cost more than the copy).
 */
export function currentIndex(
  rules: ListRules,
  whittle: IndexFunction,
  transitions: Float64Array,
  rewards = rules.rewards,
  out = new Float64Array(rules.numArms),
): Float64Array {
  const { numArms: N, numStates: S, state } = rules;
  const w = whittle(transitions, rewards, S, rules.discount);
  for (let arm = 0; arm < N; arm++) out[arm] = w[arm * S + state[arm]];
  return out;
}

/**
 * One posterior draw: a Beta draw of every (state, action) row, then each arm's Whittle index of her
 * current state under those transitions (2 states, as the posterior). A draw's seed is the next 32 bits of
 * tieDraw's stream (list-rules.ts): the draws taken in turn from it are the list's draws.
 */
export function posteriorDrawIndex(
  posterior: TransitionPosterior,
  rules: ListRules,
  whittle: IndexFunction,
  random: Random,
): Float64Array {
  return seededDrawIndex(posterior, rules, whittle, random.int(2 ** 32));
}

/** The posterior draw of `seed` (a draw's seed from the stream, taken beforehand: posteriorDrawIndex's). */
export function seededDrawIndex(
  posterior: TransitionPosterior,
  rules: ListRules,
  whittle: IndexFunction,
  seed: number,
): Float64Array {
  if (!whittle.drawIndices) {
    throw new Error("posterior draws need the engine's Beta sampler (planIndexFunction in src/engine/beta-sampler.ts)");
  }
  return whittle.drawIndices(posterior.alpha, posterior.beta, seed, rules.rewards, rules.discount, rules.state);
}

/** How many draws put each arm on the list (the same ties, eligibility, budget and quotas as the list). */
export class MembershipCount {
  private readonly counts: Uint16Array;
  private draws = 0;
  /** Without quotas: the eligible arms and the inverse of the tie ranks, made once for every draw's topBSet. */
  private readonly unordered: { armAtRank: Int32Array; candidates: Int32Array } | null = null;

  constructor(
    private readonly top: TopRules,
    numArms: number,
  ) {
    this.counts = new Uint16Array(numArms);
    if (top.quotas.length === 0 && !top.workers) {
      const armAtRank = new Int32Array(numArms);
      for (let arm = 0; arm < numArms; arm++) armAtRank[top.tieRank[arm]] = arm;
      let n = 0;
      for (let arm = 0; arm < numArms; arm++) if (top.eligible[arm]) n++;
      const candidates = new Int32Array(n);
      for (let arm = 0, j = 0; arm < numArms; arm++) if (top.eligible[arm]) candidates[j++] = arm;
      this.unordered = { armAtRank, candidates };
    }
  }

  /** Counts the list one draw's indices give (without quotas its members alone: the same arms, unsorted). */
  add(index: Float64Array): void {
    const u = this.unordered;
    const { top } = this;
    const arms = u
      ? topBSet(index, u.armAtRank, top.tieRank, u.candidates, top.budget)
      : top.workers
        ? capacityTopB({ index, ...top, workers: top.workers, via: false }).arms
        : constrainedTopB({ index, ...top }).arms;
    for (const arm of arms) this.counts[arm]++;
    this.draws++;
  }

  /**
   * Per line (`arms` in rank order), the share of draws that put her on the list; and how many beneficiaries (listed or
   * not) were on it in some draws but not all.
   */
  of(arms: Int32Array, lines = arms.length): { membership: Float64Array; uncertainCount: number } {
    const { counts, draws } = this;
    let uncertainCount = 0;
    for (let arm = 0; arm < counts.length; arm++) if (counts[arm] > 0 && counts[arm] < draws) uncertainCount++;
    // Lines from `lines` on are a holdout's calls (holdout-plan.ts): outside the plan's arm, no chance to give.
    const membership = new Float64Array(arms.length);
    for (let j = 0; j < arms.length; j++) membership[j] = j < lines ? counts[arms[j]] / draws : NaN;
    return { membership, uncertainCount };
  }
}
