import { describe, expect, test } from 'vitest';
import { DEFAULT_RUN_SETTINGS } from '../../../../src/state/runs/run-settings.ts';
import { estimateRun, likelyClauses } from '../../../../src/state/runs/run-estimate.ts';

describe('estimateRun', () => {
  test("DLM's published 2 x 2 asks 4 proposals and 2 reflections, up to 3 times each", () => {
    const e = estimateRun({ ...DEFAULT_RUN_SETTINGS, prompt: 'older mothers' });
    expect(e.calls).toBe(6);
    expect(e.maxCalls).toBe(18);
    expect(e.text).toMatch(/^About 6 LLM calls \(up to 18/);
  });

  test('zero-shot (one round, one candidate) is one call; rewriting adds one', () => {
    expect(estimateRun({ ...DEFAULT_RUN_SETTINGS, rounds: 1, candidates: 1 }).calls).toBe(1);
    expect(estimateRun({ ...DEFAULT_RUN_SETTINGS, rounds: 1, candidates: 1, rewrite: true }).calls).toBe(2);
  });

  test(
    'SCLM with the simulator scorer counts the split, a DLM run per likely clause, the pool and ' + 'the baselines',
    () => {
      const s = {
        ...DEFAULT_RUN_SETTINGS,
        kind: 'sclm' as const,
        prompt: 'favour older mothers and those with low income',
        rounds: 4,
        candidates: 5,
        baselines: true,
      };
      const e = estimateRun(s);
      expect(e.clauses).toBe(2);
      // split 1 + 2 clauses x (2x2 + 2) + pool 4x5 + 4 + zero-shot 1
      expect(e.calls).toBe(1 + 2 * 6 + 24 + 1);
      expect(e.text).toMatch(/assuming the priority splits into 2 clauses/);
    },
  );

  test('clauses are guessed from "and", commas and semicolons', () => {
    expect(likelyClauses('older mothers')).toBe(1);
    expect(likelyClauses('older mothers, low income; and the least educated')).toBe(3);
  });
});
