// The state of one SCLM run (sclm-balancing-act, section 5) as plain JSON data: the clauses, the
// generator's DLM run, each clause's own reward, the baselines' runs, one summary per simulated
// policy, the LLM scorer's ratings and the selection. It is the checkpoint: a run resumed from
// it repeats no LLM call that was answered and no simulation that was done.
import { DEFAULT_REWARD } from '../../core/reward/default-reward.ts';
import type { ClauseInfo } from '../../core/adjudicate/score-matrix.ts';
import type { PolicyEvaluation } from '../../core/adjudicate/evaluate-policy.ts';
import type { Pool, PoolPolicy } from '../../core/adjudicate/pool.ts';
import type { SelectionRecord } from '../../core/adjudicate/selection-record.ts';
import type { DistributionCategory } from '../../core/measures/distribution-categories.ts';
import { DEFAULT_MAX_ATTEMPTS, type Attempt } from '../ask-until-parsed.ts';
import type { DlmConfig, DlmRunState } from '../dlm/dlm-run-state.ts';

export interface SclmConfig {
  /**
   * How prioritization clauses are scored: SCLM-SIM (each clause's own reward, simulated) or SCLM-LLM (1-5 ratings).
   */
  scorer: 'simulator' | 'llm';
  /**
   * The generator: a DLM run of rounds x candidates on the composite prompt. SCLM generates 20
   * candidates per prompt (appendix C.6) but does not publish the split; 4 rounds x 5 is our default.
   */
  pool: Pick<DlmConfig, 'rounds' | 'candidates'>;
  /** The DLM run that finds each prioritization clause's own reward (simulator scorer); DLM's 2 x 2 by default. */
  clauseDlm: Pick<DlmConfig, 'rounds' | 'candidates'>;
  /** LLM calls allowed per reply (split, candidate, reflection, rating) before it counts as failed. */
  maxAttempts: number;
  /** Add a shift clause for every ordered feature group that no prioritization clause targets. */
  shiftClauses: boolean;
  /** Add the "maximize the total generated utility" clause. */
  utilityClause: boolean;
  /**
   * Run the paper's baselines: LLM-zeroshot, and DLM with the extended prompt (when clauses were added). DLM is the
   * generator run's own pick.
   */
  baselines: boolean;
  /** Clause weights for the welfare functions, in clause order (after added clauses); equal when absent. */
  weights?: number[];
  /** Assumed multiplicative score noise for the regret bound shown with the selection. */
  epsilon: number;
  /** The default policy's reward: SCLM's default reward is the state. */
  defaultExpression: string;
}

export const DEFAULT_SCLM_CONFIG: SclmConfig = {
  scorer: 'simulator',
  pool: { rounds: 4, candidates: 5 },
  clauseDlm: { rounds: 2, candidates: 2 },
  maxAttempts: DEFAULT_MAX_ATTEMPTS,
  shiftClauses: false,
  utilityClause: false,
  baselines: true,
  epsilon: 0.1,
  defaultExpression: DEFAULT_REWARD,
};

/** A clause as the user edits it. */
export interface SclmClause {
  /** Unique short name, the column heading. */
  name: string;
  /** The clause in the user's words. */
  text: string;
  kind: 'prioritize' | 'shift' | 'utility';
  /** Prioritization clauses: the reward the user wrote; without it, the clause's own DLM run finds one. */
  expression?: string;
  /** Prioritization clauses: the group and end that SCLM's evaluation measures (optional). */
  target?: { group: string; end: 'top' | 'bottom' };
  /** Shift clauses: the ordered feature group whose utility distribution must not shift. */
  group?: string;
}

/** One LLM question asked until its reply parses (the clause split, a rating): its replies and how it ended. */
export interface AskState {
  attempts: Attempt[];
  status: 'pending' | 'done' | 'failed';
}

/** What one simulated policy contributes: summary for scores and measures, distribution for the LLM scorer. */
export interface SimulatedPolicy extends PoolPolicy {
  distribution: DistributionCategory[];
}

export interface MethodResult {
  /** "SCLM-utilitarian", "LLM-zeroshot", "DLM", "DLM-extended", ... */
  method: string;
  expression: string | null;
  evaluation: PolicyEvaluation | null;
}

export interface SclmResult {
  /** The pool in the format of `allot adjudicate --pool` (candidates by generator id). */
  pool: Pool;
  clauses: ClauseInfo[];
  /** numCandidates rows of per-clause scores. */
  scores: number[][];
  selections: SelectionRecord[];
  regret: { epsilon: number; bound: number };
  /** SCLM under each welfare function, then the baselines, each with SCLM's evaluation measures. */
  methods: MethodResult[];
}

export interface SclmRunState {
  version: 1;
  config: SclmConfig;
  /** The composite preference prompt. */
  prompt: string;
  status: 'running' | 'awaiting-clauses' | 'paused' | 'done';
  pausedBecause?: string;
  /** Why the clauses need the user (a clause without a usable reward, for example); cleared when they are accepted. */
  clauseProblems?: string[];
  /** The LLM-assisted split; `proposed` is what the user is shown to edit. */
  split?: AskState & { proposed?: string[] };
  /** The accepted clauses, with any added shift and utility clauses. */
  clauses?: SclmClause[];
  /** The generator run on the composite prompt: its valid distinct candidates are the pool. */
  generator?: DlmRunState;
  /** Each prioritization clause's own DLM run, by clause name. */
  clauseRuns: Record<string, DlmRunState>;
  /** Baseline runs: LLM-zeroshot and DLM with the extended prompt. */
  baselines: { zeroShot?: DlmRunState; extended?: DlmRunState };
  /** Simulated policies by normalized expression (the default policy under its own expression). */
  outcomes: Record<string, SimulatedPolicy>;
  /** The default policy's key in `outcomes`. */
  defaultKey?: string;
  /** LLM scorer ratings by "<candidate id>|<clause name>". */
  ratings: Record<string, AskState & { score?: number }>;
  result?: SclmResult;
}

/** A fresh run; with `clauses` the LLM split is skipped. Throws on a configuration that cannot run. */
export function createSclmRun(prompt: string, config: Partial<SclmConfig> = {}): SclmRunState {
  if (prompt.trim() === '') throw new Error('an SCLM run needs a preference prompt');
  const c: SclmConfig = { ...DEFAULT_SCLM_CONFIG, ...config };
  for (const [key, v] of [
    ['pool.rounds', c.pool.rounds],
    ['pool.candidates', c.pool.candidates],
    ['clauseDlm.rounds', c.clauseDlm.rounds],
    ['clauseDlm.candidates', c.clauseDlm.candidates],
    ['maxAttempts', c.maxAttempts],
  ] as const) {
    if (!Number.isInteger(v) || v < 1) throw new RangeError(`${key} must be a positive integer, got ${v}`);
  }
  if (!(c.epsilon >= 0 && c.epsilon < 1)) throw new RangeError(`epsilon must be in [0, 1), got ${c.epsilon}`);
  return { version: 1, config: c, prompt, status: 'running', clauseRuns: {}, baselines: {}, outcomes: {}, ratings: {} };
}
