// Prompt rewriting (multilingual DLM, section 6 "Prompt rewriting component"): turn a preference
// written in any language into explicit English clauses that name the feature values the user
// means, from the population's own schema. The original prompt is always kept by the caller; the
// rewrite is only used when the user turns it on.
import type { FeatureSchema } from '../instance/types.ts';
import type { ChatRequest } from './chat-request.ts';
import { CLAUSES_REPLY } from './reply-schemas.ts';

export function rewritePrompt(preference: string, schema: FeatureSchema): ChatRequest {
  // Names and values exactly as the schema spells them (underscores, digits, hyphens, any script).
  const groups = schema.groups.map((g) => `${g.name}: ${g.buckets.join('; ')}`);
  const loose = schema.columns.filter((c) => c.group === null).map((c) => `${c.label} (${c.type})`);
  const prompt = [
    'Rewrite the following preference for allocating a scarce intervention among agents as explicit English clauses. ' +
      'Each clause states one goal and names the exact feature values it refers to, chosen from the features ' +
      'listed below. ' +
      'Translate the preference if it is not in English. Keep its strength ("slightly", "strongly") and do not add ' +
      'goals it does not state.',
    'Features and their values:',
    ...groups,
    ...(loose.length ? [`Other features: ${loose.join('; ')}`] : []),
    `Preference: ${preference}`,
    'Answer with one clause per line, each line starting with "Clause N: " (N = 1, 2, ...), and nothing else.',
  ].join('\n');
  return { prompt, reply: CLAUSES_REPLY };
}
