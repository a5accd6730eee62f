import { describe, expect, test } from 'vitest';
import { chooseLambda } from '../../../../src/core/tradeoff/choose-lambda.ts';
import { priceSentence } from '../../../../src/core/tradeoff/price-sentence.ts';
import type { DialPoint } from '../../../../src/core/tradeoff/sweep-dial.ts';

/** A point whose trials all have engagement e (plus a little spread), favoured engagement f. */
function point(lambda: number, e: number[], f: number): DialPoint {
  const mean = e.reduce((a, b) => a + b, 0) / e.length;
  const none = new Float64Array(0);
  return {
    lambda,
    engagement: mean,
    engagementSe: 0.001,
    engagementPerTrial: Float64Array.from(e),
    priority: f,
    prioritySe: 0.01,
    favouredCalls: 0.2,
    calls: none,
    engaged: none,
    armSteps: none,
    boundsHeld: null,
  };
}

describe('priceSentence', () => {
  const base = point(0, [0.5, 0.52, 0.48, 0.5], 0.4);
  test('states the loss with its paired standard error and the favoured group’s gain', () => {
    const points = [base, point(0.5, [0.49, 0.51, 0.47, 0.49], 0.45), point(1, [0.45, 0.47, 0.43, 0.45], 0.5)];
    const choice = chooseLambda(points, 0.03);
    expect(choice.lambda).toBe(0.5);
    expect(priceSentence(points, choice, 0.03, 'Ages 51-60')).toBe(
      'Favouring Ages 51-60 costs 2.0% of engagement (± 0.0%) at λ = 0.5; their engagement goes from 40.0% to 45.0%.',
    );
  });

  test('says "no measurable" when the loss is within two standard errors', () => {
    const points = [base, point(1, [0.51, 0.5, 0.47, 0.5], 0.42)];
    const choice = chooseLambda(points, 0.05);
    expect(priceSentence(points, choice, 0.05, 'Income low')).toMatch(
      /^Favouring Income low costs no measurable engagement \(1\.0% ± 1\.3%\) at λ = 1 \(the reward as written\)/,
    );
  });

  test('a loss of exactly two standard errors is measurable, as in the policy comparisons (one noise rule)', () => {
    const points = [base, point(1, [0.4, 0.42, 0.38, 0.4], 0.6)];
    const choice = { ...chooseLambda(points, 0.5), engagementLoss: 0.02, engagementLossSe: 0.01 };
    expect(priceSentence(points, choice, 0.5, 'x')).toMatch(/^Favouring x costs 2\.0% of engagement \(± 1\.0%\)/);
    expect(priceSentence(points, { ...choice, engagementLoss: 0.0199 }, 0.5, 'x')).toMatch(
      /^Favouring x costs no measurable/,
    );
  });

  test('says so when no step of the dial stays within the limit', () => {
    const points = [base, point(0.5, [0.4, 0.42, 0.38, 0.4], 0.6)];
    expect(priceSentence(points, chooseLambda(points, 0.01), 0.01, 'x')).toBe(
      'No setting of the dial stays within a loss of 1.0%: the smallest step tried, λ = 0.5, already costs more. ' +
        'The pick is the default policy.',
    );
  });
});
