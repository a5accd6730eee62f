// The portfolio paper's oracle (its Problem (3)): the welfare-maximizing policy for a given p. Over a
// finite pool it is an argmax; every call is counted, because the oracle complexity is what the
// algorithms trade against the approximation factor (with RL in the loop each call is a training run).
import { bestPolicy, type UtilityPool } from './utility-pool.ts';

export class WelfareOracle {
  /** Number of calls to best() so far. */
  calls = 0;

  constructor(readonly pool: UtilityPool) {}

  /** The best policy for M_p (ties: the lowest index) and its welfare. */
  best(p: number): { policy: number; value: number } {
    this.calls++;
    return bestPolicy(this.pool, p);
  }
}
