// The multilingual paper's acceptable reward function (section 3): "a reward proposal by the LLM
// that contains all the relevant features and no spurious features. In the case where the goal
// prompt contains multiple features, an acceptable reward function must select the right features
// for all the conditions."
import type { FeatureSchema } from '../instance/types.ts';
import { resolveCondition, type PromptCondition } from './prompt-condition.ts';

/**
 * 'features' (default): relevance at the level of feature values, the columns of the prompt's
 *     reward functions (Table 5: "low Age ... corresponds to feature 0 and to a lesser degree
 *     feature 1"): every targeted column of every condition is used, and every used column is
 *     targeted or tolerated by some condition;
 * 'groups': relevance at the level of Table 2's "Features" column (Age, Income, ...): at least
 *     one column of every condition's group is used, and no column of any other group.
 */
export type RelevanceLevel = 'features' | 'groups';

export interface Acceptability {
  acceptable: boolean;
  /** Relevant columns the reward does not use (at level 'groups': one representative per group, its first column). */
  missing: number[];
  /** Used columns that no condition makes relevant. */
  spurious: number[];
}

/**
 * Judges the feature columns a candidate reads (the reward compiler's featuresUsed) against the prompt's conditions.
 */
export function acceptableReward(
  used: readonly number[],
  conditions: readonly PromptCondition[],
  schema: FeatureSchema,
  level: RelevanceLevel = 'features',
): Acceptability {
  const resolved = conditions.map((c) => resolveCondition(schema, c));
  const usedSet = new Set(used);
  const spurious: number[] = [];
  const missing: number[] = [];
  if (level === 'groups') {
    const allowed = new Set(resolved.flatMap((r) => r.group.columns));
    for (const r of resolved)
      if (!r.group.columns.some((c) => usedSet.has(c)) && !missing.includes(r.group.columns[0]))
        missing.push(r.group.columns[0]);
    for (const c of usedSet) if (!allowed.has(c)) spurious.push(c);
  } else {
    const allowed = new Set(resolved.flatMap((r) => [...r.columns, ...r.toleratedColumns]));
    for (const c of new Set(resolved.flatMap((r) => r.columns))) if (!usedSet.has(c)) missing.push(c);
    for (const c of usedSet) if (!allowed.has(c)) spurious.push(c);
  }
  missing.sort((a, b) => a - b);
  spurious.sort((a, b) => a - b);
  return { acceptable: missing.length === 0 && spurious.length === 0, missing, spurious };
}
