import { describe, expect, test } from 'vitest';
import type { PlanState } from '../../../../src/core/plan/plan-state.ts';
import { MISSING } from '../../../../src/core/plan/register.ts';
import { weekHistory } from '../../../../src/workers/plan/week-history.ts';

// 4 beneficiaries, group "Ages" one-hot over two columns: arms 0, 1 young; arms 2, 3 old.
function plan(): PlanState {
  return {
    register: {
      numArms: 4,
      numStates: 2,
      ids: ['a', 'b', 'c', 'd'],
      schema: {
        columns: [
          { name: 'young', label: 'young', description: '', type: 'binary', group: 'Ages' },
          { name: 'old', label: 'old', description: '', type: 'binary', group: 'Ages' },
        ],
        groups: [{ name: 'Ages', kind: 'one-hot', columns: [0, 1], ordered: true, buckets: ['young', 'old'] }],
      },
      features: Float64Array.from([1, 0, 1, 0, 0, 1, 0, 1]),
      history: {
        firstWeek: 5,
        // week 5 (history), week 6 (plan week 1, applied), week 7 (current)
        states: [Uint8Array.from([0, 0, 0, 0]), Uint8Array.from([1, 0, MISSING, 1]), Uint8Array.from([1, 1, 0, 0])],
        called: [new Uint8Array(4), Uint8Array.from([1, 0, 0, 1]), new Uint8Array(4)],
      },
    },
    weeks: [
      { week: 6, tieSeed: 1, reward: 'state', budget: 2, planned: Int32Array.from([0, 3]), outcomes: { fileName: 'w6.csv', contentHash: 'h', called: 2, calledAsPlanned: 2, engaged: 2 } },
      { week: 7, tieSeed: 2, reward: 'state', budget: 2, planned: Int32Array.from([1, 2]), outcomes: null },
    ],
  } as unknown as PlanState;
}

describe('a plan week by week', () => {
  test('gives calls planned against made, unknown (null) for the week not yet applied', () => {
    expect(weekHistory(plan()).weeks).toEqual([
      { week: 6, planned: 2, made: 2, calledAsPlanned: 2, engaged: 2 },
      { week: 7, planned: 2, made: null, calledAsPlanned: null, engaged: null },
    ]);
  });

  test('gives the share engaged per bucket at the start of each week, leaving out states not observed', () => {
    const h = weekHistory(plan());
    expect(h.groups).toEqual([{ group: 'Ages', buckets: ['young', 'old'], engaged: [[0.5, 1], [1, 0]] }]);
    expect(h.overall).toEqual([2 / 3, 0.5]);
  });
});
