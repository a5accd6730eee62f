// A schema of one-hot groups from a table of [group, ordered, [column name, bucket label][]]: the built-in
// populations (DLM's 43 features, the multilingual study's 34) are written as such tables in their papers'
// order, and this is the one place that turns a table into columns and groups.
import type { FeatureColumn, FeatureGroup, FeatureSchema } from '../instance/types.ts';

export type OneHotTable = readonly (readonly [group: string, ordered: boolean, members: readonly [string, string][]])[];

/** The table's groups after `leading` columns (which belong to no group), each member a binary column. */
export function oneHotSchema(table: OneHotTable, leading: readonly FeatureColumn[] = []): FeatureSchema {
  const columns: FeatureColumn[] = [...leading];
  const groups: FeatureGroup[] = [];
  for (const [group, ordered, members] of table) {
    const start = columns.length;
    for (const [name, label] of members)
      columns.push({ name, label, description: `${label} (${group})`, type: 'binary', group });
    groups.push({
      name: group,
      kind: 'one-hot',
      columns: members.map((_, i) => start + i),
      ordered,
      buckets: members.map(([, label]) => label),
    });
  }
  return { columns, groups };
}
