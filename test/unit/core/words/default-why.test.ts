// "In effect the default" says which term cancels and why.
import { describe, expect, test } from 'vitest';
import type { FeatureSchema } from '../../../../src/core/instance/types.ts';
import { whyDefault } from '../../../../src/core/words/default-why.ts';

const schema: FeatureSchema = {
  columns: [
    { name: 'older', label: 'Ages 51-60', description: '', type: 'binary', group: 'Ages' },
    { name: 'younger', label: 'Ages 10-50', description: '', type: 'binary', group: 'Ages' },
  ],
  groups: [{ name: 'Ages', kind: 'one-hot', columns: [0, 1], ordered: true, buckets: ['Ages 51-60', 'Ages 10-50'] }],
};
// three beneficiaries: older, younger, younger
const population = { numArms: 3, numStates: 2, schema, features: new Float64Array([1, 0, 0, 1, 0, 1]) };

describe('whyDefault', () => {
  test('a term free of state is named: it adds the same with or without a call', () => {
    const why = whyDefault('state + 5 * agent_feats[0]', population)!;
    expect(why).toMatch(/^Why: ‘5 \* “Ages 51-60”’ does not change with her engagement/);
    expect(why).toMatch(
      /moves no one up or down the list\. What is left ranks everyone as the default reward state does\.$/,
    );
  });

  test('terms whose weights add up to the same for everyone are said to cancel', () => {
    const why = whyDefault('state * (1 + agent_feats[0]) + state * agent_feats[1]', population)!;
    expect(why).toMatch(
      new RegExp(
        String.raw`^Why: ‘state \* “Ages 51-60”’ and ‘state \* “Ages 10-50”’ ` +
          String.raw`cancel out: together they weigh every beneficiary alike`,
      ),
    );
  });

  test('a multiple of state weighs everyone alike', () => {
    expect(whyDefault('2 * state', population)).toMatch(
      /‘2 \* state’ weighs every beneficiary alike, which keeps the default's order/,
    );
  });

  test('state itself needs no reason; a reward that weighs people differently says its weights changed no call', () => {
    expect(whyDefault('state', population)).toBeNull();
    expect(whyDefault('state * (1 + agent_feats[0])', population)).toMatch(
      /weighs some beneficiaries more than others, but not enough to change who is called/,
    );
  });
});
