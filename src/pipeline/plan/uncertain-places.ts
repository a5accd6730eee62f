// Whose place in this week's list is uncertain, counted in the background after the list is shown:
// the list's own rules (list-rules.ts, kept by the list maker) and the core's draws and counts
// (posterior-draws.ts) in the core's order (tieDraw's stream), so the counts equal buildWeeklyList's
// with draws. One draw per task, so that a newer request is answered between two draws; the count so far
// goes out after each new draw (the first marks come one draw after the list, then refine); the drawn
// indices are kept (up to KEEP_VALUES numbers) so that a new budget or rule only ranks them again.
import type { TransitionPosterior } from '../../core/plan/estimate-transitions.ts';
import { tieDraw, type ListRules } from '../../core/plan/list-rules.ts';
import { MembershipCount, posteriorDrawIndex, type IndexFunction } from '../../core/plan/posterior-draws.ts';
import type { Random } from '../../core/random/seeded-random.ts';
import { planLines } from '../../core/plan/holdout-plan.ts';

/** Drawn indices kept between lists: 2 x 10^7 numbers (160 MB), 20 draws of 10^6 beneficiaries. */
const KEEP_VALUES = 20_000_000;

export interface Uncertainty {
  week: number;
  /** Per line of the list: the share of draws in which she is on it. */
  membership: Float64Array;
  /** Beneficiaries (listed or not) whose membership changes across the draws. */
  uncertainCount: number;
  /** The draws counted so far, of `planned` (the plan's setting): equal once the count is done. */
  draws: number;
  planned: number;
}

interface Drawn {
  posterior: TransitionPosterior;
  /** The tie seed and the reward: with the posterior, they fix every draw's indices. */
  key: string;
  random: Random;
  /** The draws taken from `random` so far, each kept while they fit (then indices.length === taken). */
  taken: number;
  indices: Float64Array[];
}

export class UncertainPlaces {
  private drawn: Drawn | null = null;

  /**
   * Counts the membership of the list `arms` (made by `rules`) over `draws` draws; null when `stale()`
   * turns true between two draws (a newer list was asked for: the draws made so far are kept for it when they fit).
   * `onDraw` gets the count so far after each draw made anew before the last (not after kept ones, which take
   * no time).
   */
  async count(
    rules: ListRules, posterior: TransitionPosterior, draws: number, week: number, arms: Int32Array,
    whittle: IndexFunction, stale: () => boolean, onDraw?: (partial: Uncertainty) => void,
  ): Promise<Uncertainty | null> {
    const N = rules.numArms;
    const key = `${rules.tieSeed}\n${rules.reward}`;
    const keep = N * draws <= KEEP_VALUES;
    let d = this.drawn;
    // Draws come in order from one stream: start it again unless every draw taken from it is kept.
    if (!d || d.posterior !== posterior || d.key !== key || !keep || d.indices.length !== d.taken) {
      d = this.drawn = { posterior, key, random: tieDraw(rules.tieSeed, N).random, taken: 0, indices: [] };
    }
    const count = new MembershipCount(rules.top, N);
    const lines = planLines(rules, arms);
    for (let k = 0; k < draws; k++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (stale()) return null;
      let index = d.indices[k];
      const made = !index;
      if (!index) {
        index = posteriorDrawIndex(posterior, rules, whittle, d.random);
        d.taken++;
        if (keep) d.indices.push(index);
      }
      count.add(index);
      if (made && onDraw && k + 1 < draws) onDraw({ week, ...count.of(arms, lines), draws: k + 1, planned: draws });
    }
    return { week, ...count.of(arms, lines), draws, planned: draws };
  }
}
