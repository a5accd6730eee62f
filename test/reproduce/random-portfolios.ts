// The portfolio paper's two random baselines, with the randomness passed in: the reproduction
// (portfolio-reference.ts) compares allot's portfolios with them; the app does not offer them.
import type { Portfolio } from '../../src/core/portfolio/portfolio.ts';
import type { UtilityPool } from '../../src/core/portfolio/utility-pool.ts';
import { WelfareOracle } from '../../src/core/portfolio/welfare-oracle.ts';

/** `size` values of p drawn uniformly from [initialP, 1), each with its optimal policy (the "random norm" baseline). */
export function randomNormPortfolio(
  pool: UtilityPool,
  size: number,
  initialP: number,
  random: () => number,
): Portfolio {
  if (!(initialP < 1)) throw new RangeError(`the initial p must be below 1, got ${initialP}`);
  const oracle = new WelfareOracle(pool);
  const pValues = Array.from({ length: size }, () => initialP + (1 - initialP) * random());
  const policies = pValues.map((p) => oracle.best(p).policy);
  return { policies, pValues, oracleCalls: oracle.calls };
}

/**
 * `size` distinct policies of the pool drawn uniformly without replacement (the "random policy" baseline; no oracle
 * calls).
 */
export function randomPolicyPortfolio(pool: UtilityPool, size: number, random: () => number): Portfolio {
  if (!(Number.isInteger(size) && size >= 1 && size <= pool.numPolicies))
    throw new RangeError(`cannot draw ${size} distinct policies from ${pool.numPolicies}`);
  const indices = Array.from({ length: pool.numPolicies }, (_, i) => i);
  for (let i = 0; i < size; i++) {
    const j = i + Math.floor(random() * (pool.numPolicies - i));
    [indices[i], indices[j]] = [indices[j], indices[i]];
  }
  return { policies: indices.slice(0, size), pValues: [], oracleCalls: 0 };
}
