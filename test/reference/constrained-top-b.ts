// Slow, obviously correct twin of src/core/plan/constrained-top-b.ts: sorts every eligible arm, then
// applies the two greedy passes literally (minima quota by quota, then the rest), checking every cap
// by counting the chosen list from scratch.
import type { CallQuota } from '../../src/core/plan/constrained-top-b.ts';

export function referenceConstrainedTopB(
  index: Float64Array,
  tieRank: Int32Array,
  eligible: Uint8Array | null,
  budget: number,
  quotas: readonly CallQuota[],
): { arms: number[]; via: number[] } {
  const order = Array.from(index.keys())
    .filter((arm) => !eligible || eligible[arm] === 1)
    .sort((a, b) => (index[a] === index[b] ? tieRank[a] - tieRank[b] : index[b] - index[a]));
  const chosen: number[] = [];
  const via: number[] = [];
  const count = (q: CallQuota) => chosen.filter((arm) => q.members[arm] === 1).length;
  const fits = (arm: number) => quotas.every((q) => q.members[arm] !== 1 || count(q) < q.max);
  quotas.forEach((q, k) => {
    for (const arm of order) {
      if (count(q) >= q.min || chosen.length >= budget) break;
      if (q.members[arm] === 1 && !chosen.includes(arm) && fits(arm)) {
        chosen.push(arm);
        via.push(k);
      }
    }
  });
  for (const arm of order) {
    if (chosen.length >= budget) break;
    if (!chosen.includes(arm) && fits(arm)) {
      chosen.push(arm);
      via.push(-1);
    }
  }
  const ranked = Array.from(chosen.keys()).sort((i, j) => order.indexOf(chosen[i]) - order.indexOf(chosen[j]));
  return { arms: ranked.map((i) => chosen[i]), via: ranked.map((i) => via[i]) };
}
