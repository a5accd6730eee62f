// DLM Table 1: how well a candidate reward picks the features of the task's Base reward.

export interface PrecisionRecall {
  /** |used and base| / |used|: 1 when both are empty, 0 when only `used` is empty. */
  precision: number;
  /** |used and base| / |base|: 1 when `base` is empty (nothing was to be found). */
  recall: number;
}

/**
 * Feature precision and recall of the feature indices a candidate uses against those of the Base
 * reward (duplicates ignored). The empty-set conventions keep the averages of Table 1 defined:
 * a reward that uses no feature where the Base uses some found nothing (precision 0, recall 0).
 */
export function featurePrecisionRecall(used: readonly number[], base: readonly number[]): PrecisionRecall {
  const u = new Set(used);
  const b = new Set(base);
  let hits = 0;
  for (const f of u) if (b.has(f)) hits++;
  const precision = u.size === 0 ? (b.size === 0 ? 1 : 0) : hits / u.size;
  const recall = b.size === 0 ? 1 : hits / b.size;
  return { precision, recall };
}
