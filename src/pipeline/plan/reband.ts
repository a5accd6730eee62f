// Bands of a numeric feature, edited: quantile bands or cut points the user types, applied to the
// bucketed group of one numeric column (core/plan/band-numeric.ts makes the first bands).
import { asTable, columnValues, type AnyFeatures } from '../../core/instance/feature-table.ts';
import type { FeatureSchema } from '../../core/instance/types.ts';
import { bandLabels, checkCuts, quantileCuts } from '../../core/plan/band-numeric.ts';

export type Banding = { bands: number } | { cuts: number[] };

/** The numeric columns whose bands can be edited: bucketed groups of one integer or continuous column. */
export function bandableGroups(
  schema: FeatureSchema,
): { group: string; column: string; cuts: number[]; integer: boolean }[] {
  return schema.groups.flatMap((g) => {
    const column = g.kind === 'bucketed' && g.columns.length === 1 ? schema.columns[g.columns[0]] : undefined;
    return column && column.type !== 'binary'
      ? [
          {
            group: g.name,
            column: column.label || column.name,
            cuts: [...(g.edges ?? [])],
            integer: column.type === 'integer',
          },
        ]
      : [];
  });
}

/** The schema with group `name` cut again (a new schema). Throws with the reason on bad cut points. */
export function reband(
  schema: FeatureSchema,
  features: AnyFeatures,
  numArms: number,
  name: string,
  banding: Banding,
): FeatureSchema {
  const g = schema.groups.findIndex((x) => x.name === name);
  const group = schema.groups[g];
  const f = group?.kind === 'bucketed' && group.columns.length === 1 ? group.columns[0] : -1;
  const column = schema.columns[f];
  if (!column || column.type === 'binary') throw new Error(`"${name}" is not a numeric feature with bands`);
  let cuts: number[];
  if ('bands' in banding) {
    if (!(Number.isInteger(banding.bands) && banding.bands >= 1 && banding.bands <= 20))
      throw new Error(`the number of bands of "${name}" must be a whole number from 1 to 20, not ${banding.bands}`);
    const values = Float64Array.from(columnValues(asTable(features, numArms, schema.columns.length).columns[f]));
    cuts = quantileCuts(values, banding.bands);
  } else {
    cuts = checkCuts(name, banding.cuts);
  }
  const groups = schema.groups.map((x, i) =>
    i === g ? { ...x, edges: [...cuts], buckets: bandLabels(cuts, column.type !== 'continuous') } : x,
  );
  return { columns: schema.columns, groups };
}
