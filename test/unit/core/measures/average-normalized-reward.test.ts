import { describe, expect, test } from 'vitest';
import { averageNormalizedReward } from '../../../../src/core/measures/average-normalized-reward.ts';
import { DLM_NEURIPS_AVERAGE, DLM_NEURIPS_TASKS } from '../../../../src/core/tasks/dlm-neurips-tasks.ts';

describe('averageNormalizedReward', () => {
  test('is undefined over no tasks', () => {
    const r = averageNormalizedReward([]);
    expect(r.mnr).toBeNaN();
    expect(r.se).toBeNaN();
  });

  test('averages the MNRs and combines independent standard errors: sqrt(0.3^2 + 0.4^2) / 2 = 0.25', () => {
    const r = averageNormalizedReward([
      { mnr: 1, se: 0.3 },
      { mnr: 0.5, se: 0.4 },
    ]);
    expect(r.mnr).toBe(0.75);
    expect(r.se).toBeCloseTo(0.25, 15);
  });
});

describe("averageNormalizedReward on the paper's numbers", () => {
  test('reproduces the averages row of DLM Table 4 for No Action and Default from its per-task rows', () => {
    for (const method of ['noAction', 'default'] as const) {
      const r = averageNormalizedReward(DLM_NEURIPS_TASKS.tasks.map((t) => t.published[method]!));
      expect(r.mnr).toBeCloseTo(DLM_NEURIPS_AVERAGE[method].mnr, 2);
      expect(r.se).toBeCloseTo(DLM_NEURIPS_AVERAGE[method].se, 3);
    }
  });
});
