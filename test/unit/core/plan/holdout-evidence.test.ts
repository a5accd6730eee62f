import { beforeAll, describe, expect, test } from 'vitest';
import { zeroPlane } from '../../../../src/core/plan/bit-plane.ts';
import { seededTieRanks } from '../../../reference/tie-ranks.ts';
import { armOrder, selectBest } from '../../../reference/select-arms.ts';
import { generatedRegister } from '../../../../src/core/plan/generated-register.ts';
import { armBudgets, armEligible, holdoutArms } from '../../../../src/core/plan/holdout.ts';
import {
  holdoutEvidence,
  holdoutEvidenceByWeek,
  mdeSentence,
  minimumDetectableEffect,
  tQuantile975,
} from '../../../../src/core/plan/holdout-evidence.ts';
import { MISSING, type History } from '../../../../src/core/plan/register.ts';
import { seededRandom, type Random } from '../../../../src/core/random/seeded-random.ts';
import { engineWhittle, simulateWeek } from './plan-fixtures.ts';
import { stateAt, weekBytes } from '../../../../src/core/plan/week-states.ts';

describe('holdoutEvidence', () => {
  test("per-mother shares, then Welch's two-sample comparison", () => {
    // 4 mothers, plan: 0 and 1, holdout: 2 and 3; weeks after the start: 3 (mother 3 left after one)
    const rows = [
      [0, 0, 0, 0],
      [1, 1, 0, 1],
      [1, 0, 0, MISSING],
      [1, 1, 1, MISSING],
    ];
    const states = rows.map((row) => Uint8Array.from(row));
    const history: History = { firstWeek: 5, states, called: states.map(() => zeroPlane(4)) };
    const e = holdoutEvidence(history, Uint8Array.of(0, 0, 1, 1), 0, 2)!;
    expect(e.weeks).toBe(3);
    // shares: plan 1, 2/3; holdout 1/3, 1
    expect(e.plan).toMatchObject({ mothers: 2, engagedWeeks: 2.5 });
    expect(e.plan.share).toBeCloseTo(5 / 6, 12);
    expect(e.holdout.share).toBeCloseTo(2 / 3, 12);
    expect(e.holdout.engagedWeeks).toBe(1);
    const vp = ((1 - 5 / 6) ** 2 + (2 / 3 - 5 / 6) ** 2) / 1,
      vh = ((1 / 3 - 2 / 3) ** 2 + (1 - 2 / 3) ** 2) / 1;
    expect(e.effect).toBeCloseTo(1 / 6, 12);
    expect(e.se).toBeCloseTo(Math.sqrt(vp / 2 + vh / 2), 12);
    const df = (vp / 2 + vh / 2) ** 2 / ((vp / 2) ** 2 + (vh / 2) ** 2);
    expect(e.df).toBeCloseTo(df, 10);
    expect(e.ci95[1] - e.effect).toBeCloseTo(tQuantile975(df) * e.se, 10);
    expect(holdoutEvidence(history, Uint8Array.of(0, 1, 1, 1), 0, 2)).toBeNull();
    expect(holdoutEvidence(history, Uint8Array.of(0, 0, 1, 1), 3, 2)).toBeNull();
  });

  test('week by week in one pass: the same numbers as each week counted again from the start', () => {
    // The slow twin: every week's evidence from the history cut after it, counted from the plan's start.
    const slow = (history: History, inHoldout: Uint8Array, start: number, S: number, upTo: number) => {
      const N = inHoldout.length;
      const seen = new Float64Array(N),
        hits = new Float64Array(N);
      for (let w = start + 1; w <= upTo; w++) {
        for (let arm = 0; arm < N; arm++) {
          const s = stateAt(history.states[w], arm);
          if (s !== MISSING) seen[arm]++;
          if (s === S - 1) hits[arm]++;
        }
      }
      const arm = (h: number) => {
        const ys: number[] = [];
        let engaged = 0;
        for (let i = 0; i < N; i++) {
          if (inHoldout[i] !== h || seen[i] === 0) continue;
          ys.push(hits[i] / seen[i]);
          engaged += hits[i];
        }
        const mean = ys.reduce((a, b) => a + b, 0) / ys.length;
        return { n: ys.length, mean, engaged: engaged / ys.length };
      };
      return { plan: arm(0), holdout: arm(1) };
    };
    const random = seededRandom(11);
    const N = 500,
      W = 12,
      start = 3;
    const states = Array.from({ length: W }, () =>
      Uint8Array.from({ length: N }, () => (random.next() < 0.1 ? MISSING : random.next() < 0.6 ? 1 : 0)),
    );
    const history: History = { firstWeek: 1, states, called: states.map(() => zeroPlane(N)) };
    const inHoldout = Uint8Array.from({ length: N }, () => (random.next() < 0.2 ? 1 : 0));
    const byWeek = holdoutEvidenceByWeek(history, inHoldout, start, 2);
    expect(byWeek).toHaveLength(W - 1 - start);
    byWeek.forEach((e, k) => {
      const cut = { ...history, states: states.slice(0, start + k + 2) };
      // the whole-history function on the cut history: equal to the last bit
      expect(e).toEqual(holdoutEvidence(cut, inHoldout, start, 2));
      const twin = slow(history, inHoldout, start, 2, start + k + 1);
      expect(e!.weeks).toBe(k + 1);
      expect(e!.plan.mothers).toBe(twin.plan.n);
      expect(e!.holdout.mothers).toBe(twin.holdout.n);
      expect(e!.plan.share).toBeCloseTo(twin.plan.mean, 12);
      expect(e!.holdout.share).toBeCloseTo(twin.holdout.mean, 12);
      expect(e!.plan.engagedWeeks).toBeCloseTo(twin.plan.engaged, 12);
      expect(e!.effect).toBeCloseTo(twin.plan.mean - twin.holdout.mean, 12);
    });
  });

  test('tQuantile975 matches the tables', () => {
    expect(tQuantile975(1)).toBeCloseTo(12.7062, 3);
    expect(tQuantile975(10)).toBeCloseTo(2.2281, 4);
    expect(tQuantile975(30)).toBeCloseTo(2.0423, 4);
    expect(tQuantile975(1e6)).toBeCloseTo(1.96, 3);
  });

  test('the sentence says the minimum detectable effect in words', () => {
    expect(mdeSentence(3000, 300, 12, 0.0213, 0.1)).toBe(
      'with 3,000 mothers and 300 calls a week, 12 weeks can detect a difference of 2.1 points or more ' +
        'in the share of weeks engaged (80% power, 5% two-sided, 10% of mothers held out)',
    );
  });
});

