// The borderline mark's bounds (20-80 %, bounds included) and what the chances say to a supervisor.
import { describe, expect, test } from 'vitest';
import {
  BORDERLINE_HIGH,
  BORDERLINE_LOW,
  borderlineCount,
  chanceSentences,
  isBorderline,
} from '../../../../src/core/plan/borderline.ts';

describe('the borderline mark', () => {
  test('goes to chances from 20% to 80%, bounds included, and never to a chance not counted', () => {
    expect([BORDERLINE_LOW, BORDERLINE_HIGH]).toEqual([0.2, 0.8]);
    const chances = [0, 0.15, 0.199, 0.2, 0.5, 0.8, 0.801, 0.85, 1, NaN];
    expect(chances.map(isBorderline)).toEqual([false, false, false, true, true, true, false, false, false, false]);
    expect(borderlineCount(Float64Array.from([0.2, 0.8, 0.81, 1, NaN]))).toBe(2);
  });

  test('tells the supervisor what it means, and how much the history can tell', () => {
    expect(chanceSentences(Float64Array.from([1, 0.95, 0.5, 1]), 20)).toEqual([
      '1 of 4 calls is borderline: on the list in 20% to 80% of 20 redraws of what the history tells about each ' +
        'beneficiary. If a call must be dropped, drop a borderline one, the lowest chance first.',
    ]);
    const mostly = chanceSentences(Float64Array.from([0.5, 0.1, 0.6, 1]), 20);
    expect(mostly[1]).toBe(
      '1 call is on the list in fewer than 20% of the redraws: the history barely tells it from those just below ' +
        'the list.',
    );
    expect(mostly[2]).toMatch(/^About 2 of the 4 calls would be on the list if each beneficiary's response to a call/);
    const many = chanceSentences(Float64Array.from([0.5, 0.3, 0.1, 0.05, 1]), 20);
    expect(many[0]).toMatch(/^2 of 5 calls are borderline: /);
    expect(many[1]).toMatch(/^2 calls are on the list in fewer than 20% of the redraws: .* tells them /);
    expect(chanceSentences(Float64Array.from([NaN, NaN]), 0)).toEqual([]);
  });
});
