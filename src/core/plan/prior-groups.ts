// Which prior group each beneficiary is in (the buckets of the chosen feature group), for the estimator
// (estimate-transitions.ts) and whoever shows its groups; apart from it, which was past 300 lines.
import type { AnyFeatures } from '../instance/feature-table.ts';
import type { FeatureSchema } from '../instance/types.ts';
import type { CellArray } from '../instance/occupancy.ts';
import { groupBuckets } from '../measures/group-buckets.ts';

/** Bucket of every arm in the named group, with the labels; the register-wide prior when groupBy is null. */
export function priorGroups(
  schema: FeatureSchema,
  features: AnyFeatures,
  numArms: number,
  groupBy: string | null,
): { group: CellArray; labels: string[] } {
  if (groupBy === null) return { group: new Int32Array(numArms).fill(-1), labels: [] };
  const g = schema.groups.find((x) => x.name === groupBy);
  if (!g)
    throw new Error(
      `there is no feature group "${groupBy}" to fit priors on; the groups are ` +
        `${schema.groups.map((x) => `"${x.name}"`).join(', ') || '(none)'}`,
    );
  return { group: groupBuckets(schema, features, numArms)[schema.groups.indexOf(g)], labels: g.buckets };
}
