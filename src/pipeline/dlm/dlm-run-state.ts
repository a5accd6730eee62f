// The state of one DLM run (Algorithm 1) as plain JSON data: every LLM reply, every failure, every
// simulation outcome and every pick. It is the checkpoint: a run resumed from it repeats no LLM
// call that was already answered.
import type { DistributionCategory } from '../../core/measures/distribution-categories.ts';
import { DEFAULT_MAX_ATTEMPTS, type Attempt } from '../ask-until-parsed.ts';

export interface DlmConfig {
  /**
   * 'reflection': I rounds x K candidates with a reflection pick per round (DLM). 'zero-shot': the first valid reply of
   * one call (DLM, No Reflection).
   */
  mode: 'reflection' | 'zero-shot';
  /** I, rounds (2 in the paper). Ignored in zero-shot mode. */
  rounds: number;
  /** K, candidates per round (2 in the paper). Ignored in zero-shot mode. */
  candidates: number;
  /** LLM calls allowed per candidate, and per reflection, before it is recorded as failed (the first try included). */
  maxAttempts: number;
}

export const DEFAULT_DLM_CONFIG: DlmConfig = {
  mode: 'reflection',
  rounds: 2,
  candidates: 2,
  maxAttempts: DEFAULT_MAX_ATTEMPTS,
};

export interface CandidateState {
  /** "r<round>/c<slot>", e.g. "r0/c1". */
  id: string;
  attempts: Attempt[];
  status: 'pending' | 'valid' | 'failed';
  /** For a valid candidate: the expression as extracted from the reply, and its normalized form. */
  expression?: string;
  normalized?: string;
  /** Id of an earlier valid candidate with the same normalized expression (then simulated once and shown once). */
  duplicateOf?: string;
}

export interface ReflectionState {
  attempts: Attempt[];
  status: 'pending' | 'picked' | 'failed' | 'skipped';
  /** Candidate ids in the order the reflection prompt listed them (index i of the reply = shown[i]). */
  shown: string[];
  /** The chosen candidate's id when picked (also when the round had a single distinct valid candidate). */
  pick?: string;
  /** Why no LLM reflection was asked: 'no valid candidate' or 'one distinct candidate'. */
  reason?: string;
}

export interface RoundState {
  index: number;
  candidates: CandidateState[];
  reflection?: ReflectionState;
  done: boolean;
}

export interface SimulationRecord {
  /** The state-feature distributions shown to the reflection (formatted once, in its prompt). */
  distribution: DistributionCategory[];
}

export interface DlmResult {
  /** Candidate id, expression and normalized form of R_DLM. */
  candidate: string;
  expression: string;
  normalized: string;
  /**
   * 'reflection': picked by the LLM in the last round with a pick; 'only-candidate': the one distinct valid candidate
   * of that round; 'first-valid': zero-shot, or no round had a pick.
   */
  pickedBy: 'reflection' | 'only-candidate' | 'first-valid';
}

export interface DlmRunState {
  version: 1;
  config: DlmConfig;
  /** The language command. */
  task: string;
  rounds: RoundState[];
  /** Simulation outcomes by normalized expression: duplicates are simulated once. */
  simulations: Record<string, SimulationRecord>;
  status: 'running' | 'paused' | 'done';
  /** Why the run paused (a provider outage, an abort); cleared when it resumes. */
  pausedBecause?: string;
  /** Set when done; null when no candidate was ever valid. */
  result?: DlmResult | null;
}

/** A fresh run. Throws on a configuration that cannot run. */
export function createDlmRun(task: string, config: Partial<DlmConfig> = {}): DlmRunState {
  const c: DlmConfig = { ...DEFAULT_DLM_CONFIG, ...config };
  if (c.mode === 'zero-shot') Object.assign(c, { rounds: 1, candidates: 1 });
  for (const key of ['rounds', 'candidates', 'maxAttempts'] as const) {
    if (!Number.isInteger(c[key]) || c[key] < 1)
      throw new RangeError(`${key} must be a positive integer, got ${c[key]}`);
  }
  if (task.trim() === '') throw new Error('a DLM run needs a task prompt');
  return { version: 1, config: c, task, rounds: [], simulations: {}, status: 'running' };
}
