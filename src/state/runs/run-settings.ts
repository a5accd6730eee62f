// What the Start screen asks for and a run keeps in its record (RunRecord.config): the pipeline,
// the priority, the population, the generator's sizes and the evaluation's trials and seed. No key.
import { findGenerator } from '../../core/datasets/generators.ts';
import { resolveParameters } from '../../core/datasets/generators/population-generator.ts';

import type { PopulationChoice } from '../../core/datasets/population-choice.ts';
import { describeRange, inRange, RANGES, type NumberRange } from '../../core/limits/setting-ranges.ts';
import { DEFAULT_REWARD } from '../../core/reward/default-reward.ts';
import type { ProviderIdentity } from '../../llm/provider-identity.ts';
import { DEFAULT_MAX_ATTEMPTS } from '../../pipeline/ask-until-parsed.ts';
import type { DlmConfig } from '../../pipeline/dlm/dlm-run-state.ts';
import type { SclmConfig } from '../../pipeline/sclm/sclm-run-state.ts';

export interface RunSettings {
  kind: 'dlm' | 'sclm';
  prompt: string;
  /** Rewrite a non-English priority into explicit English clauses before generating (multilingual DLM). */
  rewrite: boolean;
  population: PopulationChoice;
  /** DLM: I rounds x K candidates, maxAttempts LLM calls per reply. SCLM: the generator's pool. */
  rounds: number;
  candidates: number;
  maxAttempts: number;
  /** Simulated trials per policy and the seed of every simulation (one seed: policies see the same draws). */
  trials: number;
  seed: number;
  /**
   * SCLM: score prioritization clauses by simulating each clause's reward (SCLM-SIM) or by LLM ratings 1-5 (SCLM-LLM).
   */
  scorer: 'simulator' | 'llm';
  /** SCLM: the DLM run that finds each clause's reward, the added clauses, baselines, weights, noise. */
  clauseRounds: number;
  clauseCandidates: number;
  shiftClauses: boolean;
  utilityClause: boolean;
  baselines: boolean;
  /** One weight per clause, in clause order after added clauses; empty = equal weights. */
  weights: number[];
  epsilon: number;
  /** The welfare function whose pick the Results screen leads with. */
  welfare: 'utilitarian' | 'nash' | 'egalitarian';
  /** The LLM provider the run talks to (kind, model, base URL; never the key), recorded when it first runs. */
  provider?: ProviderIdentity;
}

/**
 * DLM's published 2 x 2 with 3 attempts; 100 trials (allot's choice: the paper evaluates 48-arm seeds, not trial
 * counts).
 */
export const DEFAULT_RUN_SETTINGS: RunSettings = {
  kind: 'dlm',
  prompt: '',
  rewrite: false,
  population: { kind: 'generator', generator: 'dlm', parameters: {}, seed: 0 },
  rounds: 2,
  candidates: 2,
  maxAttempts: DEFAULT_MAX_ATTEMPTS,
  trials: 100,
  seed: 0,
  scorer: 'simulator',
  clauseRounds: 2,
  clauseCandidates: 2,
  shiftClauses: false,
  utilityClause: false,
  baselines: true,
  weights: [],
  epsilon: 0.1,
  welfare: 'utilitarian',
};

/** Problems that stop a run from starting, each naming the field; empty when it can start. */
export function settingsProblems(s: RunSettings): string[] {
  const problems: string[] = [];
  if (!s.prompt.trim()) problems.push('Priority: write what the allocation should favour, in your own words.');
  // The command line's ranges (src/core/limits/setting-ranges.ts).
  const check = (label: string, v: number, range: NumberRange) => {
    if (!inRange(v, range)) problems.push(`${label}: ${describeRange(range)}, not ${v}.`);
  };
  check('Rounds', s.rounds, RANGES.rounds);
  check('Candidates per round', s.candidates, RANGES.candidates);
  check('Attempts per reply', s.maxAttempts, RANGES.attempts);
  check('Trials', s.trials, RANGES.trials);
  check('Seed', s.seed, RANGES.seed);
  if (s.kind === 'sclm') {
    check('Clause rounds', s.clauseRounds, RANGES.rounds);
    check('Clause candidates', s.clauseCandidates, RANGES.candidates);
    check('Score noise', s.epsilon, RANGES.epsilon);
    if (s.weights.some((w) => !(w > 0)))
      problems.push('Clause weights: positive numbers, one per clause (or leave empty for equal weights).');
  }
  if (s.population.kind === 'generator') {
    check('Population seed', s.population.seed, RANGES.seed);
    const generator = findGenerator(s.population.generator);
    if (!generator) problems.push(`Population: no built-in population "${s.population.generator}".`);
    else {
      try {
        resolveParameters(generator, s.population.parameters);
      } catch (error) {
        problems.push(`Population: ${(error as Error).message}.`);
      }
    }
  }
  return problems;
}

/** A short title for the run list. */
export function runTitle(s: RunSettings): string {
  const text = s.prompt.trim().replace(/\s+/g, ' ');
  return `${s.kind === 'sclm' ? 'SCLM' : 'DLM'}: ${text.length > 60 ? `${text.slice(0, 59)}…` : text}`;
}

/** The DLM run the settings ask for (a DLM run; SCLM's generator pool). */
export function dlmConfigOf(s: RunSettings): Partial<DlmConfig> {
  return { rounds: s.rounds, candidates: s.candidates, maxAttempts: s.maxAttempts };
}

/** The SCLM run the settings ask for. */
export function sclmConfigOf(s: RunSettings): Partial<SclmConfig> {
  return {
    scorer: s.scorer ?? 'simulator',
    pool: { rounds: s.rounds, candidates: s.candidates },
    clauseDlm: { rounds: s.clauseRounds, candidates: s.clauseCandidates },
    maxAttempts: s.maxAttempts,
    shiftClauses: s.shiftClauses,
    utilityClause: s.utilityClause,
    baselines: s.baselines,
    epsilon: s.epsilon,
    defaultExpression: DEFAULT_REWARD,
    ...(s.weights.length > 0 && { weights: s.weights }),
  };
}
