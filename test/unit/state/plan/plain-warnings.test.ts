// The estimator's warnings, said for a program manager: each warning the estimator gives on real
// histories (a history without calls, thin groups) gets plain words, and keeps its technical form.
import { describe, expect, test } from 'vitest';
import { estimateTransitions } from '../../../../src/core/plan/estimate-transitions.ts';
import { generatedRegister } from '../../../../src/core/plan/generated-register.ts';
import { plainWarning } from '../../../../src/state/plan/plain-warnings.ts';

const JARGON = /\bpriors?\b|Beta|posterior|state \d/;

describe('plain warnings', () => {
  test('every warning of a history without calls and with thin groups is said without jargon', () => {
    const { register } = generatedRegister('sclm', { arms: 60 }, 2, { weeks: 3, callsPerWeek: 0 });
    const posterior = estimateTransitions(register.history, register.schema, register.features, register.numArms, { groupBy: register.schema.groups[0].name, minGroupArms: 1000 });
    expect(posterior.warnings.length).toBeGreaterThanOrEqual(2);
    for (const w of posterior.warnings) {
      const plain = plainWarning(w);
      expect(plain.technical).toBe(w);
      expect(plain.plain).not.toMatch(JARGON);
    }
    expect(posterior.warnings.map((w) => plainWarning(w).plain).join(' ')).toMatch(/cannot yet tell what a call does for them/);
  });

  test('names the small groups, and says what allot does meanwhile', () => {
    const w = plainWarning("3 of 6 group priors of not-called weeks rest on fewer than 20 beneficiaries and use the whole register's prior: Ages 51-60 (from not engaged), Ages 51-60 (from engaged), Ages 61+ (from not engaged)");
    expect(w.plain).toBe('Some groups have too few beneficiaries (under 20) to learn from on their own: Ages 51-60, Ages 61+. For them, allot uses what it learned from the whole register.');
    const more = plainWarning("8 of 8 group priors of not-called weeks rest on fewer than 20 beneficiaries and use the whole register's prior: a (from not engaged), a (from engaged), b (from not engaged), b (from engaged), c (from not engaged), c (from engaged), ...");
    expect(more.plain).toMatch(/: a, b, c and others\. For them/);
    const ranges = plainWarning("2 of 4 group priors of not-called weeks rest on fewer than 20 beneficiaries and use the whole register's prior: <= 25 (from not engaged), 26-32 (from engaged)", 'age');
    expect(ranges.plain).toMatch(/: age <= 25, age 26-32\. For them/);
  });

  test('a warning it does not know is shown as it is', () => {
    expect(plainWarning('something new')).toEqual({ plain: 'something new', technical: null });
  });
});
