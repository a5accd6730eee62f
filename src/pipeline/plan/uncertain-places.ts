// Whose place in this week's list is uncertain, counted in the background after the list is shown:
// the list's own rules (list-rules.ts, kept by the list maker) and the core's draws and counts
// (posterior-draws.ts) in the core's order of seeds (tieDraw's stream), so the counts equal buildWeeklyList's
// with draws. One draw per task, so that a newer request is answered between two draws. A second engine
// (DrawHelper: the plan worker's draw worker) makes draws beside this thread's, each from its own seed, so the
// counts are the same with or without it; it gets the posterior when the register is read (prepare) and its
// first draws once the list has gone to the page (prefetch), so that it draws while the page shows the list.
// Draws are counted in the stream's order, and the count so far goes out after the first FIRST_BATCH of them,
// then after each BATCH: the first marks are the chances from the first 2 draws, whatever thread made them, so
// they are the seed's, as reproducible as the final ones. The drawn indices are kept (up to KEEP_VALUES numbers)
// so that a new budget or rule only ranks them again.
import type { TransitionPosterior } from '../../core/plan/estimate-transitions.ts';
import { drawStream, type ListRules } from '../../core/plan/list-rules.ts';
import { MembershipCount, seededDrawIndex, type IndexFunction } from '../../core/plan/posterior-draws.ts';
import type { Random } from '../../core/random/seeded-random.ts';
import { planLines } from '../../core/plan/holdout-plan.ts';

/** Drawn indices kept between lists: 2 x 10^7 numbers (160 MB), 20 draws of 10^6 beneficiaries. */
const KEEP_VALUES = 20_000_000;
/**
 * The first marks are the chances from 2 draws (0, 50 or 100 %: rough, and said so), on screen in about one draw's
 * time with two engines; then the chances from every BATCH draws refine them (4, 8, 12, ...).
 */
export const FIRST_BATCH = 2;
export const BATCH = 4;
/** Draws asked of the helper before the count (prefetch). */
const PREFETCH = 4;
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
  /** The posterior of the draws to come, given ahead (when the register is read) so that the helper is ready. */
  prepare?(posterior: TransitionPosterior): void;
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
  /** The helper's draws asked before the count (prefetch), until the count takes them. */
  pending: Map<number, Promise<Float64Array>>;
  /** No count has taken draws from it yet (so its prefetched draws are wanted even when the draws do not fit). */
  fresh: boolean;
}

/** The count so far that goes out once the first `reach` draws are in: FIRST_BATCH, then whole BATCHes (0: none). */
export function batchOf(reach: number): number {
  return reach >= BATCH ? reach - (reach % BATCH) : reach >= FIRST_BATCH ? FIRST_BATCH : 0;
}

function seedOf(d: Drawn, k: number): number {
  while (d.seeds.length <= k) d.seeds.push(d.random.int(2 ** 32));
  return d.seeds[k];
}

export class UncertainPlaces {
  private drawn: Drawn | null = null;

  constructor(private readonly helper: DrawHelper | null = null) {}

  /** Gives the helper the posterior of the lists to come (as soon as it is estimated). */
  prepare(posterior: TransitionPosterior): void {
    this.helper?.prepare?.(posterior);
  }

  /**
   * Asks the helper for the first draws of the list `rules` made (count() takes them), once the list has gone to the
   * page (weekly-plan.ts): posting the rules copies every mother's rewards and state (0.15 s of this thread at 10^6),
   * which would delay the list; the helper draws while the page shows it, before the count is asked for.
   */
  prefetch(rules: ListRules, posterior: TransitionPosterior, draws: number): void {
    const helper = this.helper;
    if (!helper) return;
    const d = this.stream(rules, posterior, rules.numArms * draws <= KEEP_VALUES);
    for (let k = 0; k < Math.min(PREFETCH, draws); k++) {
      if (d.indices[k] || d.pending.has(k)) continue;
      const drawn = helper.draw(seedOf(d, k), posterior, rules.rewards, rules.discount, rules.state);
      drawn.catch(noop); // its error is the count's, if a count takes it
      d.pending.set(k, drawn);
    }
  }

