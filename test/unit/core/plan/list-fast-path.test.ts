import { describe, expect, test } from 'vitest';
import { constrainedTopB, topBSet } from '../../../../src/core/plan/constrained-top-b.ts';
import { seededTieRanks } from '../../../reference/tie-ranks.ts';
import type { CallQuota } from '../../../../src/core/plan/constrained-top-b.ts';
import { generatedRegister } from '../../../../src/core/plan/generated-register.ts';
import { listRules } from '../../../../src/core/plan/list-rules.ts';
import type { PlanSettings } from '../../../../src/core/plan/plan-settings.ts';
import { currentIndex } from '../../../../src/core/plan/posterior-draws.ts';
import { ranksAmong } from '../../../../src/core/plan/ranks-among.ts';
import { currentWeek } from '../../../../src/core/plan/register.ts';
import { buildWeeklyList } from '../../../../src/core/plan/weekly-list.ts';
import { planPosterior } from '../../../../src/core/plan/plan-state.ts';
import { seededRandom, type Random } from '../../../../src/core/random/seeded-random.ts';
import { count } from '../../../../src/core/words/count.ts';
import { constrainedTopBByComparator, ranksAmongBySearch } from '../../../reference/list-by-comparator.ts';
import { engineWhittle, reasonsOf } from './plan-fixtures.ts';
import { unpackIds } from '../../../../src/core/plan/packed-ids.ts';

// Indices with masses of ties (0, -0, a few values) and a continuous part, as lists have.
const indices = (r: Random, n: number) =>
  Float64Array.from({ length: n }, () => {
    const u = r.next();
    if (u < 0.15) return r.next() < 0.5 ? -0 : 0;
    return u < 0.3 ? r.int(4) / 4 - 0.25 : u < 0.35 ? -r.next() : r.next() * r.next();
  });

