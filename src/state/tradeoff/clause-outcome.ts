// For an SCLM run, the dial's priority outcome is the run's own clauses as SCLM adjudication scores
// them: a policy (a point of the sweep) joins the run's pool, and its row of the pool's score matrix
// (poolScoreMatrix, the adjudicator's code) is its clause scores; its welfare is their p-mean under
// the run's leading welfare function and clause weights. Scoring a policy as one more candidate of
// the pool is what SCLM would do had the generator written it: a ratio clause is V_c(pi) / V_c(default),
// a min-max clause (shift, total utility) is normalized over the pool with the policy in it.
//
// Uncertainty: the same scoring of each trial's own occupancy (a trial's values, utility and
// buckets) against the pool gives one score per trial; the standard error is over those trials.
// The point's score itself is that of the policy's mean occupancy (what the run stores for its
// candidates), not the mean of the per-trial scores (min-max and EMD are not linear).
import type { Occupancy } from '../../core/instance/occupancy.ts';
import type { Instance } from '../../core/instance/types.ts';
import type { Pool, PoolPolicy } from '../../core/adjudicate/pool.ts';
import { poolScoreMatrix } from '../../core/adjudicate/pool-score-matrix.ts';
import { rateWithError } from '../../core/fairness/rate-with-error.ts';
import { compileReward } from '../../core/reward/compile-reward.ts';
import type { ClauseScores } from '../../core/tradeoff/sweep-dial.ts';
import { pMean } from '../../core/welfare/p-mean.ts';
import { outcomeOf } from '../../pipeline/sclm/outcome-of.ts';

/** A policy's clause scores against the run's pool (standard errors null: one trial, or no per-trial occupancy). */
export type ClauseOutcome = ClauseScores;

export interface ClauseScorer {
  /** Clause names, in the pool's (and the result's) order. */
  clauses: string[];
  /** The welfare function the scores are combined with ("utilitarian", ...). */
  welfareLabel: string;
  score(occupancy: Occupancy): ClauseOutcome;
}

export interface ClauseScorerInput {
  pool: Pool;
  instance: Instance;
  welfare: { label: string; p: number };
  weights?: readonly number[];
}

/**
 * The scorer of a run's pool, or why there is none: an LLM-rated clause (SCLM-LLM) has no score
 * without asking the LLM, and a simulator clause needs its own reward expression.
 */
export function clauseScorer({
  pool,
  instance,
  welfare,
  weights,
}: ClauseScorerInput): ClauseScorer | { unavailable: string } {
  const rewards = new Map<string, { table: Float64Array }>();
  for (const clause of pool.clauses) {
    if (clause.kind === 'llm' || clause.kind === 'given')
      return { unavailable: `the clause "${clause.name}" is rated by the LLM scorer, which the dial does not ask` };
    if (clause.kind !== 'simulator') continue;
    if (!clause.expression) return { unavailable: `the clause "${clause.name}" has no reward of its own` };
    const compiled = compileReward(clause.expression, instance);
    if (!compiled.ok)
      return { unavailable: `the reward of the clause "${clause.name}" does not compile: ${compiled.error.message}` };
    rewards.set(clause.name, { table: compiled.table });
  }
  const w = weights && weights.length === pool.clauses.length ? weights : undefined;
  const row = (policy: PoolPolicy) => scoreRow(pool, policy);
  return {
    clauses: pool.clauses.map((c) => c.name),
    welfareLabel: welfare.label,
    score(occupancy) {
      const mean = row(outcomeOf(occupancy, instance, rewards));
      const trials = perTrialOccupancies(occupancy).map((o) => row(outcomeOf(o, instance, rewards)));
      const se = (values: number[]) => (values.length >= 2 ? rateWithError(values).standardError : null);
      return {
        scores: mean,
        scoresSe: mean.map((_, c) => se(trials.map((t) => t[c]))),
        welfare: pMean(mean, welfare.p, w),
        welfareSe: se(trials.map((t) => pMean(t, welfare.p, w))),
      };
    },
  };
}

/** The policy's row of the score matrix of the pool with the policy added as its last candidate. */
export function scoreRow(pool: Pool, policy: PoolPolicy): number[] {
  const { values, totalUtility, groups } = policy;
  const matrix = poolScoreMatrix({
    ...pool,
    candidates: [...pool.candidates, { id: '(the dial)', values, totalUtility, groups }],
  });
  const m = matrix.clauses.length;
  return Array.from(matrix.scores.subarray((matrix.numCandidates - 1) * m));
}

/** One occupancy per trial (views on the per-trial arrays); none when they were not kept. */
function perTrialOccupancies(o: Occupancy): Occupancy[] {
  const { perTrialDiscounted: d, perTrialUndiscounted: u, numArms: N, numStates: S } = o;
  if (!d || !u) return [];
  return Array.from({ length: o.numTrials }, (_, k) => ({
    ...o,
    numTrials: 1,
    discounted: d.subarray(k * N * S, (k + 1) * N * S),
    undiscounted: u.subarray(k * N * S, (k + 1) * N * S),
  }));
}
