import { beforeAll, describe, expect, test } from 'vitest';
import { bitAt } from '../../../../src/core/plan/bit-plane.ts';
import { detailAt } from '../../../../src/core/plan/line-reasons.ts';
import { shareQuota } from '../../../../src/core/plan/constrained-top-b.ts';
import { seededTieRanks } from '../../../reference/tie-ranks.ts';
import { estimateTransitions } from '../../../../src/core/plan/estimate-transitions.ts';
import { generatedRegister } from '../../../../src/core/plan/generated-register.ts';
import { weekSeed, type PlanSettings } from '../../../../src/core/plan/plan-settings.ts';
import { currentState, currentWeek, type Register } from '../../../../src/core/plan/register.ts';
import { buildWeeklyList, PlanError, type IndexFunction } from '../../../../src/core/plan/weekly-list.ts';
import { bucketOfArms } from '../../../../src/core/measures/bucket-of-arms.ts';
import { seededRandom } from '../../../../src/core/random/seeded-random.ts';
import { compileReward } from '../../../../src/core/reward/compile-reward.ts';
import { referenceConstrainedTopB } from '../../../reference/constrained-top-b.ts';
import { closedFormWhittle2, type Q } from '../../../reference/whittle2.ts';
import { engineWhittle, reasonsOf } from './plan-fixtures.ts';
import { valueAt } from '../../../../src/core/instance/feature-table.ts';
import { idAt, unpackIds } from '../../../../src/core/plan/packed-ids.ts';

let whittle: IndexFunction;
beforeAll(async () => {
  whittle = await engineWhittle();
});

const settings = (over: Partial<PlanSettings>): PlanSettings => ({
  reward: 'state',
  budget: 10,
  exclude: [],
  cooldown: 0,
  shares: [],
  seed: 0,
  draws: 0,
  priorGroup: null,
  level: 0.9,
  ...over,
});

/** A random register and settings: a built-in population, weeks of history, exclusions, cooldown, shares. */
function randomCase(seed: number): { register: Register; settings: PlanSettings } {
  const r = seededRandom(seed);
  const name = ['sclm', 'multilingual', 'dlm'][seed % 3];
  const arms = 60 + r.int(300);
  const { register } = generatedRegister(
    name,
    name === 'dlm' ? { arms, sample: Math.min(48, arms) } : { arms, budget: Math.max(1, Math.round(arms / 10)) },
    seed,
    { weeks: 2 + r.int(8), callsPerWeek: r.int(Math.round(arms / 5)) },
  );
  const groups = register.schema.groups;
  const budget = 1 + r.int(Math.round(arms / 4));
  const shares = [];
  for (let k = r.int(3); k > 0; k--) {
    const g = groups[r.int(groups.length)];
    const lo = r.next() < 0.6 ? r.next() * 0.3 : 0;
    shares.push({
      group: g.name,
      bucket: g.buckets[r.int(g.buckets.length)],
      min: lo,
      max: r.next() < 0.5 ? lo + 0.1 + r.next() * 0.5 : 1,
    });
  }
  const rewards = [
    'state',
    'state * (1 + 3 * agent_feats[0])',
    '2 * state - state * agent_feats[1]',
    'state + (state if agent_feats[2] > 0.5 else 0)',
  ];
  return {
    register,
    settings: settings({
      reward: rewards[r.int(rewards.length)],
      budget,
      exclude: unpackIds(register.ids).filter(() => r.next() < 0.1),
      cooldown: r.int(3),
      shares: shares.filter((s) => Math.ceil(s.min * budget - 1e-9) <= Math.floor(s.max * budget + 1e-9)),
      seed: r.int(1000),
      priorGroup: r.next() < 0.5 ? null : groups[0].name,
    }),
  };
}

/**
 * The list by brute force: reference closed-form indices, eligibility counted from the history, the reference top-B.
 */
