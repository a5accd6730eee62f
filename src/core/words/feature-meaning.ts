// A reward reads features by position (agent_feats[10]); on another population the same position can
// mean another feature (income 0-5000 there, "Ages 41-50" here). When What-if's population changes,
// the rewards she wrote are checked against the new schema and the change of meaning is said in words,
// before she reads their results as if nothing had changed.
import type { FeatureSchema } from '../instance/types.ts';
import { bucketName } from './bucket-name.ts';

/** A column as a reader knows it: its label, with its group unless the label already names it (bucketName). */
function meaning(schema: FeatureSchema, i: number): string | null {
  const c = schema.columns[i];
  return c ? (c.group ? bucketName(c.group, c.label) : c.label) : null;
}

/**
 * What changed for `expression` between schema `before` and `after`, in one sentence; null when every
 * feature it reads by position means the same (or it reads none).
 */
export function featureMeaningChange(expression: string, before: FeatureSchema, after: FeatureSchema): string | null {
  const read = [...new Set([...expression.matchAll(/agent_feats\s*\[\s*(\d+)\s*\]/g)].map((m) => Number(m[1])))].sort(
    (a, b) => a - b,
  );
  const parts: string[] = [];
  for (const i of read) {
    const was = meaning(before, i),
      now = meaning(after, i);
    if (was === null || was === now) continue;
    parts.push(
      now === null
        ? `agent_feats[${i}] meant “${was}” and reads nothing here (this population has ` +
            `${after.columns.length} features)`
        : `agent_feats[${i}] meant “${was}” and now means “${now}”`,
    );
  }
  if (!parts.length) return null;
  return (
    `On this population the reward reads other features: ${parts.join('; ')}. Check that it still says what ` +
    `you mean before you trust its results.`
  );
}
