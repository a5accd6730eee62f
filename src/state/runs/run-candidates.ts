// The candidate records of a DLM or SCLM run, derived from its checkpoint: one per candidate the
// LLM was asked for, in run, round and slot order, with its diagnostics and policy summary; and
// which records changed since they were last written (compared by an explicit stamp of what can
// change, not by serializing them).
import type { PolicySummary } from '../../core/measures/policy-summary.ts';
import type { RewardDiagnostics } from '../../core/reward/compile-reward.ts';
import type { CandidateState, DlmRunState } from '../../pipeline/dlm/dlm-run-state.ts';
import type { CandidateRecord } from '../../storage/records.ts';
import type { RunCheckpoint } from './run-checkpoint.ts';

/** CandidateRecord.diagnostics of a run made here. */
export interface CandidateDiagnostics extends Partial<RewardDiagnostics> {
  status: CandidateState['status'];
  /** Why the last reply was refused, in the words fed back to the LLM. */
  error?: string;
  duplicateOf?: string;
  attempts: number;
  /** A candidate the trade-off dial made (not LLM-written): how it was made. */
  dial?: DialProvenance;
}

/** How the trade-off dial made a candidate: R_lambda = state + lambda (R - state) for the run's candidate `of`. */
export interface DialProvenance {
  of: string;
  /** R, normalized. */
  reward: string;
  lambda: number;
  /** The largest engagement loss the user accepted, and the pick's (1 - E / E_default; 0.02 = 2 %). */
  maxLoss: number;
  engagementLoss: number;
  engagementLossSe: number | null;
  /**
   * SCLM: its clause scores against the run's pool, in the result's clause order
   * (src/state/tradeoff/clause-outcome.ts).
   */
  clauseScores?: number[];
}

/** Dial candidates are stored from this index on, after any number of LLM candidates; their origin is `dial/<n>`. */
export const DIAL_INDEX_BASE = 1_000_000;

export function isDialCandidate(record: Pick<RunCandidateRecord, 'origin'>): boolean {
  return record.origin.startsWith('dial/');
}

/** The record of the run's next dial candidate (n = 1, 2, ... after those in `saved`). */
export function dialCandidateRecord(
  runId: string,
  saved: readonly RunCandidateRecord[],
  expression: string,
  compiled: RewardDiagnostics,
  summary: PolicySummary,
  dial: DialProvenance,
): RunCandidateRecord {
  const n = saved.filter(isDialCandidate).length + 1;
  return {
    runId,
    index: DIAL_INDEX_BASE + n - 1,
    expression,
    origin: `dial/${n}`,
    round: 0,
    diagnostics: { status: 'valid', attempts: 0, ...compiled, dial },
    summary,
  };
}

/** A candidate record of a run made here. */
export interface RunCandidateRecord extends CandidateRecord {
  diagnostics: CandidateDiagnostics;
  summary: PolicySummary | null;
}

export interface RunCandidate {
  /** Which DLM run: 'dlm', or inside SCLM 'generator', 'clause:<name>', 'zero-shot', 'extended'. */
  run: string;
  round: number;
  candidate: CandidateState;
}

type Runs = Pick<RunCheckpoint, 'dlm' | 'sclm'>;

/** Every candidate of the run's DLM runs, in record order. */
export function runCandidates({ dlm, sclm }: Runs): RunCandidate[] {
  const runs: [string, DlmRunState | undefined][] = sclm
    ? [
        ['generator', sclm.generator],
        ...Object.entries(sclm.clauseRuns).map(([name, run]): [string, DlmRunState] => [`clause:${name}`, run]),
        ['zero-shot', sclm.baselines.zeroShot],
        ['extended', sclm.baselines.extended],
      ]
    : [['dlm', dlm]];
  return runs.flatMap(([run, state]) =>
    (state?.rounds ?? []).flatMap((round) =>
      round.candidates.map((candidate) => ({ run, round: round.index, candidate })),
    ),
  );
}

/** The valid candidates that are not duplicates of an earlier one. */
export function validCandidates(runs: Runs): CandidateState[] {
  return runCandidates(runs).flatMap(({ candidate: c }) => (c.status === 'valid' && !c.duplicateOf ? [c] : []));
}

/**
 * The records of every candidate that was asked for, then the saved dial candidates. Diagnostics
 * come from `diagnosticsOf` for expressions compiled in this page's session; a candidate compiled
 * before a reload keeps the diagnostics of its saved record.
 */
export function candidateRecords(
  runId: string,
  runs: Runs,
  summaries: Record<string, PolicySummary>,
  diagnosticsOf: (normalized: string) => RewardDiagnostics | undefined,
  saved: readonly RunCandidateRecord[],
): RunCandidateRecord[] {
  const asked = runCandidates(runs).filter(({ candidate: c }) => c.attempts.length > 0 || c.status !== 'pending');
  const llm = asked.map(({ run, round, candidate: c }, index): RunCandidateRecord => {
    const compiled = c.normalized ? diagnosticsOf(c.normalized) : undefined;
    const error = c.attempts.at(-1)?.error;
    const own: CandidateDiagnostics = {
      status: c.status,
      attempts: c.attempts.length,
      ...compiled,
      ...(error && { error }),
      ...(c.duplicateOf && { duplicateOf: c.duplicateOf }),
    };
    const before = compiled ? undefined : saved.find((x) => x.index === index)?.diagnostics;
    return {
      runId,
      index,
      expression: c.expression ?? '',
      origin: `${run}/${c.id}`,
      round,
      diagnostics: before ? { ...before, ...own } : own,
      summary: (c.normalized && summaries[c.normalized]) || null,
    };
  });
  return [...llm, ...saved.filter(isDialCandidate)];
}

/** What can change in a record between two checkpoints; every other field follows from these. */
export function candidateStamp(r: RunCandidateRecord): string {
  const d = r.diagnostics;
  return [
    r.origin,
    r.expression,
    d.status,
    d.attempts,
    d.featuresUsed ? 'compiled' : '',
    r.summary ? 'simulated' : '',
  ].join('|');
}

/** The records whose stamp differs from the one last written (by index); records the new stamps in `written`. */
export function changedCandidates(
  records: readonly RunCandidateRecord[],
  written: Map<number, string>,
): RunCandidateRecord[] {
  const changed = records.filter((r) => written.get(r.index) !== candidateStamp(r));
  for (const r of changed) written.set(r.index, candidateStamp(r));
  return changed;
}
