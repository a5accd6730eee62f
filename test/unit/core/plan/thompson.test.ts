// Thompson sampling's draw: reproducible from the week's seed, averaging to the posterior means, and
// the same draw as the list's posterior draws (posteriorDrawIndex) from the same stream.
import { beforeAll, describe, expect, test } from 'vitest';
import { estimateTransitions } from '../../../../src/core/plan/estimate-transitions.ts';
import { generatedRegister } from '../../../../src/core/plan/generated-register.ts';
import { listRules } from '../../../../src/core/plan/list-rules.ts';
import { PLAN_DEFAULTS, weekSeed } from '../../../../src/core/plan/plan-settings.ts';
import { currentIndex, posteriorDrawIndex, type IndexFunction } from '../../../../src/core/plan/posterior-draws.ts';
import { currentWeek } from '../../../../src/core/plan/register.ts';
import { drawTransitions, planningTransitions, thompsonSeed } from '../../../../src/core/plan/thompson.ts';
import { seededRandom } from '../../../../src/core/random/seeded-random.ts';
import { engineWhittle } from './plan-fixtures.ts';

let whittle: IndexFunction;
beforeAll(async () => {
  whittle = await engineWhittle();
});

const { register } = generatedRegister('sclm', { arms: 200, budget: 20 }, 5, { weeks: 12 });
const posterior = estimateTransitions(register.history, register.schema, register.features, 200, { groupBy: null });

describe('Thompson sampling', () => {
  test("plans on the means, or on one draw fixed by the week's seed and other each week", () => {
    expect(planningTransitions(posterior, 'means', 1, whittle.sampleBeta!)).toBe(posterior.transitions);
    const a = planningTransitions(posterior, 'thompson', weekSeed(0, 12), whittle.sampleBeta!);
    expect(planningTransitions(posterior, 'thompson', weekSeed(0, 12), whittle.sampleBeta!)).toEqual(a);
    expect(planningTransitions(posterior, 'thompson', weekSeed(0, 13), whittle.sampleBeta!)).not.toEqual(a);
    for (let row = 0; row < 200 * 4; row++) expect(a[row * 2] + a[row * 2 + 1]).toBeCloseTo(1, 12);
    expect(thompsonSeed(5)).not.toBe(5);
  });

  test('draws average to the posterior means: per row z-scores of the mean of 2,000 draws look standard normal', () => {
    const random = seededRandom(3);
    const D = 2000,
      sum = new Float64Array(200 * 4);
    const out = new Float64Array(200 * 8);
    for (let d = 0; d < D; d++) {
      drawTransitions(posterior, whittle.sampleBeta!, random, out);
      for (let cell = 0; cell < 200 * 4; cell++) sum[cell] += out[cell * 2 + 1];
    }
    let z2 = 0,
      most = 0;
    for (let cell = 0; cell < 200 * 4; cell++) {
      const a = posterior.alpha[cell],
        b = posterior.beta[cell];
      const sd = Math.sqrt((a * b) / ((a + b) ** 2 * (a + b + 1)));
      const z = ((sum[cell] / D - a / (a + b)) * Math.sqrt(D)) / sd;
      z2 += z * z;
      most = Math.max(most, Math.abs(z));
    }
    // 800 rows: the mean of z^2 is 1 +- 0.05; the largest |z| of 800 normals exceeds 4.5 with probability 0.005
    expect(Math.abs(z2 / 800 - 1)).toBeLessThan(0.2);
    expect(most).toBeLessThan(4.5);
  });

  test("is the draw the list's uncertainty marks take from the same stream", () => {
    const settings = { reward: 'state', budget: 20, exclude: [], shares: [], priorGroup: null, ...PLAN_DEFAULTS };
    const rules = listRules(register, settings, currentWeek(register.history), posterior);
    const viaMarks = posteriorDrawIndex(posterior, rules, whittle, seededRandom(9));
    const viaThompson = currentIndex(rules, whittle, drawTransitions(posterior, whittle.sampleBeta!, seededRandom(9)));
    expect(Array.from(viaThompson)).toEqual(Array.from(viaMarks));
  });
});
