// A run's dial candidates on its results screen: their clause scores (stored when they joined the
// pool) and the welfare of those scores under each of the run's welfare functions, for the candidate
// table and the Pareto view; and what the dial made, in words.
import { welfareP } from '../../core/adjudicate/adjudicate.ts';
import { pMean } from '../../core/welfare/p-mean.ts';
import type { SclmResult } from '../../pipeline/sclm/sclm-run-state.ts';
import { isDialCandidate, type RunCandidateRecord } from '../runs/run-candidates.ts';
import type { CandidateRow } from '../runs/run-results.ts';
import { percent } from '../../core/words/percent.ts';

/** The rows with each dial candidate's clause scores and welfare filled in (SCLM; DLM rows as they are). */
export function withDialScores(
  rows: readonly CandidateRow[],
  records: readonly RunCandidateRecord[],
  sclm: Pick<SclmResult, 'selections' | 'clauses'> | undefined,
  weights?: readonly number[],
): CandidateRow[] {
  if (!sclm) return [...rows];
  const w = weights && weights.length === sclm.clauses.length ? weights : undefined;
  return rows.map((row) => {
    const scores = records.find((r) => r.origin === row.origin && isDialCandidate(r))?.diagnostics.dial?.clauseScores;
    if (!scores || scores.length !== sclm.clauses.length) return row;
    return {
      ...row,
      scores,
      welfare: Object.fromEntries(sclm.selections.map((s) => [s.label, pMean(scores, welfareP(s.label), w)])),
    };
  });
}

/**
 * "dial/1: the trade-off dial's blend of generator/r0/c1 at λ 0.5 (engagement loss 1.2%, limit 2%), not written by the
 * LLM."
 */
export function dialNote(record: RunCandidateRecord): string | null {
  const d = record.diagnostics.dial;
  if (!d) return null;
  const pct = (x: number) => percent(x);
  return (
    `${record.origin}: made by the trade-off dial, not written by the LLM: ${d.of} blended with the default ` +
    `at λ ${d.lambda} (engagement loss ${pct(d.engagementLoss)}, within the ${pct(d.maxLoss)} accepted).`
  );
}