  /** The stream of draws of these rules: the kept one unless its draws are not kept and a count took from it. */
  private stream(rules: ListRules, posterior: TransitionPosterior, keep: boolean): Drawn {
    const key = `${rules.tieSeed}\n${rules.reward}`;
    const d = this.drawn;
    if (d && d.posterior === posterior && d.key === key && (keep || d.fresh)) return d;
    const random = drawStream(rules.tieSeed, rules.numArms);
    return (this.drawn = { posterior, key, random, seeds: [], indices: [], pending: new Map(), fresh: true });
  }

  /**
   * Counts the membership of the list `arms` (made by `rules`) over `draws` draws; null when `stale()`
   * turns true between two draws (a newer list was asked for: the draws made so far are kept for it when they fit).
   * `onDraw` gets the count of the first FIRST_BATCH, BATCH, 2 BATCH, ... draws (draws 0 .. m - 1 of the seed's
   * stream, in any order they arrived: the chances of a plan with m draws) while more are to be made. While `busy()`
   * gives a promise, this thread makes no draw (the helper does).
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
    const keep = N * draws <= KEEP_VALUES;
    // Draws come from one stream of seeds: start it again unless every draw wanted is kept or to be made.
    const d = this.stream(rules, posterior, keep);
    d.fresh = false;
    const { indices } = d;
    // A newer request first, if one came with this one (kept draws take no time, so no other turn may come).
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (stale()) return null;
    const count = new MembershipCount(rules.top, N);
    const lines = planLines(rules, arms);
    // Draws made and not yet counted (counted in order, so that the counts so far are those of the first draws).
    const arrived = new Map<number, Float64Array>();
    const have = (k: number) => indices[k] ?? arrived.get(k);
    const made = (k: number, index: Float64Array) => {
      if (have(k) || k < counted) return; // made by both (helpersBelow)
      if (keep) indices[k] = index;
      else arrived.set(k, index);
    };
    let counted = 0,
      next = 0;
    /** The draws asked of the helper. */
    const asked = new Set<number>();
    /** The first draw not kept nor asked of the helper (draws: none). */
    const upTo = () => {
      while (next < draws && (indices[next] || asked.has(next))) next++;
      return next;
    };
    /** The next draw to make, or -1. */
    const take = () => (upTo() < draws ? next++ : -1);
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
      const batch = reach < draws ? batchOf(reach) : 0;
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
    let failed: { error: unknown } | null = null;
    const track = (k: number, index: Promise<Float64Array>) => {
      asked.add(k);
      const drawn: Promise<void> = index
        .then(
          (got) => made(k, got),
          (error: unknown) => void (failed ??= { error }),
        )
        .finally(() => remote.delete(drawn));
      remote.add(drawn);
    };
    // The helper's draws asked before the list was made (prefetch) are this count's.
    for (const [k, index] of d.pending) if (k < draws) track(k, index);
    d.pending.clear();
    while (counted < draws) {
      while (helper && remote.size < AHEAD && draws - next > AHEAD) {
        const k = take();
        if (k < 0) break;
        track(k, helper.draw(seedOf(d, k), posterior, rules.rewards, rules.discount, rules.state));
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
      // The first batch's draws first (this thread's or, once all are handed out, the helper's not yet in), then
      // the next of this thread's, then, with none left, the helper's not yet in.
      const firstBatch = upTo() >= Math.min(FIRST_BATCH, draws) ? helpersBelow(FIRST_BATCH, asked, done) : null;
      const k = firstBatch ?? take();
      const j = k >= 0 ? k : helpersBelow(draws, asked, done);
      if (j !== null) made(j, seededDrawIndex(posterior, rules, whittle, seedOf(d, j)));
      else await Promise.race(remote);
      countReady();
    }
    return stale() ? null : { week, ...count.of(arms, lines), draws, planned: draws };
  }
}

function noop(): void {}

/**
 * Neither the first marks nor the count wait for the helper (a worker starting on a loaded machine may take seconds):
 * this thread makes the helper's draws below `end` not yet in, the highest first (the helper makes its draws in
 * order, so it reaches that one last). A draw is its seed's, so whichever copy comes first counts. Null: none.
 */
function helpersBelow(end: number, asked: Set<number>, done: (k: number) => boolean): number | null {
  let highest: number | null = null;
  // done: counted or waiting to be (a counted draw is not kept when the draws do not fit: KEEP_VALUES)
  for (const k of asked) if (k < end && !done(k) && (highest === null || k > highest)) highest = k;
  return highest;
}
