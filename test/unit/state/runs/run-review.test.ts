// What the user reviews mid-run: the rewritten priority and an SCLM run's clauses (sclm-fixture.ts's
// scripted parts for a run that awaits its clauses).
import { describe, expect, test } from 'vitest';
import { createRewrite } from '../../../../src/pipeline/rewrite/rewrite-state.ts';
import { createSclmRun } from '../../../../src/pipeline/sclm/sclm-run-state.ts';
import type { RunCheckpoint } from '../../../../src/state/runs/run-checkpoint.ts';
import {
  clausesToReview,
  reviewClauses,
  reviewRewrite,
  rewriteToReview,
} from '../../../../src/state/runs/run-review.ts';
import { CLAUSES, FLOW, PROMPT, runAll, SCHEMA, scripted, SMALL } from '../../pipeline/sclm/sclm-fixture.ts';

const rewritten = (): RunCheckpoint => ({
  summaries: {},
  rewrite: { ...createRewrite('Aidez les mères', { enabled: true }), status: 'done', rewrite: 'Prioritize mothers.' },
});

describe('the rewritten priority', () => {
  test('a fresh rewrite awaits her reading; once read, on a rerun, or once candidates exist it does not', () => {
    expect(rewriteToReview(rewritten())).toBe(true);
    expect(rewriteToReview({ ...rewritten(), rewriteReviewed: true })).toBe(false);
    expect(rewriteToReview({ ...rewritten(), replay: { of: 'run-1' } })).toBe(false);
    expect(rewriteToReview({ summaries: {} })).toBe(false);
  });

  test('accepting it as it is keeps no edit; an edit is kept beside the rewrite; either way it is marked read', () => {
    const same = rewritten();
    expect(reviewRewrite(same, '  Prioritize mothers. ')).toBeNull();
    expect(same.rewrite!.edited).toBeUndefined();
    expect(same.rewriteReviewed).toBe(true);
    const edited = rewritten();
    expect(reviewRewrite(edited, 'Prioritize young mothers.')).toBeNull();
    expect([edited.rewrite!.rewrite, edited.rewrite!.edited, edited.rewriteReviewed]).toEqual([
      'Prioritize mothers.',
      'Prioritize young mothers.',
      true,
    ]);
  });

  test('an empty edit is refused in words and leaves the checkpoint unread and unchanged', () => {
    const c = rewritten();
    const before = structuredClone(c);
    expect(reviewRewrite(c, '   ')).toContain('the edited prompt is empty');
    expect(c).toEqual(before);
  });
});

describe("an SCLM run's clauses", () => {
  test('shows the proposed clauses; accepts her edit, or says what is wrong with it and keeps the state', async () => {
    const { final } = await runAll(createSclmRun(PROMPT, SMALL), scripted(FLOW).parts);
    expect(clausesToReview(final)).toEqual({
      clauses: [
        expect.objectContaining({ text: 'Prioritize low-income agents.' }),
        expect.objectContaining({ text: 'Prioritize older agents.' }),
      ],
      problems: [],
    });
    const ok = reviewClauses(final, CLAUSES, SCHEMA);
    expect([ok.state?.status, ok.problems]).toEqual(['running', []]);
    expect(reviewClauses(final, [], SCHEMA)).toEqual({
      state: null,
      problems: ['there are no clauses: accept at least one'],
    });
    expect(final.status).toBe('awaiting-clauses');
  });
});
