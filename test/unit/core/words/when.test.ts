import { expect, test } from 'vitest';
import { dayInWords, whenInWords } from '../../../../src/core/words/when.ts';

test('a moment is day first, month in letters, 24-hour local time (never 11/12/2026)', () => {
  expect(whenInWords(new Date(2026, 10, 12, 9, 5).getTime())).toBe('12 Nov 2026, 09:05');
  expect(whenInWords(new Date(2027, 0, 3, 23, 59).getTime())).toBe('3 Jan 2027, 23:59');
  expect(dayInWords(new Date(2027, 0, 3, 23, 59).getTime())).toBe('3 Jan 2027');
});
