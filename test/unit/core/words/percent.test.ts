import { describe, expect, test } from 'vitest';
import { NOT_AVAILABLE, percent, signedPercent } from '../../../../src/core/words/percent.ts';

describe('percent: one style for every share in words', () => {
  test('a share as a percentage, one decimal by default, no space before the sign', () => {
    expect(percent(0.1234)).toBe('12.3%');
    expect(percent(0.1234, 0)).toBe('12%');
    expect(percent(0.00012, 2)).toBe('0.01%');
    expect(percent(1)).toBe('100.0%');
  });
  test('a missing or undefined share is a dash, never "NaN%"', () => {
    for (const x of [null, undefined, NaN]) expect(percent(x)).toBe(NOT_AVAILABLE);
  });
  test('a change is always signed', () => {
    expect(signedPercent(0.012)).toBe('+1.2%');
    expect(signedPercent(-0.004)).toBe('-0.4%');
    expect(signedPercent(0)).toBe('+0.0%');
    expect(signedPercent(null)).toBe(NOT_AVAILABLE);
  });
});
