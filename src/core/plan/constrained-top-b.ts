// The constrained top-B: the one definition of per-group call quotas, shared by the weekly list
// (issue 13) and by the simulation's quota baselines (issue 17, whose WASM kernel is tested
// against this function step by step). Pure and slow enough to read: O(n) over a given ranking.

/** Per-group bounds on the number of calls in one step (or one week). */
export interface GroupBounds {
  /** Group of each arm, numArms entries; -1 = in no group (never counted, never bounded). */
  groupOf: Int32Array;
  /** Per group: at least this many calls (0 for none). */
  min: Int32Array;
  /** Per group: at most this many calls (>= min; a large number for none). */
  max: Int32Array;
}

/**
 * Picks `budget` arms from `ranking` (arm ids, best first; ties already broken by the caller):
 *   1. every group g takes its first min[g] arms in the ranking (its minimum, by its own ranking);
 *   2. then the remaining picks go down the ranking, skipping arms already picked and arms of a
 *      group that already has max[g] calls.
 * Returns the picked arms in ranking order. When the ranking holds fewer eligible arms, fewer are
 * picked (the caller checks feasibility with checkGroupBounds first).
 */
export function constrainedTopB(ranking: ArrayLike<number>, bounds: GroupBounds, budget: number): number[] {
  const { groupOf, min, max } = bounds;
  const G = min.length;
  const taken = new Int32Array(G);
  const picked = new Uint8Array(ranking.length);
  let count = 0;
  for (let r = 0; r < ranking.length && count < budget; r++) {
    const g = groupOf[ranking[r]];
    if (g >= 0 && taken[g] < min[g]) {
      picked[r] = 1;
      taken[g]++;
      count++;
    }
  }
  for (let r = 0; r < ranking.length && count < budget; r++) {
    if (picked[r]) continue;
    const g = groupOf[ranking[r]];
    if (g >= 0 && taken[g] >= max[g]) continue;
    picked[r] = 1;
    if (g >= 0) taken[g]++;
    count++;
  }
  const out: number[] = [];
  for (let r = 0; r < ranking.length; r++) if (picked[r]) out.push(ranking[r]);
  return out;
}

/**
 * Throws a RangeError naming the problem unless every step can meet the bounds with exactly
 * `budget` calls: 0 <= min[g] <= max[g], min[g] <= size of g, sum of minima <= budget, and enough
 * room under the maxima (arms in no group count as unbounded).
 */
export function checkGroupBounds(bounds: GroupBounds, budget: number, labels?: readonly string[]): void {
  const { groupOf, min, max } = bounds;
  const G = min.length;
  if (max.length !== G) throw new RangeError(`group bounds: ${G} minima but ${max.length} maxima`);
  const size = new Int32Array(G);
  let free = 0;
  for (let i = 0; i < groupOf.length; i++) {
    const g = groupOf[i];
    if (g < -1 || g >= G || !Number.isInteger(g)) throw new RangeError(`group bounds: arm ${i} is in group ${g}, outside -1..${G - 1}`);
    if (g >= 0) size[g]++;
    else free++;
  }
  const name = (g: number) => (labels?.[g] !== undefined ? `"${labels[g]}"` : `group ${g}`);
  let minSum = 0, room = free;
  for (let g = 0; g < G; g++) {
    if (!(Number.isInteger(min[g]) && min[g] >= 0 && max[g] >= min[g])) throw new RangeError(`group bounds: ${name(g)} has minimum ${min[g]} and maximum ${max[g]}; need 0 <= minimum <= maximum`);
    if (min[g] > size[g]) throw new RangeError(`group bounds: ${name(g)} asks for at least ${min[g]} calls but has ${size[g]} arms`);
    minSum += min[g];
    room += Math.min(max[g], size[g]);
  }
  if (minSum > budget) throw new RangeError(`group bounds: the minima add up to ${minSum} calls, more than the budget of ${budget}`);
  if (room < budget) throw new RangeError(`group bounds: the maxima leave room for ${room} calls, fewer than the budget of ${budget}`);
}
