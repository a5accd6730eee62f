import { describe, expect, test } from 'vitest';
import { drawnWidth, labelColumn, ticksFor } from '../../../src/charts/fit-width.ts';
import { wrapLabel } from '../../../src/charts/wrap-label.ts';

describe('drawnWidth', () => {
  test('a laptop column (or no measurement yet) keeps the usual 640 units, scaled as before', () => {
    expect([drawnWidth(0), drawnWidth(640), drawnWidth(900), drawnWidth(Number.NaN)]).toEqual([640, 640, 640, 640]);
  });

  test('a phone column is drawn at its own width (one unit a CSS pixel), never under 280', () => {
    expect([drawnWidth(330.6), drawnWidth(500), drawnWidth(200)]).toEqual([330, 500, 280]);
  });
});

describe('ticksFor', () => {
  test('as many ticks at 640 units, fewer (at least 3) on a narrow chart', () => {
    expect([ticksFor(640, 6), ticksFor(640, 8), ticksFor(330, 8), ticksFor(280, 5), ticksFor(330, 2)]).toEqual([
      6, 8, 4, 3, 2,
    ]);
  });
});

describe('labelColumn', () => {
  test('at 640 units the bucket names keep their 180-unit, 27-character, 3-line column', () => {
    expect(labelColumn(640)).toEqual({ width: 180, chars: 27, lines: 3 });
  });

  test('on a phone the longest bucket names of the built-in populations still read whole', () => {
    for (const width of [280, 330, 360]) {
      const column = labelColumn(width);
      expect(column.width).toBeLessThanOrEqual(0.4 * width);
      for (const label of [
        'Income bracket 1 (e.g., 0-5000)',
        'Education level 2/7 -- 1-5th Grade Completed',
        'To be called from 8:30am-10:30am',
        'Income bracket 7 (e.g., 30000-999999)',
      ]) {
        const { lines, cut } = wrapLabel(label, column.chars, column.lines);
        expect([label, width, cut]).toEqual([label, width, false]);
        // about 6.2 units a character of 11 px text: each line fits the column
        expect(Math.max(...lines.map((l) => l.length)) * 6.2).toBeLessThanOrEqual(column.width + 1);
      }
    }
  });
});