describe('the radix list path equals the comparator path it replaced', () => {
  test('constrainedTopB and ranksAmong on random inputs with ties, exclusions, floors and caps', () => {
    const r = seededRandom(28);
    for (let t = 0; t < 40; t++) {
      const n = [50, 1500, 5000, 20000][t % 4] + r.int(100);
      const index = indices(r, n);
      const tieRank = seededTieRanks(n, r.int);
      const eligible = r.next() < 0.2 ? null : Uint8Array.from({ length: n }, () => (r.next() < 0.85 ? 1 : 0));
      const budget = r.int(Math.ceil(n / 3)) + 1;
      const quotas: CallQuota[] = Array.from({ length: r.int(3) }, (_, q) => {
        const members = Uint8Array.from({ length: n }, () => (r.next() < 0.3 ? 1 : 0));
        const min = r.next() < 0.6 ? r.int(Math.ceil(budget / 2)) : 0;
        return { label: `q${q}`, members, min, max: r.next() < 0.5 ? Infinity : min + r.int(budget) };
      });
      const input = { index, tieRank, eligible, budget, quotas };
      const fast = constrainedTopB(input),
        old = constrainedTopBByComparator(input);
      expect(Array.from(fast.arms)).toEqual(Array.from(old.arms));
      expect(Array.from(fast.via)).toEqual(Array.from(old.via));
      expect(Array.from(fast.quotaCalls)).toEqual(Array.from(old.quotaCalls));
      expect(fast.unmet).toEqual(old.unmet);
      // the draws' unordered top-B: the same arms as the list without quotas
      const plain = constrainedTopBByComparator({ ...input, quotas: [] }).arms;
      const candidates = Int32Array.from({ length: n }, (_, a) => a)
        .filter((a) => !eligible || eligible[a])
        .reverse();
      const set = topBSet(index, new Int32Array(0), tieRank, candidates, budget);
      expect(Array.from(set).sort((a, b) => a - b)).toEqual(Array.from(plain).sort((a, b) => a - b));
      // ranks of listed arms and of others, eligible or not
      const picks = Int32Array.from({ length: Math.min(n, 300) }, () => r.int(n));
      const arms = picks.filter((a, j) => picks.indexOf(a) === j);
      for (const some of [arms, fast.arms]) {
        const old = ranksAmongBySearch(index, tieRank, eligible, some);
        expect(Array.from(ranksAmong(index, tieRank, eligible, some))).toEqual(Array.from(old));
      }
    }
  });

  test('the week list on random registers with every rule: same lines, default list, ranks, reasons', async () => {
    const whittle = await engineWhittle();
    const r = seededRandom(7);
    const rewards = [
      'state',
      'state * (1 + 2 * agent_feats.age_51_60 + agent_feats.income_1)',
      'state * (1 + agent_feats.education_1) - 0.5 * agent_feats.age_21_30',
    ];
    for (let t = 0; t < 6; t++) {
      const N = 2500 + r.int(3000);
      const history = { weeks: 6, callsPerWeek: Math.round(N / 8) };
      const { register } = generatedRegister('dlm', { arms: N, sample: 48 }, 10 + t, history);
      const week = currentWeek(register.history);
      const budget = Math.round(N / (5 + r.int(10)));
      const settings: PlanSettings = {
        reward: rewards[t % rewards.length],
        budget,
        cooldown: r.int(3),
        exclude: unpackIds(register.ids).filter(() => r.next() < 0.05),
        shares: [
          { group: 'Ages', bucket: 'Ages 51-60', min: 0.1 + 0.2 * r.next() },
          { group: 'Languages', bucket: 'Speaks Hindi', max: 0.2 + 0.3 * r.next() },
        ].filter(() => r.next() < 0.8),
        seed: t,
        draws: 0,
        priorGroup: 'Ages',
        level: 0.9,
      };
      const posterior = planPosterior(register, 'Ages');
      const list = buildWeeklyList(register, settings, week, { whittle, posterior });
      const rules = listRules(register, settings, week, posterior);
      const index = currentIndex(rules, whittle, rules.transitions);
      const S = register.numStates;
      const stateReward = Float64Array.from({ length: N * S }, (_, i) => i % S);
      const defaultIndex = currentIndex(rules, whittle, rules.transitions, stateReward);
      const old = constrainedTopBByComparator({ index, ...rules.top });
      expect(Array.from(list.arms)).toEqual(Array.from(old.arms));
      const oldDefault = constrainedTopBByComparator({ index: defaultIndex, ...rules.top });
      expect(Array.from(list.defaultArms)).toEqual(Array.from(oldDefault.arms));
      // default ranks under the same rules: her place on the default list, else after it among those it left out
      const place = new Map(Array.from(oldDefault.arms, (arm, j) => [arm, j + 1]));
      const rest = Uint8Array.from(rules.top.eligible, (e, arm) => (e && !place.has(arm) ? 1 : 0));
      const after = ranksAmongBySearch(defaultIndex, rules.top.tieRank, rest, old.arms);
      const ranks = Int32Array.from(old.arms, (arm, j) => place.get(arm) ?? oldDefault.arms.length + after[j]);
      expect(Array.from(list.defaultRank)).toEqual(Array.from(ranks));
      expect(reasonsOf(list).length).toBe(old.arms.length);
      // the reasons name the default places as toLocaleString writes them
      reasonsOf(list).forEach((reason, j) => {
        const moved = Math.abs(ranks[j] - (j + 1));
        if (moved < 1000 || list.via[j] || !reason.includes('than the default')) return;
        expect(reason).toContain(moved.toLocaleString('en'));
      });
    }
  });

  test('count writes whole numbers as toLocaleString("en") does', () => {
    const r = seededRandom(3);
    const random = Array.from({ length: 200 }, () => r.int(2e9) - 1e9);
    for (const n of [0, 1, 999, 1000, -1000, 123456789, Number.MAX_SAFE_INTEGER, -45678, ...random]) {
      expect(count(n)).toBe(n.toLocaleString('en'));
    }
  });
});
