// The feature list that DLM's prompts show the LLM (DLM appendix I and L): "Index Name DataType",
// one line per column "<index>. <label> - <Type>", hidden columns replaced by one marker line.
import type { FeatureSchema, FeatureType } from '../instance/types.ts';

const TYPE_NAMES: Record<FeatureType, string> = { binary: 'Binary', integer: 'Integer', continuous: 'Continuous' };

/**
 * `hidden` lists column indices not shown to the LLM (DLM hides its sensitive features 0-6); the
 * indices of the other columns keep their position in agent_feats.
 */
export function featureList(schema: FeatureSchema, hidden: readonly number[] = []): string {
  const lines = ['Index Name DataType'];
  if (hidden.length > 0) lines.push('[sensitive feature hidden]'); // the paper's marker, whatever the count
  schema.columns.forEach((column, i) => {
    if (!hidden.includes(i)) lines.push(`${i}. ${column.label} - ${TYPE_NAMES[column.type]}`);
  });
  return lines.join('\n');
}