// Simulated trials: the sclm population's true transitions, 12 weeks forward from the register's states,
// a 20 % holdout drawn per seed, 10 % of mothers called a week in each arm.
const N = 1000,
  B = 100,
  WEEKS = 12,
  SHARE = 0.2,
  SEEDS = 1000;
const { register, truth } = generatedRegister('sclm', { arms: N, budget: B }, 11, { weeks: 1 });
const start = weekBytes(register.history.states[0]);
let index: Float64Array;
beforeAll(async () => {
  const whittle = await engineWhittle();
  const rewards = new Float64Array(N * 2);
  for (let arm = 0; arm < N; arm++) rewards[arm * 2 + 1] = 1;
  index = whittle(truth, rewards, 2, register.discount);
});

type Policy = 'index' | 'random';

/** The calls of one arm this week: the best `budget` by the true index of her state, or a uniform sample of `pool`. */
function calls(
  policy: Policy,
  pool: Int32Array,
  tieRank: Int32Array,
  budget: number,
  state: Uint8Array,
  random: Random,
  called: Uint8Array,
): void {
  if (policy === 'random') {
    for (let i = 0; i < budget; i++) {
      const j = i + random.int(pool.length - i);
      [pool[i], pool[j]] = [pool[j], pool[i]];
      called[pool[i]] = 1;
    }
    return;
  }
  const current = Float64Array.from(state, (s, arm) => index[arm * 2 + s]);
  selectBest(pool, 0, pool.length, budget, armOrder(current, tieRank));
  for (let i = 0; i < budget; i++) called[pool[i]] = 1;
}

const poolOf = (may: Uint8Array) => Int32Array.from(may.keys()).filter((arm) => may[arm] === 1);

