// The posterior draws' membership count, shared by the core's list and the plan worker: known counts
// from given indices, the same ties, eligibility and quotas as the list, and a draw of a posterior
// that is certain gives the mean transitions' list every time.
import { beforeAll, describe, expect, test } from 'vitest';
import { constrainedTopB, shareQuota } from '../../../../src/core/plan/constrained-top-b.ts';
import { seededTieRanks } from '../../../reference/tie-ranks.ts';
import { seededRandom } from '../../../../src/core/random/seeded-random.ts';
import type { TransitionPosterior } from '../../../../src/core/plan/estimate-transitions.ts';
import { generatedRegister } from '../../../../src/core/plan/generated-register.ts';
import { drawStream, listRules, tieDraw, type TopRules } from '../../../../src/core/plan/list-rules.ts';
import { MembershipCount, posteriorDrawIndex } from '../../../../src/core/plan/posterior-draws.ts';
import { currentWeek } from '../../../../src/core/plan/register.ts';
import { estimateTransitions } from '../../../../src/core/plan/estimate-transitions.ts';
import { buildWeeklyList, type IndexFunction } from '../../../../src/core/plan/weekly-list.ts';
import { engineWhittle } from './plan-fixtures.ts';

let whittle: IndexFunction;
beforeAll(async () => {
  whittle = await engineWhittle();
});

const top = (over: Partial<TopRules> = {}): TopRules => ({
  tieRank: Int32Array.from([0, 1, 2, 3]),
  eligible: Uint8Array.from([1, 1, 1, 1]),
  budget: 2,
  quotas: [],
  ...over,
});

describe('MembershipCount', () => {
  test('counts the top-B of each draw: shares per line, and those on the list in some draws but not all', () => {
    const count = new MembershipCount(top(), 4);
    count.add(Float64Array.from([4, 3, 2, 1])); // arms 0, 1
    count.add(Float64Array.from([4, 1, 3, 2])); // arms 0, 2
    count.add(Float64Array.from([4, 3, 1, 1])); // arms 0, 1
    count.add(Float64Array.from([1, 3, 4, 2])); // arms 2, 1
    expect(count.of(Int32Array.from([0, 1]))).toEqual({
      membership: Float64Array.from([3 / 4, 3 / 4]),
      uncertainCount: 3,
    });
    expect(Array.from(count.of(Int32Array.from([3, 2])).membership)).toEqual([0, 0.5]);
  });

  test("ranks each draw under the list's ties, eligibility and quotas", () => {
    const quota = shareQuota('last two', Uint8Array.from([0, 0, 1, 1]), 2, 0.5, 1);
    const count = new MembershipCount(
      top({ eligible: Uint8Array.from([0, 1, 1, 1]), quotas: [quota], tieRank: Int32Array.from([3, 2, 1, 0]) }),
      4,
    );
    // arm 0 not eligible; the quota takes arm 3 (the better tie rank of 2-3), the last place arm 2 (better than 1)
    count.add(Float64Array.from([9, 5, 5, 5]));
    expect(Array.from(count.of(Int32Array.from([0, 1, 2, 3])).membership)).toEqual([0, 0, 1, 1]);
  });
});

describe('MembershipCount without quotas', () => {
  test('counts the very arms constrainedTopB lists (ties, eligibility, short lists), small and large', () => {
    const random = seededRandom(8);
    for (const [N, budget] of [
      [50, 7],
      [3000, 400],
      [3000, 2990],
      [20_000, 1500],
      [20_000, 0],
    ]) {
      const tieRank = seededTieRanks(N, random.int);
      const eligible = Uint8Array.from({ length: N }, () => (random.next() < 0.9 ? 1 : 0));
      const rules: TopRules = { tieRank, eligible, budget, quotas: [] };
      const fast = new MembershipCount(rules, N),
        expected = new Uint16Array(N);
      for (let draw = 0; draw < 4; draw++) {
        // Few distinct values: many ties at the threshold.
        const index = Float64Array.from({ length: N }, () => random.int(draw === 3 ? 1 : 6) * 0.25);
        fast.add(index);
        for (const arm of constrainedTopB({ index, ...rules }).arms) expected[arm]++;
      }
      const all = Int32Array.from({ length: N }, (_, arm) => arm);
      expect(Array.from(fast.of(all).membership), `N ${N}, B ${budget}`).toEqual(Array.from(expected, (c) => c / 4));
    }
  });
});

