// One clause's scores over the pool, the column of the adjudicator's candidates x clauses matrix.

/** Where a clause's scores come from (SCLM section 5.2.2). */
export type ClauseKind =
  /** V_c(pi_R) / V_c(pi_default) under the clause's own reward (SCLM-SIM). */
  | 'simulator'
  /** The LLM scorer's 1-5 rating (SCLM-LLM). */
  | 'llm'
  /** "Do not shift feature group g": EMD to the default's utility distribution, min-max normalized and inverted. */
  | 'shift'
  /** "Maximize total utility": total utility, min-max normalized. */
  | 'utility'
  /** Scores computed elsewhere and used as they are (non-negative). */
  | 'given';

/**
 * How the values were obtained: 'ratio' (value over the default's), 'rating' (1-5 as given),
 * 'given', or min-max normalization over the pool: 'range', 'single' (one candidate: 1),
 * 'all-equal' (the clause does not tell the candidates apart: every one gets 1).
 */
export type ScoreRule = 'ratio' | 'rating' | 'given' | 'range' | 'single' | 'all-equal';

export interface ScoreColumn {
  name: string;
  kind: ClauseKind;
  /** One non-negative score per candidate, higher is better. */
  values: Float64Array;
  rule: ScoreRule;
  /** Why an unusual rule was applied (for example a default value <= 0), shown with the selection. */
  note?: string;
}
