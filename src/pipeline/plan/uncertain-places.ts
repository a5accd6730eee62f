// Whose place in this week's list is uncertain, counted in the background after the list is shown:
// the list's own rules (list-rules.ts, kept by the list maker) and the core's draws and counts
// (posterior-draws.ts) in the core's order of seeds (tieDraw's stream), so the counts equal buildWeeklyList's
// with draws. One draw per task, so that a newer request is answered between two draws. A second engine
// (DrawHelper: the plan worker's draw worker) makes draws beside this thread's, each from its own seed, so the
// counts are the same with or without it. Draws are counted in the stream's order, and the count so far goes
// out after each BATCH of them: the first marks are the chances from the first 4 draws, whatever thread made
// them, so they are the seed's, as reproducible as the final ones. The drawn indices are kept (up to KEEP_VALUES
// numbers) so that a new budget or rule only ranks them again.
import type { TransitionPosterior } from '../../core/plan/estimate-transitions.ts';
import { drawStream, type ListRules } from '../../core/plan/list-rules.ts';
import { MembershipCount, seededDrawIndex, type IndexFunction } from '../../core/plan/posterior-draws.ts';
import type { Random } from '../../core/random/seeded-random.ts';
import { planLines } from '../../core/plan/holdout-plan.ts';

/** Drawn indices kept between lists: 2 x 10^7 numbers (160 MB), 20 draws of 10^6 beneficiaries. */
const KEEP_VALUES = 20_000_000;
/**
 * Draws per batch of the counts so far: the first marks are the chances from 4 draws (0, 25, 50, 75 or 100 %), on
 * screen in about two draws' time with two engines; each batch after refines them.
 */
export const BATCH = 4;
/** Draws asked of the helper at a time; the last AHEAD are this thread's (so it never waits for the helper's queue). */
const AHEAD = 2;

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
   * `onDraw` gets the count of the first BATCH, 2 BATCH, ... draws (draws 0 .. m - 1 of the seed's stream, in any
   * order they arrived: the chances of a plan with m draws) while more are to be made. While `busy()` gives a
   * promise, this thread makes no draw (the helper does).
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
    busy?: () => Promise<unknown> | null,
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
    // Draws made and not yet counted (counted in order, so that the counts so far are those of the first draws).
    const arrived = new Map<number, Float64Array>();
    const have = (k: number) => indices[k] ?? arrived.get(k);
    const made = (k: number, index: Float64Array) => {
      if (have(k) || k < counted) return; // made by both (firstBatchOf)
      if (keep) indices[k] = index;
      else arrived.set(k, index);
    };
    let counted = 0,
      next = 0;
    /** The next draw to make (kept ones skipped), or -1. */
    const take = () => {
      while (next < draws && indices[next]) next++;
      return next < draws ? next++ : -1;
    };
    const countReady = () => {
      let reach = counted;
      while (reach < draws && have(reach)) reach++;
      const add = (to: number) => {
        for (; counted < to; counted++) {
          count.add(have(counted)!);
          arrived.delete(counted);
        }
      };
      // The last whole batch in reach goes out while draws are still to come (the final count is the answer).
      const batch = reach < draws ? reach - (reach % BATCH) : 0;
      if (batch > counted) {
        add(batch);
        onDraw?.({ week, ...count.of(arms, lines), draws: counted, planned: draws });
      }
      add(reach);
    };
    // This thread and the helper (when there is one) take the draws in order; the helper has up to AHEAD
    // asked of it, so that it keeps drawing while this thread is busy with another task (a save).
    const helper = this.helper;
    const remote = new Set<Promise<void>>();
    /** The draws asked of the helper. */
    const asked = new Set<number>();
    let failed: { error: unknown } | null = null;
    while (counted < draws) {
      while (helper && remote.size < AHEAD && draws - next > AHEAD) {
        const k = take();
        if (k < 0) break;
        asked.add(k);
        const drawn: Promise<void> = helper
          .draw(seedOf(k), posterior, rules.rewards, rules.discount, rules.state)
          .then(
            (index) => made(k, index),
            (error: unknown) => void (failed ??= { error }),
          )
          .finally(() => remote.delete(drawn));
        remote.add(drawn);
      }
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (stale()) return null;
      if (failed) throw (failed as { error: unknown }).error;
      countReady();
      if (counted === draws) break;
      // While `busy()` (the plan's save runs), this thread waits and keeps the helper drawing.
      const writing = busy?.();
      if (writing) {
        await Promise.race([writing.then(noop, noop), ...remote]);
        continue;
      }
      const done = (j: number) => j < counted || have(j) !== undefined;
      const k = (next >= Math.min(BATCH, draws) ? firstBatchOf(asked, done, draws) : null) ?? take();
      if (k >= 0) made(k, seededDrawIndex(posterior, rules, whittle, seedOf(k)));
      else await Promise.race(remote);
      countReady();
    }
    return stale() ? null : { week, ...count.of(arms, lines), draws, planned: draws };
  }
}

function noop(): void {}

/**
 * The first marks never wait for the helper (a worker starting on a loaded machine may take seconds): once the
 * first batch is handed out, this thread makes the helper's draws of it not yet made, the lowest first. A draw is
 * its seed's, so whichever copy comes first counts. Null when there is none.
 */
function firstBatchOf(asked: Set<number>, done: (k: number) => boolean, draws: number): number | null {
  let lowest: number | null = null;
  // done: counted or waiting to be (a counted draw is not kept when the draws do not fit: KEEP_VALUES)
  for (const k of asked) if (k < Math.min(BATCH, draws) && !done(k) && (lowest === null || k < lowest)) lowest = k;
  return lowest;
}
