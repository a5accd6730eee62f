import { describe, expect, test } from 'vitest';
import { createDlmRun } from '../../../../src/pipeline/dlm/dlm-run-state.ts';
import { dlmProgress, sclmProgress } from '../../../../src/state/runs/run-progress.ts';
import { createSclmRun } from '../../../../src/pipeline/sclm/sclm-run-state.ts';

describe('run progress in words', () => {
  test('a DLM run not started yet is at step 0 of rounds x (candidates + reflection)', () => {
    expect(dlmProgress(undefined, 2, 2)).toMatchObject({ done: 0, total: 6, text: 'Step 0 of 6: round 1 of 2' });
  });

  test('a DLM run counts answered candidates and reflections and names where it is', () => {
    const run = createDlmRun('older mothers', { rounds: 2, candidates: 2, maxAttempts: 3 });
    run.rounds = [
      {
        index: 0,
        done: true,
        candidates: [
          { id: 'r0/c0', attempts: [], status: 'valid' },
          { id: 'r0/c1', attempts: [], status: 'failed' },
        ],
        reflection: { attempts: [], status: 'picked', shown: [] },
      },
      {
        index: 1,
        done: false,
        candidates: [
          { id: 'r1/c0', attempts: [], status: 'valid' },
          { id: 'r1/c1', attempts: [], status: 'pending' },
        ],
      },
    ] as typeof run.rounds;
    expect(dlmProgress(run, 2, 2).text).toBe('Step 4 of 6: round 2 of 2, candidate 2 of 2');
  });

  test('an SCLM run before its clauses are accepted says "at least"', () => {
    const run = createSclmRun('older and poorer mothers');
    const p = sclmProgress(run, {
      rounds: 4,
      candidates: 5,
      clauseRounds: 2,
      clauseCandidates: 2,
      scorer: 'simulator',
    });
    expect(p.atLeast).toBe(true);
    expect(p.text).toMatch(/^Step 0 of at least 25: splitting/);
  });
});