function bruteForce(register: Register, s: PlanSettings, transitions: Float64Array) {
  const N = register.numArms;
  const state = currentState(register);
  const idx = (expr: string) => {
    const c = compileReward(expr, register);
    if (!c.ok) throw new Error(c.error.message);
    return Float64Array.from({ length: N }, (_, arm) => {
      const q: Q = [
        [transitions[arm * 8 + 1], transitions[arm * 8 + 3]],
        [transitions[arm * 8 + 5], transitions[arm * 8 + 7]],
      ];
      return closedFormWhittle2(q, [c.table[arm * 2], c.table[arm * 2 + 1]], register.discount)[state[arm]];
    });
  };
  const weeks = register.history.called.length;
  const eligible = Uint8Array.from({ length: N }, (_, arm) => {
    if (s.exclude.includes(idAt(register.ids, arm))) return 0;
    for (let w = weeks - 1 - s.cooldown; w < weeks - 1; w++)
      if (w >= 0 && bitAt(register.history.called[w], arm)) return 0;
    return 1;
  });
  const tieRank = seededTieRanks(N, seededRandom(weekSeed(s.seed, currentWeek(register.history))).int);
  const quotas = s.shares.map((sh) => {
    const g = register.schema.groups.find((x) => x.name === sh.group)!;
    const b = bucketOfArms(register.features, N, register.schema.columns.length, g);
    return shareQuota(
      sh.bucket,
      Uint8Array.from(b, (x) => (x === g.buckets.indexOf(sh.bucket) ? 1 : 0)),
      s.budget,
      sh.min ?? 0,
      sh.max ?? 1,
    );
  });
  const index = idx(s.reward),
    defaultIndex = idx('state');
  const list = referenceConstrainedTopB(index, tieRank, eligible, s.budget, quotas);
  const order = Array.from({ length: N }, (_, a) => a)
    .filter((a) => eligible[a])
    .sort((a, b) => defaultIndex[b] - defaultIndex[a] || tieRank[a] - tieRank[b]);
  // Default ranks under the same rules: her place on the default list, else after it among those it left out.
  const defaults = referenceConstrainedTopB(defaultIndex, tieRank, eligible, s.budget, quotas).arms;
  const rest = order.filter((a) => !defaults.includes(a));
  const defaultRank = list.arms.map((arm) =>
    defaults.includes(arm) ? defaults.indexOf(arm) + 1 : defaults.length + 1 + rest.indexOf(arm),
  );
  return { list, index, eligible, quotas, tieRank, defaultRank };
}

