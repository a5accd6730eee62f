// Whose place in this week's list is uncertain: the list made again under each of the plan's
// posterior draws of the transitions (weekly-list.ts, posteriorDrawIndex), counting how often each
// beneficiary is on it. The draws are the core's, in the core's order (the week's seed, after the tie
// draw), so the counts equal buildWeeklyList's with draws. They run in the background after the list
// is shown, one draw per task so that a newer request is answered between two draws, and the drawn
// indices are kept (up to KEEP_VALUES numbers) so that a new budget or rule only ranks them again.
import { seededTieRanks, constrainedTopB } from '../../core/plan/constrained-top-b.ts';
import type { TransitionPosterior } from '../../core/plan/estimate-transitions.ts';
import { weekSeed, type PlanSettings } from '../../core/plan/plan-settings.ts';
import { currentState, type Register } from '../../core/plan/register.ts';
import { eligibleArms, posteriorDrawIndex, shareQuotas, type IndexFunction } from '../../core/plan/weekly-list.ts';
import { seededRandom, type Random } from '../../core/random/seeded-random.ts';
import { compileReward } from '../../core/reward/compile-reward.ts';

/** Drawn indices kept between lists: 2 x 10^7 numbers (160 MB), 20 draws of 10^6 beneficiaries. */
const KEEP_VALUES = 20_000_000;

export interface Uncertainty {
  week: number;
  /** Per line of the list: the share of draws in which she is on it. */
  membership: Float64Array;
  /** Beneficiaries (listed or not) whose membership changes across the draws. */
  uncertainCount: number;
  draws: number;
}

interface Drawn {
  posterior: TransitionPosterior;
  key: string;
  random: Random;
  tieRank: Int32Array;
  /** The draws taken from `random` so far, each kept while they fit (then indices.length === taken). */
  taken: number;
  indices: Float64Array[];
}

export class UncertainPlaces {
  private drawn: Drawn | null = null;

  /**
   * Counts the list's membership over `settings.draws` draws; null when `stale()` turns true between
   * two draws (a newer list was asked for: the draws made so far are kept for it when they fit).
   */
  async count(register: Register, posterior: TransitionPosterior, settings: PlanSettings, week: number, arms: Int32Array, whittle: IndexFunction, stale: () => boolean): Promise<Uncertainty | null> {
    const N = register.numArms, S = register.numStates, draws = settings.draws;
    const tieSeed = weekSeed(settings.seed, week);
    const key = `${tieSeed}\n${settings.reward}`;
    const keep = N * draws <= KEEP_VALUES;
    let d = this.drawn;
    // Draws come in order from one stream: start it again unless every draw taken from it is kept.
    if (!d || d.posterior !== posterior || d.key !== key || !keep || d.indices.length !== d.taken) {
      const random = seededRandom(tieSeed);
      d = this.drawn = { posterior, key, random, tieRank: seededTieRanks(N, random.int), taken: 0, indices: [] };
    }
    const compiled = compileReward(settings.reward, { numArms: N, numStates: S, schema: register.schema, features: register.features });
    if (!compiled.ok) return null;
    const state = currentState(register);
    const { eligible } = eligibleArms(register, settings.exclude, settings.cooldown);
    const top = { tieRank: d.tieRank, eligible, budget: settings.budget, quotas: shareQuotas(register, settings, settings.budget) };
    const counts = new Uint16Array(N);
    const scratch = new Float64Array(N * 8);
    for (let k = 0; k < draws; k++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (stale()) return null;
      let index = d.indices[k];
      if (!index) {
        index = posteriorDrawIndex(posterior, compiled.table, state, S, register.discount, whittle, d.random, scratch);
        d.taken++;
        if (keep) d.indices.push(index);
      }
      for (const arm of constrainedTopB({ index, ...top }).arms) counts[arm]++;
    }
    let uncertainCount = 0;
    for (let arm = 0; arm < N; arm++) if (counts[arm] > 0 && counts[arm] < draws) uncertainCount++;
    return { week, membership: Float64Array.from(arms, (arm) => counts[arm] / draws), uncertainCount, draws };
  }
}
