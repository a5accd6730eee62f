// A Plan screen step's problems say whose they are: the input's (a ProblemList: fix the file) or a
// failure of storage (the file is fine), so that "storage full" never reads "fix the file".
import { describe, expect, test } from 'vitest';
import { ProblemList, runStep, type StepTarget } from '../../../../src/state/plan/plan-step.ts';
import { StorageFullError } from '../../../../src/storage/errors.ts';

describe('a Plan screen step', () => {
  test("keeps the input's problems apart from a failure of storage", async () => {
    const target: StepTarget = { busy: null, problems: [], problemsOf: 'plan' };
    expect(
      await runStep(
        target,
        'Checking…',
        async () => {
          throw new ProblemList(['week.csv, line 3: "x" is not 0 or 1']);
        },
        'outcomes',
      ),
    ).toBe(false);
    expect(target).toMatchObject({
      problems: ['week.csv, line 3: "x" is not 0 or 1'],
      problemsAreInput: true,
      problemsOf: 'outcomes',
      busy: null,
    });
    expect(
      await runStep(
        target,
        'Applying…',
        async () => {
          throw new StorageFullError();
        },
        'outcomes',
      ),
    ).toBe(false);
    expect(target.problemsAreInput).toBe(false);
    expect(target.problems[0]).toMatch(/^This browser has no room left for allot/);
  });
});
