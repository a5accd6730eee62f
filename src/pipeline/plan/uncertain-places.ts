// Whose place in this week's list is uncertain, counted in the background after the list is shown:
// the list's own rules (list-rules.ts, kept by the list maker) and the core's draws and counts
// (posterior-draws.ts) in the core's order of seeds (tieDraw's stream), so the counts equal buildWeeklyList's
// with draws. One draw per task, so that a newer request is answered between two draws; the count so far
// goes out after each new draw (the first marks come one draw after the list, then refine). A second engine
// (DrawHelper: the plan worker's draw worker) makes draws beside this thread's, each from its own seed, so the
// counts are the same with or without it. The drawn indices are kept (up to KEEP_VALUES numbers) so that a new
// budget or rule only ranks them again.
import type { TransitionPosterior } from '../../core/plan/estimate-transitions.ts';
import { drawStream, type ListRules } from '../../core/plan/list-rules.ts';
import { MembershipCount, seededDrawIndex, type IndexFunction } from '../../core/plan/posterior-draws.ts';
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

/** Another engine's posterior draws (its own thread): draw(seed) equals IndexFunction.drawIndices with that seed. */
export interface DrawHelper {
  /** What fixes every draw but its seed; sent on when it changed since the last draw (compared by identity). */
  draw(
    seed: number,
    posterior: TransitionPosterior,
    rewards: Float64Array,
    discount: number,
    state: Uint8Array,
  ): Promise<Float64Array>;
}

interface Drawn {
  posterior: TransitionPosterior;
  /** The tie seed and the reward: with the posterior, they fix every draw's indices. */
  key: string;
  random: Random;
  /** The seeds taken from `random` so far: draw k's is seeds[k]. */
  seeds: number[];
  /** Draw k's indices while they fit (a sparse array: a stopped count may leave holes). */
  indices: Float64Array[];
}

export class UncertainPlaces {
  private drawn: Drawn | null = null;

  constructor(private readonly helper: DrawHelper | null = null) {}

  /**
   * Counts the membership of the list `arms` (made by `rules`) over `draws` draws; null when `stale()`
   * turns true between two draws (a newer list was asked for: the draws made so far are kept for it when they fit).
   * `onDraw` gets the count so far after each draw made anew before the last (not after kept ones, which take
   * no time).
   */
  async count(
    rules: ListRules,
    posterior: TransitionPosterior,
    draws: number,
    week: number,
    arms: Int32Array,
    whittle: IndexFunction,
    stale: () => boolean,
    onDraw?: (partial: Uncertainty) => void,
  ): Promise<Uncertainty | null> {
    const N = rules.numArms;
    const key = `${rules.tieSeed}\n${rules.reward}`;
    const keep = N * draws <= KEEP_VALUES;
    let d = this.drawn;
    // Draws come from one stream of seeds: start it again unless every draw wanted is kept or to be made.
    if (!d || d.posterior !== posterior || d.key !== key || !keep) {
      d = this.drawn = { posterior, key, random: drawStream(rules.tieSeed, N), seeds: [], indices: [] };
    }
    const { random, seeds, indices } = d;
    const seedOf = (k: number) => {
      while (seeds.length <= k) seeds.push(random.int(2 ** 32));
      return seeds[k];
    };
    // A newer request first, if one came with this one (kept draws take no time, so no other turn may come).
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (stale()) return null;
    const count = new MembershipCount(rules.top, N);
    const lines = planLines(rules, arms);
    const todo: number[] = [];
    for (let k = 0; k < draws; k++) {
      if (indices[k]) count.add(indices[k]);
      else todo.push(k);
    }
    let counted = draws - todo.length;
    const made = (k: number, index: Float64Array) => {
      if (keep) indices[k] = index;
      count.add(index);
      if (++counted < draws && onDraw) onDraw({ week, ...count.of(arms, lines), draws: counted, planned: draws });
    };
    // This thread makes the first draws in order, the helper (when there is one) the last, one at a time.
    const helper = this.helper;
    let remote: Promise<unknown> | null = null;
    let arrived: { k: number; index?: Float64Array; error?: unknown } | null = null;
    while (todo.length > 0 || remote) {
      if (helper && !remote && todo.length > 1) {
        const k = todo.pop()!;
        remote = helper.draw(seedOf(k), posterior, rules.rewards, rules.discount, rules.state).then(
          (index) => (arrived = { k, index }),
          (error: unknown) => (arrived = { k, error }),
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (stale()) return null;
      if (arrived) {
        const { k, index, error } = arrived as { k: number; index?: Float64Array; error?: unknown };
        arrived = remote = null;
        if (!index) throw error;
        made(k, index);
      } else if (todo.length > 0) {
        const k = todo.shift()!;
        made(k, seededDrawIndex(posterior, rules, whittle, seedOf(k)));
      } else {
        await remote;
      }
    }
    return stale() ? null : { week, ...count.of(arms, lines), draws, planned: draws };
  }
}
