// The bucket of every arm in every feature group, computed once per population or register: every
// measure per bucket, the list's make-up, the share constraints, the priors and the call-effect model
// need it, and at 10^6 arms recomputing it per use costs more than the measure itself (and leaves
// megabytes of garbage behind). Cached by the features array (an Instance's or a Register's arrays are
// never changed in place). The arrays are shared: read them, never write them.
import { cellArray, type CellArray } from '../instance/occupancy.ts';
import type { FeatureGroup, FeatureSchema } from '../instance/types.ts';
import { bucketOfArms, checkGroupShape, fillBuckets } from './bucket-of-arms.ts';
import { asTable, type AnyFeatures, type FeatureTable } from '../instance/feature-table.ts';

const cache = new WeakMap<FeatureTable, { schema: FeatureSchema; buckets: CellArray[] }>();

/**
 * bucketOfArms of every group of `schema`, in schema order (the same arrays for the same features and
 * schema), each in the narrowest signed type that holds its buckets (kept with the population: at
 * 3 x 10^6 arms a group takes 3 MB rather than 12).
 */
export function groupBuckets(schema: FeatureSchema, features: AnyFeatures, numArms: number): CellArray[] {
  const F = schema.columns.length;
  const table = asTable(features, numArms, F);
  const hit = cache.get(table);
  if (hit && hit.schema === schema) return hit.buckets;
  if (table.numArms !== numArms || table.columns.length !== F) {
    throw new RangeError(
      `features have ${table.numArms} arms x ${table.columns.length} features, expected ${numArms} x ${F}`,
    );
  }
  for (const g of schema.groups) checkGroupShape(g, F);
  // Column by column: each column is read once, in order (a byte per arm for 0/1 columns).
  const buckets = schema.groups.map((g) => fillBuckets(table, g, cellArray(numArms, g.buckets.length).fill(-1)));
  cache.set(table, { schema, buckets });
  return buckets;
}

/** The bucket of every arm in `group`: the cached array when the group is one of the schema's, else bucketOfArms. */
export function bucketsOf(
  instance: { schema: FeatureSchema; features: AnyFeatures },
  numArms: number,
  group: FeatureGroup,
): CellArray {
  const g = instance.schema.groups.indexOf(group);
  return g >= 0
    ? groupBuckets(instance.schema, instance.features, numArms)[g]
    : bucketOfArms(instance.features, numArms, instance.schema.columns.length, group);
}