describe('buildWeeklyList', () => {
  test(
    'equals a brute-force top-B by the reference index twin, and every constraint holds, on 40 ' + 'random registers',
    () => {
      const minimumLines = { credited: 0, listedAnyway: 0 };
      for (let seed = 0; seed < 40; seed++) {
        const { register, settings: s } = randomCase(seed);
        const posterior = estimateTransitions(register.history, register.schema, register.features, register.numArms, {
          groupBy: s.priorGroup,
        });
        const list = buildWeeklyList(register, s, currentWeek(register.history), { whittle, posterior });
        const brute = bruteForce(register, s, posterior.transitions);
        expect(Array.from(list.arms), `seed ${seed}`).toEqual(brute.list.arms);
        expect(Array.from(list.defaultRank), `seed ${seed}`).toEqual(brute.defaultRank);
        expect(Array.from(list.index)).toEqual(brute.list.arms.map((arm) => brute.index[arm]));
        for (const arm of list.arms)
          expect(brute.eligible[arm], `seed ${seed}: arm ${arm} is excluded or in cooldown`).toBe(1);
        brute.quotas.forEach((q) => {
          const calls = Array.from(list.arms).filter((arm) => q.members[arm]).length;
          expect(calls).toBeLessThanOrEqual(q.max);
          if (calls < q.min) expect(list.unmet.join('\n')).toContain(q.label);
        });
        expect(list.arms.length === s.budget || list.unmet.length > 0).toBe(true);
        expect(reasonsOf(list)).toHaveLength(list.arms.length);
        // A minimum is credited with exactly those it took who are not on the list made without it.
        const credited = brute.quotas.map((_q, k) => {
          const quotas = brute.quotas.map((x, i) => (i === k ? { ...x, min: 0 } : x));
          const without = new Set(
            referenceConstrainedTopB(brute.index, brute.tieRank, brute.eligible, s.budget, quotas).arms,
          );
          return brute.list.arms.filter((arm, j) => brute.list.via[j] === k && !without.has(arm));
        });
        list.via.forEach((label, j) => {
          const k = brute.list.via[j];
          const brought = k >= 0 && credited[k].includes(list.arms[j]);
          if (k >= 0) minimumLines[brought ? 'credited' : 'listedAnyway']++;
          expect(label !== '', `seed ${seed}, line ${j}`).toBe(brought);
          if (brought) expect(label.endsWith(brute.quotas[k].label)).toBe(true);
        });
      }
      // both kinds of lines a minimum takes occur: those it brought in, and those on the list anyway
      expect(minimumLines.credited).toBeGreaterThan(0);
      expect(minimumLines.listedAnyway).toBeGreaterThan(0);
    },
    60_000,
  );

  test('is reproduced exactly by its seed, and another seed breaks ties differently', () => {
    const { register } = generatedRegister('sclm', { arms: 400, budget: 40 }, 5, { weeks: 1 });
    // One week: no transitions seen, so every index is 0 and the list is the tie draw alone.
    const posterior = estimateTransitions(register.history, register.schema, register.features, register.numArms, {
      groupBy: null,
    });
    const make = (seed: number) =>
      buildWeeklyList(register, settings({ budget: 40, seed, draws: 5 }), 1, { whittle, posterior });
    const a = make(1);
    expect(new Set(a.index).size).toBe(1);
    expect(make(1)).toEqual(a);
    expect(Array.from(make(2).arms)).not.toEqual(Array.from(a.arms));
    expect(a.tieSeed).toBe(weekSeed(1, 1));
    expect(a.warnings.map((w) => w.technical).join('\n')).toContain(
      "the prior of a call's effect from there assumes a call changes nothing",
    );
  });

  test('explains a priority by its terms and features, and states the make-up against the default in words', () => {
    const { register } = generatedRegister('dlm', { arms: 3000 }, 2, { weeks: 20 });
    const posterior = estimateTransitions(register.history, register.schema, register.features, register.numArms, {
      groupBy: 'Ages',
    });
    const list = buildWeeklyList(
      register,
      settings({ reward: 'state * (1 + 4 * agent_feats.age_51_60)', budget: 160 }),
      20,
      { whittle, posterior },
    );
    const ages = list.groups.filter((g) => g.group === 'Ages');
    const old = ages.find((g) => g.bucket === 'Ages 51-60')!;
    expect(old.calls).toBeGreaterThan(old.defaultCalls);
    expect(old.shareCalls).toBeCloseTo(old.calls / 160, 12);
    expect(old.sharePopulation).toBeCloseTo(old.population / 3000, 12);
    expect(list.sentences[0]).toMatch(
      new RegExp(
        `^this priority moves ${old.calls - old.defaultCalls} of 160 calls to Ages 51-60, mostly from Ages \\d`,
      ),
    );
    const j = Array.from(list.arms).findIndex(
      (arm) =>
        valueAt(register.features.columns[register.schema.columns.findIndex((c) => c.name === 'age_51_60')], arm) === 1,
    );
    expect(detailAt(list, j)).toContain('raised by state * (4 * “Ages 51-60”) (+4 vs average');
    expect(detailAt(list, j)).toContain('she is Ages 51-60');
    // Posterior intervals of the listed: if called and if not, around the posterior means.
    for (let k = 0; k < 4; k++) expect(list.intervals[k]).toBeGreaterThanOrEqual(0);
    expect(list.intervals[0]).toBeLessThanOrEqual(list.intervals[1]);
  });

  test('refuses a bad reward, an unknown group or bucket and a budget above the register, saying where', () => {
    const { register } = generatedRegister('sclm', { arms: 50, budget: 5 }, 1, { weeks: 3 });
    const posterior = estimateTransitions(register.history, register.schema, register.features, register.numArms, {
      groupBy: null,
    });
    const errors = (s: Partial<PlanSettings>) => {
      try {
        buildWeeklyList(register, settings(s), 3, { whittle, posterior });
      } catch (error) {
        expect(error).toBeInstanceOf(PlanError);
        return (error as PlanError).errors.join('\n');
      }
      return '';
    };
    expect(errors({ reward: 'state * agent_feats.nope' })).toContain('the reward, at character 21');
    expect(errors({ shares: [{ group: 'Age', bucket: 'x', min: 0.1 }] })).toContain(
      'the share constraint names the group "Age", which the register does not have; its groups are "Feature A"',
    );
    expect(errors({ shares: [{ group: 'Feature A', bucket: 'x', min: 0.1 }] })).toContain(
      'the group "Feature A" has no bucket "x"; its buckets are "A 0-0.2"',
    );
    expect(errors({ budget: 51 })).toContain('the budget 51 is more than the 50 beneficiaries');
  });
});

describe('groupBuckets', () => {
  test('equals bucketOfArms group by group, one-hot and bucketed', async () => {
    const { groupBuckets } = await import('../../../../src/core/measures/group-buckets.ts');
    const { register } = generatedRegister('dlm', { arms: 500 }, 4, { weeks: 1 });
    const all = groupBuckets(register.schema, register.features, 500);
    register.schema.groups.forEach((g, gi) =>
      expect(Array.from(all[gi]), g.name).toEqual(
        Array.from(bucketOfArms(register.features, 500, register.schema.columns.length, g)),
      ),
    );
    expect(groupBuckets(register.schema, register.features, 500)).toBe(all);
  });
});