/** One trial: the evidence after WEEKS weeks with the plan's arm on `plan` and the holdout on `holdout`. */
function trial(seed: number, plan: Policy, holdout: Policy) {
  const inHoldout = holdoutArms(register.ids, SHARE, seed);
  const budgets = armBudgets(B, inHoldout, null);
  const planArm = armEligible(inHoldout, null, false);
  const random = seededRandom(seed);
  const tieRank = seededTieRanks(N, random.int),
    planPool = poolOf(planArm),
    holdoutPool = poolOf(inHoldout);
  const states = [start];
  for (let w = 0; w < WEEKS; w++) {
    const state = states[w],
      called = new Uint8Array(N);
    calls(plan, planPool, tieRank, budgets.plan, state, random, called);
    calls(holdout, holdoutPool, tieRank, budgets.holdout, state, random, called);
    states.push(simulateWeek(truth, state, called, random));
  }
  return holdoutEvidence({ firstWeek: 1, states, called: states.map(() => zeroPlane(N)) }, inHoldout, 0, 2)!;
}

/** The mean over mothers of her share of weeks engaged with the whole register on one policy (the estimand's parts). */
function wholeRegister(policy: Policy, reps: number): number {
  let total = 0;
  const all = new Uint8Array(N).fill(1);
  for (let rep = 0; rep < reps; rep++) {
    const random = seededRandom(100000 + rep);
    const tieRank = seededTieRanks(N, random.int),
      pool = poolOf(all);
    let state = start,
      engaged = 0;
    for (let w = 0; w < WEEKS; w++) {
      const called = new Uint8Array(N);
      calls(policy, pool, tieRank, B, state, random, called);
      state = simulateWeek(truth, state, called, random);
      for (let arm = 0; arm < N; arm++) engaged += state[arm];
    }
    total += engaged / (N * WEEKS);
  }
  return total / reps;
}

describe('the 95 % interval on simulated trials', () => {
  test(`both arms on random calls: covers 0 in 93-97 % of ${SEEDS} seeds; the MDE's SE matches the spread`, () => {
    let covered = 0;
    const effects: number[] = [];
    for (let seed = 0; seed < SEEDS; seed++) {
      const e = trial(seed, 'random', 'random');
      if (e.ci95[0] <= 0 && 0 <= e.ci95[1]) covered++;
      effects.push(e.effect);
    }
    const mean = effects.reduce((a, x) => a + x, 0) / SEEDS;
    const sd = Math.sqrt(effects.reduce((a, x) => a + (x - mean) ** 2, 0) / (SEEDS - 1));
    const input = { transitions: truth, state: start, numStates: 2, callRate: B / N, weeks: WEEKS, share: SHARE };
    const { se, mde } = minimumDetectableEffect(input);
    const spread =
      `spread of the effect ${sd.toFixed(4)}, the MDE's SE ${se.toFixed(4)} ` +
      `(MDE ${(100 * mde).toFixed(1)} points)`;
    console.log(`same policy: 0 covered in ${covered} of ${SEEDS} seeds; ${spread}`);
    expect(covered / SEEDS).toBeGreaterThanOrEqual(0.93);
    expect(covered / SEEDS).toBeLessThanOrEqual(0.97);
    expect(se / sd).toBeGreaterThan(0.9);
    expect(se / sd).toBeLessThan(1.1);
  }, 120_000);

  test(`plan's arm on the true index, holdout random: covers the true effect in 93-97 % of ${SEEDS} seeds`, () => {
    const truthEffect = wholeRegister('index', 300) - wholeRegister('random', 300);
    let covered = 0,
      sum = 0;
    for (let seed = 0; seed < SEEDS; seed++) {
      const e = trial(seed, 'index', 'random');
      if (e.ci95[0] <= truthEffect && truthEffect <= e.ci95[1]) covered++;
      sum += e.effect;
    }
    const effects =
      `true effect ${(100 * truthEffect).toFixed(2)} points (whole register, 300 runs each), ` +
      `mean estimate ${((100 * sum) / SEEDS).toFixed(2)}`;
    console.log(`different policies: ${effects}; covered in ${covered} of ${SEEDS} seeds`);
    expect(truthEffect).toBeGreaterThan(0.01);
    expect(covered / SEEDS).toBeGreaterThanOrEqual(0.93);
    expect(covered / SEEDS).toBeLessThanOrEqual(0.97);
  }, 120_000);
});
