// p-MeanPortfolio (Algorithm 1 of the portfolio paper, with its LineSearch, Algorithm 2): an
// alpha-approximate portfolio for every p-mean, p in [-inf, 1].
//
// Start at p0 = ln d / ln alpha (for p <= p0 the optimum at p0 is already alpha-approximate, since
// M_p0 >= alpha * min for d stakeholders) with x = the optimal policy there. Then repeat until p = 1:
// line-search the largest p' such that x stays alpha-approximate on [p, p'], add the optimal policy at
// p' and continue from p'. LineSearch keeps lower = p, upper = 1 and bisects while
// M_lower(x) < alpha * OPT(upper): at q = (lower + upper) / 2 it moves lower up to q if
// M_lower(x) >= (alpha + precision (1 - alpha)) OPT(q), else moves upper down to q. By monotonicity of
// M_p in p, x is then alpha-approximate on [lower, upper]. The slightly raised threshold (the paper's
// "stronger condition", precision = 1e-4 in its code) guarantees termination.
import type { Portfolio } from './portfolio.ts';
import { policyWelfare, type UtilityPool } from './utility-pool.ts';
import { WelfareOracle } from './welfare-oracle.ts';

export interface PMeanPortfolio extends Portfolio {
  /**
   * Oracle calls made inside the line searches: oracleCalls minus the first call at p0. The paper's
   * published tables count these (its code does not count the call at p0).
   */
  lineSearchCalls: number;
}

export function pMeanPortfolio(pool: UtilityPool, alpha: number, precision = 1e-4): PMeanPortfolio {
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`alpha must be in (0, 1), got ${alpha}`);
  if (!(precision > 0 && precision <= 1)) throw new RangeError(`precision must be in (0, 1], got ${precision}`);
  const oracle = new WelfareOracle(pool);
  const threshold = alpha + precision * (1 - alpha);
  let p = Math.log(pool.numStakeholders) / Math.log(alpha) || 0;
  let x = oracle.best(p).policy;
  const policies: number[] = [];
  const pValues: number[] = [];
  while (p < 1) {
    if (!policies.includes(x)) {
      policies.push(x);
      pValues.push(p);
    }
    // LineSearch from p for x.
    let lower = p;
    let upper = 1;
    let atUpper = oracle.best(upper);
    for (let iteration = 0; policyWelfare(pool, x, lower) < alpha * atUpper.value; iteration++) {
      if (iteration === 10_000) throw new Error(`the line search from p = ${p} does not converge`);
      const q = (lower + upper) / 2;
      const atQ = oracle.best(q);
      if (policyWelfare(pool, x, lower) >= threshold * atQ.value) lower = q;
      else {
        upper = q;
        atUpper = atQ;
      }
    }
    p = upper;
    x = atUpper.policy;
  }
  return { policies, pValues, oracleCalls: oracle.calls, lineSearchCalls: oracle.calls - 1 };
}