describe('posteriorDrawIndex', () => {
  test('a posterior too sure to move draws the list of its means every time', () => {
    const { register, truth } = generatedRegister('sclm', { arms: 40 }, 3, { weeks: 3 });
    const N = register.numArms;
    // Beta(q c, (1 - q) c) with c = 1e12: every draw is its mean q to ~1e-6.
    const alpha = new Float64Array(N * 4),
      beta = new Float64Array(N * 4),
      mean = new Float64Array(N * 8);
    for (let cell = 0; cell < N * 4; cell++) {
      const q = Math.min(1 - 1e-6, Math.max(1e-6, truth[cell * 2 + 1]));
      [alpha[cell], beta[cell]] = [q * 1e12, (1 - q) * 1e12];
      [mean[cell * 2], mean[cell * 2 + 1]] = [1 - q, q];
    }
    const posterior = { numArms: N, alpha, beta, transitions: mean, warnings: [] } as unknown as TransitionPosterior;
    const settings = {
      reward: 'state',
      budget: 6,
      exclude: [],
      cooldown: 0,
      shares: [],
      seed: 1,
      draws: 3,
      priorGroup: null,
      level: 0.9,
    };
    const week = currentWeek(register.history);
    const rules = listRules(register, settings, week, posterior);
    const list = buildWeeklyList(register, settings, week, { whittle, posterior }, rules);
    expect(Array.from(list.membership)).toEqual([1, 1, 1, 1, 1, 1]);
    const { random } = tieDraw(rules.tieSeed, N);
    const index = posteriorDrawIndex(posterior, rules, whittle, random);
    for (let j = 0; j < 6; j++) expect(index[list.arms[j]]).toBeCloseTo(list.index[j], 5);
  });

  test('draws the same lists by the same seed, bit for bit, and other lists by another seed', () => {
    const { register } = generatedRegister('dlm', { arms: 2000, sample: 48 }, 4, { weeks: 10, callsPerWeek: 200 });
    const posterior = estimateTransitions(register.history, register.schema, register.features, register.numArms, {
      groupBy: null,
    });
    const week = currentWeek(register.history);
    const settings = (seed: number) => ({
      reward: 'state',
      budget: 150,
      exclude: [],
      cooldown: 0,
      shares: [],
      seed,
      draws: 6,
      priorGroup: null,
      level: 0.9,
    });
    const make = (seed: number) => buildWeeklyList(register, settings(seed), week, { whittle, posterior });
    const a = make(1);
    expect(Array.from(a.membership).some((m) => m > 0 && m < 1)).toBe(true);
    expect(make(1).membership).toEqual(a.membership);
    // One draw on its own, twice from the same stream position: the same indices.
    const rules = listRules(register, settings(1), week, posterior);
    const once = posteriorDrawIndex(posterior, rules, whittle, tieDraw(rules.tieSeed, register.numArms).random);
    expect(posteriorDrawIndex(posterior, rules, whittle, tieDraw(rules.tieSeed, register.numArms).random)).toEqual(
      once,
    );
    const b = make(2);
    expect(Array.from(b.membership)).not.toEqual(Array.from(a.membership));
  });

  test("the draws' stream without the tie ranks is the stream after them, number for number", () => {
    for (const [seed, n] of [
      [7, 1],
      [7, 2],
      [123, 1000],
      [2 ** 31 + 5, 4097],
    ]) {
      const after = tieDraw(seed, n).random,
        stream = drawStream(seed, n);
      const take = (r: typeof after) => Array.from({ length: 50 }, () => r.int(2 ** 32));
      expect(take(stream)).toEqual(take(after));
    }
  });

  test("needs the engine's Beta sampler: an IndexFunction without one is refused in words", () => {
    const { register } = generatedRegister('sclm', { arms: 20 }, 3, { weeks: 3 });
    const posterior = estimateTransitions(register.history, register.schema, register.features, register.numArms, {
      groupBy: null,
    });
    const settings = {
      reward: 'state',
      budget: 4,
      exclude: [],
      cooldown: 0,
      shares: [],
      seed: 1,
      draws: 2,
      priorGroup: null,
      level: 0.9,
    };
    const rules = listRules(register, settings, currentWeek(register.history), posterior);
    const bare: IndexFunction = (t, r, S, d) => whittle(t, r, S, d);
    expect(() => posteriorDrawIndex(posterior, rules, bare, tieDraw(rules.tieSeed, 20).random)).toThrow(
      "posterior draws need the engine's Beta sampler",
    );
  });
});
