// Budget-ConstrainedPortfolio (Algorithm 3 of the portfolio paper): a heuristic that spends exactly
// `budget` oracle calls. Call 1 is at a small initial p (the paper uses -100), call 2 at p = 1; each
// later call bisects the interval [p_l, p_r] between consecutive chosen p whose estimated
// approximation M_{p_r}(x_l) / M_{p_r}(x_r) is the worst (x_l, x_r: the policies chosen at p_l, p_r;
// the left policy is assumed to cover its interval, worst at the right end). Ties go to the leftmost
// interval. Intervals whose right policy has welfare 0 at p_r are skipped, as in the paper's code.
import type { Portfolio } from './portfolio.ts';
import { policyWelfare, type UtilityPool } from './utility-pool.ts';
import { WelfareOracle } from './welfare-oracle.ts';

/**
 * Policies may repeat (two p can share an optimum); `policies` has one entry per call. When every
 * interval is estimated exact (ratio 1), the paper's code falls back to p = 0; we bisect the widest
 * interval instead, which keeps refining where the estimate is least informed.
 */
export function budgetPortfolio(pool: UtilityPool, budget: number, initialP = -100): Portfolio {
  if (!(Number.isInteger(budget) && budget >= 1))
    throw new RangeError(`the budget must be a positive integer, got ${budget}`);
  if (!(initialP < 1)) throw new RangeError(`the initial p must be below 1, got ${initialP}`);
  const oracle = new WelfareOracle(pool);
  const policies: number[] = [];
  const pValues: number[] = [];
  for (let t = 0; t < budget; t++) {
    const p = t === 0 ? initialP : t === 1 ? 1 : nextP(pool, policies, pValues);
    policies.push(oracle.best(p).policy);
    pValues.push(p);
  }
  return { policies, pValues, oracleCalls: oracle.calls };
}

function nextP(pool: UtilityPool, policies: number[], pValues: number[]): number {
  const order = pValues.map((_, i) => i).sort((i, j) => pValues[i] - pValues[j] || i - j);
  let worst = 1;
  let chosen = -1;
  let widest = 0;
  for (let k = 0; k + 1 < order.length; k++) {
    const [l, r] = [order[k], order[k + 1]];
    if (pValues[r] - pValues[l] > pValues[order[widest + 1]] - pValues[order[widest]]) widest = k;
    const right = policyWelfare(pool, policies[r], pValues[r]);
    if (!(right > 0)) continue;
    const ratio = policyWelfare(pool, policies[l], pValues[r]) / right;
    if (ratio < worst) {
      worst = ratio;
      chosen = k;
    }
  }
  const k = chosen === -1 ? widest : chosen;
  return (pValues[order[k]] + pValues[order[k + 1]]) / 2;
}
