// How well a portfolio covers the p-mean family: min over a p-grid of
// (best welfare within the portfolio) / (best welfare in the whole pool).
import { bestPolicy, policyWelfare, type UtilityPool } from './utility-pool.ts';

/** The pool's optimal welfare at each p of the grid (precompute once, reuse for many portfolios). */
export function optimalWelfare(pool: UtilityPool, grid: readonly number[]): Float64Array {
  return Float64Array.from(grid, (p) => bestPolicy(pool, p).value);
}

/**
 * The approximation factor of `policies` (pool indices) on `grid`, in [0, 1]. Grid points where the
 * optimum is 0 (every policy leaves some stakeholder at 0 and p <= 0) are skipped, as in the paper's
 * code: there every policy is optimal. 1 when no point remains.
 */
export function approximationFactor(
  pool: UtilityPool,
  policies: readonly number[],
  grid: readonly number[],
  optimal = optimalWelfare(pool, grid),
): number {
  if (policies.length === 0) throw new RangeError('an empty portfolio approximates nothing');
  let worst = 1;
  grid.forEach((p, j) => {
    if (!(optimal[j] > 0)) return;
    let best = 0;
    for (const k of policies) best = Math.max(best, policyWelfare(pool, k, p));
    worst = Math.min(worst, best / optimal[j]);
  });
  return worst;
}
