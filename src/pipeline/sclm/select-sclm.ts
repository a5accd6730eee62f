// SCLM's selection, pure over the run state: the candidate pool, the score matrix, the welfare
// choices with their regret, and SCLM's evaluation measures of every method.
import { adjudicate, CLASSIC_WELFARE } from '../../core/adjudicate/adjudicate.ts';
import { evaluatePolicy } from '../../core/adjudicate/evaluate-policy.ts';
import type { Pool, PoolCandidate, PoolClause } from '../../core/adjudicate/pool.ts';
import { poolScoreMatrix } from '../../core/adjudicate/pool-score-matrix.ts';
import { selectionRecord } from '../../core/adjudicate/selection-record.ts';
import type { CandidateState, DlmRunState } from '../dlm/dlm-run-state.ts';
import type { SimulatedPolicy, SclmClause, SclmResult, SclmRunState } from './sclm-run-state.ts';

/** The pool: the generator's valid candidates, each distinct expression once, in generation order. */
export function poolCandidates(generator: DlmRunState | undefined): CandidateState[] {
  const valid = (generator?.rounds ?? []).flatMap((r) =>
    r.candidates.filter((c) => c.status === 'valid' && !c.duplicateOf),
  );
  return valid.filter((c, i) => valid.findIndex((d) => d.normalized === c.normalized) === i);
}

/** The clauses that ask to prioritize someone: each gets a reward (simulator) or a rating (LLM scorer). */
export const prioritized = (state: SclmRunState) => (state.clauses ?? []).filter((c) => c.kind === 'prioritize');

/** Scores, selection and SCLM's evaluation measures, from the state alone (pure). */
export function selectSclm(state: SclmRunState, rewards: Map<string, { expression: string }>): SclmResult {
  const clauses = state.clauses!;
  const llm = state.config.scorer === 'llm';
  const poolClauses = clauses.map((c): PoolClause => toPoolClause(c, llm, rewards.get(c.name)?.expression));
  const def = state.outcomes[state.defaultKey!];
  const summary = ({ values, totalUtility, groups }: SimulatedPolicy) => ({ values, totalUtility, groups });
  // A candidate whose LLM rating failed for some clause cannot be scored on it and leaves the pool.
  const rated = poolCandidates(state.generator).filter(
    (c) => !llm || prioritized(state).every((cl) => state.ratings[`${c.id}|${cl.name}`]?.score !== undefined),
  );
  const candidates = rated.map((c): PoolCandidate => {
    const scores = llm
      ? Object.fromEntries(prioritized(state).map((cl) => [cl.name, state.ratings[`${c.id}|${cl.name}`].score!]))
      : undefined;
    return {
      id: c.id,
      expression: c.expression!,
      ...summary(state.outcomes[c.normalized!]),
      ...(scores && { scores }),
    };
  });
  const pool: Pool = { clauses: poolClauses, default: summary(def), candidates };
  if (candidates.length === 0) throw new Error('every candidate lost a rating: the LLM scorer failed on each');
  const matrix = poolScoreMatrix(pool);
  const choices = CLASSIC_WELFARE.map((w) => ({
    ...w,
    ...(state.config.weights && { weights: state.config.weights }),
  }));
  const ids = candidates.map((c) => c.id);
  const { outcomes, regret } = adjudicate(matrix, choices, state.config.epsilon, ids);
  const m = matrix.clauses.length;
  const evaluate = (expression: string | null, normalized: string | null) => ({
    expression,
    evaluation: normalized && state.outcomes[normalized] ? evaluatePolicy(pool, state.outcomes[normalized]) : null,
  });
  const pick = (run: DlmRunState | undefined) =>
    run?.result ? evaluate(run.result.expression, run.result.normalized) : evaluate(null, null);
  const selections = outcomes.map((o) => selectionRecord(o, ids));
  const methods = [
    ...selections.map((s) => ({
      method: `SCLM-${llm ? 'LLM' : 'SIM'}-${s.label}`,
      ...evaluate(rated[s.index].expression!, rated[s.index].normalized!),
    })),
    ...(state.config.baselines ? [{ method: 'LLM-zeroshot', ...pick(state.baselines.zeroShot) }] : []),
    { method: 'DLM', ...pick(state.generator) },
    ...(state.baselines.extended ? [{ method: 'DLM-extended', ...pick(state.baselines.extended) }] : []),
  ];
  return {
    pool,
    clauses: matrix.clauses,
    scores: ids.map((_, i) => Array.from(matrix.scores.subarray(i * m, (i + 1) * m))),
    selections,
    regret,
    methods,
  };
}

function toPoolClause(c: SclmClause, llm: boolean, expression: string | undefined): PoolClause {
  if (c.kind === 'shift') return { name: c.name, kind: 'shift', text: c.text, group: c.group! };
  if (c.kind === 'utility') return { name: c.name, kind: 'utility', text: c.text };
  return {
    name: c.name,
    kind: llm ? 'llm' : 'simulator',
    text: c.text,
    ...(expression !== undefined && { expression }),
    ...(c.target && { target: c.target }),
  };
}
