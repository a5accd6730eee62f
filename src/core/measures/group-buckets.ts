// The bucket of every arm in every feature group, computed once per population or register: every
// measure per bucket, the list's make-up, the share constraints, the priors and the call-effect model
// need it, and at 10^6 arms recomputing it per use costs more than the measure itself (and leaves
// megabytes of garbage behind). Cached by the features array (an Instance's or a Register's arrays are
// never changed in place). The arrays are shared: read them, never write them.
import { cellArray, type CellArray } from '../instance/occupancy.ts';
import type { FeatureGroup, FeatureSchema } from '../instance/types.ts';
import { bucketOfArms, checkGroupShape } from './bucket-of-arms.ts';

const cache = new WeakMap<Float64Array, { schema: FeatureSchema; buckets: CellArray[] }>();

/**
 * bucketOfArms of every group of `schema`, in schema order (the same arrays for the same features and
 * schema), each in the narrowest signed type that holds its buckets (kept with the population: at
 * 3 x 10^6 arms a group takes 3 MB rather than 12).
 */
export function groupBuckets(schema: FeatureSchema, features: Float64Array, numArms: number): CellArray[] {
  const hit = cache.get(features);
  if (hit && hit.schema === schema) return hit.buckets;
  // One pass over the arms for the one-hot groups (a row of features is read once, not once per group:
  // at 10^6 beneficiaries the rows do not fit in cache); bucketed groups read one column each.
  const F = schema.columns.length;
  if (features.length !== numArms * F) throw new RangeError(`features have ${features.length} entries, expected ${numArms} arms x ${F} features`);
  for (const g of schema.groups) checkGroupShape(g, F);
  const buckets = schema.groups.map((g) => cellArray(numArms, g.buckets.length).fill(-1));
  const oneHot = schema.groups.map((g, gi) => ({ columns: Int32Array.from(g.columns), out: buckets[gi] })).filter((_, gi) => schema.groups[gi].kind === 'one-hot');
  // bucketed groups in the same pass (one column each: a pass per column would read every row again)
  const banded = schema.groups.map((g, gi) => ({ column: g.columns[0], edges: Float64Array.from(g.edges ?? []), out: buckets[gi] })).filter((_, gi) => schema.groups[gi].kind !== 'one-hot');
  for (let arm = 0; arm < numArms; arm++) {
    const row = arm * F;
    for (const { columns, out } of oneHot) {
      for (let b = 0; b < columns.length; b++) {
        if (features[row + columns[b]] !== 0) {
          out[arm] = b;
          break;
        }
      }
    }
    for (const { column, edges, out } of banded) {
      const value = features[row + column];
      if (Number.isNaN(value)) continue;
      let b = 0;
      while (b < edges.length && value > edges[b]) b++;
      out[arm] = b;
    }
  }
  cache.set(features, { schema, buckets });
  return buckets;
}

/** The bucket of every arm in `group`: the cached array when the group is one of the schema's, else bucketOfArms. */
export function bucketsOf(instance: { schema: FeatureSchema; features: Float64Array }, numArms: number, group: FeatureGroup): CellArray {
  const g = instance.schema.groups.indexOf(group);
  return g >= 0 ? groupBuckets(instance.schema, instance.features, numArms)[g] : bucketOfArms(instance.features, numArms, instance.schema.columns.length, group);
}
