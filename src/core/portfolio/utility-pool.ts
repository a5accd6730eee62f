// A finite pool of policies and what each one gives each stakeholder: the input of every portfolio algorithm.
import { pMean } from '../welfare/p-mean.ts';

export interface UtilityPool {
  numPolicies: number;
  numStakeholders: number;
  /**
   * numPolicies x numStakeholders, row-major: utilities[k * numStakeholders + i] is stakeholder i's
   * utility under policy k (finite, >= 0; see pMean for zeros). Used as given: p-means are
   * positively homogeneous, so rescaling a stakeholder's column never changes a ratio the algorithms use.
   */
  utilities: Float64Array;
}

/** Builds a pool, checking the shape and the values. */
export function utilityPool(utilities: Float64Array, numPolicies: number, numStakeholders: number): UtilityPool {
  if (!(numPolicies >= 1 && numStakeholders >= 1) || utilities.length !== numPolicies * numStakeholders) {
    throw new RangeError(
      `${utilities.length} utilities do not form ${numPolicies} policies x ${numStakeholders} stakeholders`,
    );
  }
  for (let j = 0; j < utilities.length; j++) {
    if (!(utilities[j] >= 0) || utilities[j] === Infinity) {
      throw new RangeError(
        `policy ${Math.floor(j / numStakeholders) + 1}, stakeholder ${(j % numStakeholders) + 1}: utility ` +
          `${utilities[j]} is not finite and >= 0`,
      );
    }
  }
  return { numPolicies, numStakeholders, utilities };
}

/** M_p (uniform weights over stakeholders) of one policy's utility vector. */
export function policyWelfare(pool: UtilityPool, policy: number, p: number): number {
  const d = pool.numStakeholders;
  return pMean(pool.utilities.subarray(policy * d, (policy + 1) * d), p);
}

/** The best policy of the pool for M_p and its welfare; ties go to the lowest index. Not counted: see WelfareOracle. */
export function bestPolicy(pool: UtilityPool, p: number): { policy: number; value: number } {
  let policy = 0;
  let value = policyWelfare(pool, 0, p);
  for (let k = 1; k < pool.numPolicies; k++) {
    const v = policyWelfare(pool, k, p);
    if (v > value) {
      policy = k;
      value = v;
    }
  }
  return { policy, value };
}
