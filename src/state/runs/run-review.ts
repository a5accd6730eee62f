// What the user reviews in the middle of a run: the rewritten priority before any candidate is
// asked for with it, and an SCLM run's clauses before they are scored. Pure: the run session keeps
// the outcome in its checkpoint and shows the problems in words.
import type { FeatureSchema } from '../../core/instance/types.ts';
import { editRewrite } from '../../pipeline/rewrite/rewrite-state.ts';
import { acceptClauses, proposedClauses } from '../../pipeline/sclm/accept-clauses.ts';
import type { SclmClause, SclmRunState } from '../../pipeline/sclm/sclm-run-state.ts';
import type { RunCheckpoint } from './run-checkpoint.ts';

/** A fresh rewrite the user has not read yet (a rerun replays the original's, read there). */
export function rewriteToReview(c: RunCheckpoint): boolean {
  return c.rewrite?.status === 'done' && !c.rewriteReviewed && !c.replay && !c.dlm && !c.sclm;
}

/**
 * Records in `c` that she read its rewrite and gives the LLM `text` (the rewrite as it is, or her
 * edit of it). Returns why it cannot (an empty edit), leaving `c` as it was; null once done.
 */
export function reviewRewrite(c: RunCheckpoint, text: string): string | null {
  const rewrite = c.rewrite;
  if (!rewrite) return 'there is no rewritten priority to read';
  try {
    if (text.trim() !== (rewrite.rewrite ?? '').trim()) c.rewrite = editRewrite(rewrite, text);
  } catch (error) {
    return (error as Error).message;
  }
  c.rewriteReviewed = true;
  return null;
}

/** The clauses to edit while an SCLM run awaits them, with the problems found in them so far. */
export function clausesToReview(state: SclmRunState): { clauses: SclmClause[]; problems: string[] } {
  return { clauses: proposedClauses(state), problems: state.clauseProblems ?? [] };
}

/** Her edited clauses accepted into the SCLM run's state, or (state null) what is wrong with them. */
export function reviewClauses(
  state: SclmRunState,
  clauses: readonly SclmClause[],
  schema: FeatureSchema,
): { state: SclmRunState | null; problems: string[] } {
  try {
    return { state: acceptClauses(state, clauses, schema), problems: [] };
  } catch (error) {
    return { state: null, problems: [(error as Error).message] };
  }
}
