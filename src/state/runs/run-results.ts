// What the Results screen shows, derived from a run's stored state alone (no simulation): the
// candidate table, the selection and why, and the series of its charts.
import { unfairnessFlags } from '../../core/fairness/unfairness-flags.ts';
import type { ClauseInfo } from '../../core/adjudicate/score-matrix.ts';
import type { Instance } from '../../core/instance/types.ts';
import { emd } from '../../core/measures/emd.ts';
import { paretoFront } from '../../core/measures/pareto-front.ts';
import { pMeanPortfolio } from '../../core/portfolio/p-mean-portfolio.ts';
import { utilityPool } from '../../core/portfolio/utility-pool.ts';
import { pMean } from '../../core/welfare/p-mean.ts';
import type { DlmRunState } from '../../pipeline/dlm/dlm-run-state.ts';
import type { SclmResult } from '../../pipeline/sclm/sclm-run-state.ts';
import type { PolicySummary } from '../../core/measures/policy-summary.ts';
import type { CandidateDiagnostics, RunCandidateRecord } from './run-candidates.ts';

export interface CandidateRow {
  /** Candidate id within its DLM run, e.g. "generator/r0/c1". */
  origin: string;
  expression: string;
  status: CandidateDiagnostics['status'];
  error?: string;
  featuresUsed: string[];
  increasing: boolean | null;
  nonnegative: boolean | null;
  /** Mean EMD to the default policy over the ordered feature groups (0: no shift). */
  emd: number | null;
  utility: number | null;
  /** Unintended feature groups whose allocation varies more than the intended ones' (DP_variance spill-over). */
  spillover: string[] | null;
  /** SCLM: per-clause scores, in the result's clause order. */
  scores: number[] | null;
  /** SCLM: welfare under each classic function, by label. */
  welfare: Record<string, number> | null;
  summary: PolicySummary | null;
  normalized: string | null;
}

/** The candidate table's rows, in pool order. */
export function candidateRows(
  candidates: readonly RunCandidateRecord[],
  summaries: Record<string, PolicySummary>,
  defaultKey: string,
  instance: Pick<Instance, 'schema'> | null,
  sclm?: SclmResult,
): CandidateRow[] {
  const base = summaries[defaultKey];
  const ordered = instance?.schema.groups.filter((g) => g.ordered).map((g) => g.name) ?? [];
  return candidates.map((c) => {
    const d = c.diagnostics;
    const summary = c.summary ?? (d.normalized ? (summaries[d.normalized] ?? null) : null);
    const id = c.origin.split('/').slice(1).join('/');
    const poolIndex =
      sclm && c.origin.startsWith('generator/') ? sclm.pool.candidates.findIndex((p) => p.id === id) : -1;
    const shifts =
      summary && base
        ? ordered
            .filter((g) => sum(base.groups[g]) > 0 && sum(summary.groups[g]) > 0)
            .map((g) => emd(base.groups[g], summary.groups[g]))
        : [];
    return {
      origin: c.origin,
      expression: c.expression,
      status: d.status,
      ...(d.error && { error: d.error }),
      featuresUsed: (d.featuresUsed ?? []).map((i) => instance?.schema.columns[i]?.label ?? `agent_feats[${i}]`),
      increasing: d.increasingInState ?? null,
      nonnegative: d.nonnegative ?? null,
      emd: shifts.length ? shifts.reduce((a, b) => a + b, 0) / shifts.length : null,
      utility: summary?.totalUtility ?? null,
      spillover: summary ? unfairnessFlags(summary.fairness).unintendedGroupsAboveIntended : null,
      scores: poolIndex >= 0 ? sclm!.scores[poolIndex] : null,
      welfare: poolIndex >= 0 ? Object.fromEntries(sclm!.selections.map((s) => [s.label, s.welfare[poolIndex]])) : null,
      summary,
      normalized: d.normalized ?? null,
    };
  });
}

const sum = (xs: readonly number[] | undefined) => (xs ?? []).reduce((a, b) => a + b, 0);

/** What a clause's score column means, by how it was computed (SCLM section 5; core/adjudicate/score-column.ts). */
export function clauseCaption(clause: Pick<ClauseInfo, 'kind' | 'rule' | 'note'>): string {
  const base = ((): string => {
    switch (clause.rule) {
      case 'ratio':
        return (
          'value under the clause’s own reward divided by the default policy’s: 1 = as good as the default, ' +
          'above 1 better'
        );
      case 'rating':
        return 'the LLM scorer’s rating from 1 (worst) to 5 (best); not relative to the default';
      case 'range':
        return clause.kind === 'shift'
          ? 'shift from the default’s utility distribution (EMD), min-max scaled over the pool and inverted: 1 = ' +
              'the least shift in the pool, 0 = the most'
          : 'total utility, min-max scaled over the pool: 1 = the highest in the pool, 0 = the lowest';
      case 'single':
        return 'one candidate only: 1 by definition';
      case 'all-equal':
        return 'the clause does not tell the candidates apart: every one gets 1';
      default:
        return 'a score given as it is (higher is better)';
    }
  })();
  return clause.note ? `${base} (${clause.note})` : base;
}

/** Why DLM's result was chosen, in a sentence. */
export function dlmExplanation(run: DlmRunState): string {
  const r = run.result;
  if (!r)
    return 'No candidate was valid: every reply was refused. Rephrase the priority or raise the attempts per reply.';
  switch (r.pickedBy) {
    case 'reflection':
      return (
        `The LLM compared the state-feature distributions of the last round's candidates and picked ` +
        `${r.candidate} (DLM's reflection step).`
      );
    case 'only-candidate':
      return `The last round had one distinct valid candidate, ${r.candidate}, so no comparison was needed.`;
    default:
      return `${r.candidate} is the first valid candidate (no round had a reflection pick).`;
  }
}

/** The p values of the welfare chart: egalitarian-leaning to utilitarian. */
export const P_VALUES = [-20, -10, -5, -3, -2, -1.5, -1, -0.75, -0.5, -0.25, 0, 0.25, 0.5, 0.75, 1];

export interface WelfareCurve {
  p: number[];
  /** Best welfare in the pool and in the portfolio at each p. */
  pool: number[];
  portfolio: number[];
  /** Pool indices of the portfolio and the p each was chosen for. */
  policies: number[];
  pValues: number[];
  alpha: number;
}

/** Welfare against p over the pool's clause scores, with the p-MeanPortfolio at `alpha`. */
export function welfareCurve(scores: number[][], weights: number[] | undefined, alpha = 0.9): WelfareCurve {
  const n = scores.length,
    m = scores[0]?.length ?? 0;
  const flat = Float64Array.from(scores.flat());
  const portfolio = pMeanPortfolio(utilityPool(flat, n, m), alpha);
  const welfareOf = (i: number, p: number) => pMean(scores[i], p, weights?.length === m ? weights : undefined);
  const best = (ids: number[], p: number) => Math.max(...ids.map((i) => welfareOf(i, p)));
  const all = scores.map((_, i) => i);
  return {
    p: P_VALUES,
    pool: P_VALUES.map((p) => best(all, p)),
    portfolio: P_VALUES.map((p) => best(portfolio.policies, p)),
    policies: portfolio.policies,
    pValues: portfolio.pValues,
    alpha,
  };
}

/** Pareto front indices of the pool on clauses x and y. */
export function paretoIndices(scores: number[][], x: number, y: number): Set<number> {
  const m = scores[0]?.length ?? 0;
  return new Set(paretoFront(Float64Array.from(scores.flat()), m, x, y));
}
