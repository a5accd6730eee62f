// The feature list that DLM's prompts show the LLM (DLM appendix I and L): "Index Name DataType",
// one line per column "<index>. <label> - <Type>", hidden columns replaced by one marker line; then,
// when the population has text columns (her register's district, language), how to read them by name,
// with their values as written (the same lines as the reward editor's reference).
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
  return [...lines, ...textFeatureLines(schema, hidden)].join('\n');
}

/**
 * The text features, one line each: `agent_feats.district` ("district", features 0-3): "पालघर", "ठाणे",
 * "" (not recorded), with a line before saying how to compare them; none when there are none.
 */
export function textFeatureLines(schema: FeatureSchema, hidden: readonly number[] = []): string[] {
  const texts = schema.groups.filter((g) => g.text && !g.columns.some((c) => hidden.includes(c)));
  if (texts.length === 0) return [];
  const first = texts[0].text!;
  const example = `agent_feats.${first.name} == ${JSON.stringify(first.values.find((v) => v) ?? '')}`;
  return [
    `Text features, read by name and compared with == or != (1 when equal, else 0), e.g. ${example}:`,
    ...texts.map((g) => {
      const t = g.text!;
      const other = (b: number) => `rare values merged into a bucket "other" (read it as agent_feats[${g.columns[b]}])`;
      const shown = (v: string | null, b: number) =>
        v === null ? other(b) : v === '' ? '"" (not recorded)' : JSON.stringify(v);
      const values = t.values.map(shown);
      const features = `features ${g.columns[0]}-${g.columns[g.columns.length - 1]}`;
      return `agent_feats.${t.name} ("${t.column}", ${features}): ${values.join(', ')}`;
    }),
  ];
}

/** Every name the schema spells (columns, groups, buckets, text features): clause replies keep them exactly. */
export function schemaNames(schema: FeatureSchema): string[] {
  const columns = schema.columns.flatMap((c) => [c.name, c.label]);
  const groups = schema.groups.flatMap((g) => [g.name, ...g.buckets, ...(g.text ? [g.text.name] : [])]);
  return [...columns, ...groups];
}
