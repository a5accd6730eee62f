import { describe, expect, test } from 'vitest';
import { wrapLabel } from '../../../src/charts/wrap-label.ts';

describe('wrapLabel', () => {
  test('a label that fits stays on one line, uncut', () => {
    expect(wrapLabel('Ages 51-60', 27, 3)).toEqual({ lines: ['Ages 51-60'], cut: false });
  });

  test('the longest bucket labels of the built-in populations wrap whole, with no character lost', () => {
    for (const label of [
      'Income bracket 1 (e.g., 0-5000)',
      'Education level 2/7 -- 1-5th Grade Completed',
      'To be called from 8:30am-10:30am',
      'Income bracket 7 (e.g., 30000-999999)',
    ]) {
      const { lines, cut } = wrapLabel(label, 27, 3);
      expect(cut).toBe(false);
      expect(lines.join(' ')).toBe(label);
      expect(lines.every((l) => l.length <= 27)).toBe(true);
    }
  });

  test('a label longer than the lines allow ends with an ellipsis and says it was cut', () => {
    const { lines, cut } = wrapLabel('a '.repeat(60).trim(), 10, 2);
    expect(cut).toBe(true);
    expect(lines).toHaveLength(2);
    expect(lines[1].endsWith('…')).toBe(true);
  });

  test('a word longer than a line is split rather than overflowing', () => {
    expect(wrapLabel('abcdefghijkl', 5, 3).lines).toEqual(['abcde', 'fghij', 'kl']);
  });
});
