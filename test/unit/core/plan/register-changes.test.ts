import { describe, expect, test } from 'vitest';
import { bitAt, zeroPlane } from '../../../../src/core/plan/bit-plane.ts';
import { activeEligible, deactivation, reactivate, weeksNotEngaged } from '../../../../src/core/plan/deactivation.ts';
import { estimateTransitions } from '../../../../src/core/plan/estimate-transitions.ts';
import { generatedRegister } from '../../../../src/core/plan/generated-register.ts';
import { enrol, exitArms, growLeft } from '../../../../src/core/plan/register-changes.ts';
import { currentState, MISSING, type History } from '../../../../src/core/plan/register.ts';
import { groupBuckets } from '../../../../src/core/measures/group-buckets.ts';
import { rowMajor } from '../../../../src/core/instance/feature-table.ts';
import { stateAt } from '../../../../src/core/plan/week-states.ts';
import { idAt, packIds, unpackIds } from '../../../../src/core/plan/packed-ids.ts';

const M = MISSING;

describe('enrol', () => {
  const { register } = generatedRegister('sclm', { arms: 300, budget: 30 }, 4, { weeks: 10 });
  const F = register.schema.columns.length;

  test('appends new ids with features and state; their past weeks are unobserved, so they start from the prior', () => {
    const features = Float64Array.from(rowMajor(register.features).subarray(0, 2 * F));
    const r = enrol(register, { ids: ['new-1', ' new-2 '], features, state: Uint8Array.of(1, 0), fileName: 'e.csv' });
    if (!r.ok) throw new Error(r.errors.join('\n'));
    const next = r.register;
    expect(r.joined).toBe(2);
    expect(next.numArms).toBe(302);
    expect(unpackIds(next.ids).slice(-2)).toEqual(['new-1', 'new-2']);
    expect(Array.from(rowMajor(next.features).subarray(300 * F))).toEqual(Array.from(features));
    expect(Array.from(currentState(next).subarray(300))).toEqual([1, 0]);
    expect(next.history.states.slice(0, -1).every((s) => stateAt(s, 300) === M && stateAt(s, 301) === M)).toBe(true);
    expect(next.history.called.every((c) => c.length === 302 && bitAt(c, 300) === 0)).toBe(true);
    // the register given is not changed
    expect(register.numArms).toBe(300);
    // the new mothers' buckets are those of the same features
    const buckets = groupBuckets(next.schema, next.features, 302);
    buckets.forEach((b) => expect([b[300], b[301]]).toEqual([b[0], b[1]]));
    // no weeks of her own: her posterior is her group's prior
    const posterior = estimateTransitions(next.history, next.schema, next.features, 302, { groupBy: null });
    const prior = posterior.priors[posterior.priors.length - 4];
    expect(posterior.alpha[300 * 4] / (posterior.alpha[300 * 4] + posterior.beta[300 * 4])).toBeCloseTo(prior.mean, 12);
    expect(posterior.alpha[300 * 4] + posterior.beta[300 * 4]).toBeCloseTo(prior.strength, 12);
  });

  test('refuses ids already in the register, twice, empty, bad states and shapes, naming the line', () => {
    const r = enrol(register, {
      ids: [idAt(register.ids, 5), 'x', 'x', ''],
      features: new Float64Array(4 * F),
      state: Uint8Array.of(0, 0, 2, 0),
      fileName: 'enrol.csv',
      lines: Int32Array.of(2, 3, 4, 5),
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual([
      `enrol.csv, line 2: "${idAt(register.ids, 5)}" is already in the register; an enrolment needs a new id`,
      'enrol.csv, line 4: "x" is enrolled twice (also enrol.csv, line 3)',
      'enrol.csv, line 4: state 2 is out of range (states are 0..1)',
      'enrol.csv, line 5: the id is empty',
    ]);
    const one = { ids: ['a'], state: Uint8Array.of(0), fileName: 'e.csv' };
    const shape = enrol(register, { ...one, features: new Float64Array(F + 1) });
    expect(shape.ok || shape.errors[0]).toBe(`e.csv: ${F + 1} feature values for 1 enrolments of ${F} features each`);
  });

  test('a register with given transitions needs hers, each row adding up to 1', () => {
    const given = { ...register, transitions: new Float64Array(300 * 8).fill(0.5) };
    const one = { ids: ['a'], features: new Float64Array(F), state: Uint8Array.of(0), fileName: 'e.csv' };
    const missing = enrol(given, one);
    expect(missing.ok || missing.errors[0]).toContain('each enrolment needs hers (8 probabilities)');
    const bad = enrol(given, { ...one, transitions: new Float64Array(8).fill(0.4) });
    const sum = 'e.csv, row 1: her transition probabilities from one state and action add up to 0.8, not 1';
    expect(bad.ok || bad.errors[0]).toBe(sum);
    const good = enrol(given, { ...one, transitions: new Float64Array(8).fill(0.5) });
    expect(good.ok && good.register.transitions!.length).toBe(301 * 8);
  });
});

describe('exits', () => {
  test('mark ids as left, reporting unknown ones and those already left; enrolments grow the column', () => {
    const ids = ['a', 'b', 'c'];
    const first = exitArms(packIds(ids), new Uint8Array(3), ['b', 'zz']);
    expect(Array.from(first.left)).toEqual([0, 1, 0]);
    expect([first.count, first.unknown, first.already]).toEqual([1, ['zz'], []]);
    const again = exitArms(packIds(ids), first.left, ['b', 'c']);
    expect([Array.from(again.left), again.count, again.already]).toEqual([[0, 1, 1], 1, ['b']]);
    expect(Array.from(growLeft(again.left, 5))).toEqual([0, 1, 1, 0, 0]);
    const active = activeEligible(Uint8Array.of(1, 1, 1, 0, 1), growLeft(again.left, 5), Uint8Array.of(0, 0, 0, 0, 1));
    expect(Array.from(active)).toEqual([1, 0, 0, 0, 0]);
  });
});

describe('deactivation after K weeks not engaged', () => {
  // weeks 3..8; mothers: 0 never engaged, 1 engaged in week 6, 2 joined in week 7, 3 unobserved weeks inside her run
  const states = [
    [0, 1, M, 0],
    [0, 1, M, M],
    [0, 1, M, 0],
    [0, 1, M, M],
    [0, 0, 0, 0],
    [0, 0, 0, 0],
  ].map((row) => Uint8Array.from(row));
  const history: History = { firstWeek: 3, states, called: states.map(() => zeroPlane(4)) };

  test('counts the latest observed weeks not engaged, skipping unobserved ones', () => {
    expect(Array.from(weeksNotEngaged(history, 2, null))).toEqual([6, 2, 2, 4]);
  });

  test('deactivates at K, says who reached it this week, and is reversible by the user', () => {
    const d = deactivation(history, 2, 4, null);
    expect(Array.from(d.inactive)).toEqual([1, 0, 0, 1]);
    expect([d.count, d.newly]).toEqual([2, 1]);
    // reactivated by the user in week 7: her run starts again after it
    const since = reactivate(null, 4, [0], 7);
    expect(Array.from(since)).toEqual([7, -1, -1, -1]);
    expect(Array.from(deactivation(history, 2, 4, since).inactive)).toEqual([0, 0, 0, 1]);
    expect(Array.from(weeksNotEngaged(history, 2, since))).toEqual([1, 2, 2, 4]);
    // an engaged week ends the run
    const engaged = { ...history, states: [...states, Uint8Array.of(1, 0, 0, 1)] };
    expect(Array.from(deactivation(engaged, 2, 4, null).inactive)).toEqual([0, 0, 0, 0]);
    expect(() => deactivation(history, 2, 0, null)).toThrow('a whole number >= 1');
  });
});
