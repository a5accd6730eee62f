// The bucket of every beneficiary in every feature group, computed once per register: the list's
// make-up, the share constraints, the priors and the call-effect model all need it, and at 10^6
// beneficiaries recomputing it per use costs more than the list itself. Cached by the features array
// (an Instance's or a Register's arrays are never changed in place).
import type { FeatureSchema } from '../instance/types.ts';
import { bucketOfArms } from '../measures/bucket-of-arms.ts';

const cache = new WeakMap<Float64Array, { schema: FeatureSchema; buckets: Int32Array[] }>();

/** bucketOfArms of every group of `schema`, in schema order (the same arrays for the same features and schema). */
export function groupBuckets(schema: FeatureSchema, features: Float64Array, numArms: number): Int32Array[] {
  const hit = cache.get(features);
  if (hit && hit.schema === schema) return hit.buckets;
  const buckets = schema.groups.map((g) => bucketOfArms(features, numArms, schema.columns.length, g));
  cache.set(features, { schema, buckets });
  return buckets;
}
