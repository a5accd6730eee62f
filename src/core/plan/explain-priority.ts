// Why a beneficiary's priority under a reward differs from her priority under the default `state`.
//
// Method. For a 2-state arm any reward is r(i, s) = a_i + w_i s with w_i = r(i, 1) - r(i, 0), and the
// Whittle index is linear in the reward difference (the closed form of src/engine and
// test/reference/whittle2.ts: W = beta g / d with g = (q_s1 - q_s0) (r1 - r0)): her index under the
// reward is w_i times her index under `state` (w = 1), whatever her transitions. So her "weight" w_i
// says everything the reward does to her, and it is a sum over the reward's additive terms: the
// expression's top-level sums and differences, with products and divisions of a sum by a factor
// distributed (state * (1 + 2 * x) -> state * 1 + state * 2 * x), each term t giving
// w_i(t) = t(i, 1) - t(i, 0). Against the default, what moves her up or down the list is how her weight
// compares with the others': each term's contribution is w_i(t) minus that term's mean weight over the
// eligible beneficiaries; the reason names the terms with the largest contributions and the features
// they read (with her values). For S > 2 states the weight is (r(S-1) - r(0)) / (S - 1), an
// approximation stated in the reason.
import type { FeatureSchema } from '../instance/types.ts';
import type { RewardPopulation } from '../reward/compile-reward.ts';

/** One additive term of a reward, with its weight per beneficiary. */
export interface RewardTerm {
  /** Canonical text of the term (normalize-reward.ts), e.g. "2 * state * agent_feats[12]". */
  text: string;
  /** numArms: t(i, S-1) - t(i, 0), divided by S - 1. */
  weight: Float64Array;
  /** Feature indices the term reads. */
  featuresUsed: number[];
}

/** The reward's additive terms (at least one: the whole expression when it does not split). */
export function rewardTerms(expression: string, population: RewardPopulation): RewardTerm[] {
  void expression; void population;
  throw new Error('rewardTerms: not implemented yet');
}

/** Mean weight of each term over the arms flagged in `over` (eligible beneficiaries). */
export function meanTermWeights(terms: RewardTerm[], over: Uint8Array | null): Float64Array {
  void terms; void over;
  throw new Error('meanTermWeights: not implemented yet');
}

/** The reason of one line, in words: her weight against the default, the terms and features that raised or lowered her. */
export function explainPriority(terms: RewardTerm[], means: Float64Array, arm: number, schema: FeatureSchema, features: Float64Array, defaultRank: number, rank: number): string {
  void terms; void means; void arm; void schema; void features; void defaultRank; void rank;
  throw new Error('explainPriority: not implemented yet');
}
