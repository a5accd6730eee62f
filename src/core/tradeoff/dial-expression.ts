// R_lambda = state + lambda * (R - state): the dial between the default reward (lambda 0) and a
// candidate R (lambda 1), as a table and as a reward expression the parser accepts.
import { DEFAULT_REWARD } from '../reward/default-reward.ts';
import type { FeatureSchema } from '../instance/types.ts';
import { normalizeReward } from '../reward/normalize-reward.ts';
import { parseReward } from '../reward/parse-reward.ts';
import { pyRepr } from '../reward/py-repr.ts';

/**
 * The table of R_lambda from R's table (numArms x numStates, row-major): entry (i, s) is
 * s + lambda * (R[i, s] - s), the same IEEE operations in the same order as Python evaluates the
 * expression of dialExpression (an int state converts exactly to float), so the table equals the
 * compiled expression bit for bit. At lambda 0 it is the state table itself; at lambda 1 it is R's
 * table (copied: s + (R - s) can differ from R in the last bit, and the expression at 1 is R).
 */
export function dialTable(reward: Float64Array, numStates: number, lambda: number): Float64Array {
  if (lambda === 1) return reward.slice();
  const out = new Float64Array(reward.length);
  for (let k = 0; k < reward.length; k++) {
    const s = k % numStates;
    out[k] = s + lambda * (reward[k] - s);
  }
  return out;
}

/**
 * The reward expression of R_lambda, normalized (canonical spacing and parentheses): `state` at
 * lambda 0, R itself at lambda 1, otherwise `state + lambda * (R - state)`. Throws when R does not
 * parse against the schema (the caller compiled it already, so this is a bug, not user input).
 */
export function dialExpression(reward: string, lambda: number, schema: FeatureSchema): string {
  const text =
    lambda === 0 ? DEFAULT_REWARD : lambda === 1 ? reward : `state + ${pyRepr(lambda)} * ((${reward}) - state)`;
  const parsed = parseReward(text, schema);
  if (!parsed.ok) throw new Error(`the dial's expression does not parse: ${parsed.error.message}`);
  return normalizeReward(parsed.ast);
}
