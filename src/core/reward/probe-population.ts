// A population that stands in for real arms when only a schema is known (the command line without
// a population): it covers the features an expression reads, so that "increasing in state" and
// "nonnegative" are checked over every combination that matters rather than one made-up arm.
import type { FeatureSchema } from '../instance/types.ts';

/** Probe values for a used column outside one-hot groups, by type. */
const PROBES = { binary: [0, 1], integer: [0, 1, 2, 5, 10, 20, 40, 100], continuous: [-1, 0, 0.5, 1, 10, 100] };

/**
 * Arms (features: numArms x numFeatures, row-major) taking every combination of: one member of each
 * one-hot group that has a used column, and the probe values (plus bucket edges) of each other used
 * column. Unused one-hot groups have their first member set. At most `maxArms` arms: beyond that,
 * an evenly spaced subset of the combinations.
 */
export function probePopulation(
  schema: FeatureSchema,
  used: readonly number[],
  maxArms = 4096,
): { numArms: number; features: Float64Array } {
  const n = schema.columns.length;
  const base = new Float64Array(n);
  const dimensions: [column: number, value: number][][] = [];
  const grouped = new Set<number>();
  for (const group of schema.groups) {
    if (group.kind !== 'one-hot') continue;
    group.columns.forEach((c) => grouped.add(c));
    if (group.columns.some((c) => used.includes(c))) dimensions.push(group.columns.map((c) => [c, 1]));
    else if (group.columns.length) base[group.columns[0]] = 1;
  }
  for (const i of used) {
    if (grouped.has(i)) continue;
    const edges = schema.groups.find((g) => g.kind === 'bucketed' && g.columns.includes(i))?.edges ?? [];
    const values = [...new Set([...PROBES[schema.columns[i].type], ...edges, ...edges.map((e) => e + 1)])].sort(
      (a, b) => a - b,
    );
    dimensions.push(values.map((v) => [i, v]));
  }
  const total = dimensions.reduce((product, d) => product * d.length, 1);
  const numArms = Math.min(total, maxArms);
  const features = new Float64Array(numArms * n);
  for (let arm = 0; arm < numArms; arm++) {
    features.set(base, arm * n);
    let k = Math.floor((arm * total) / numArms); // mixed-radix index of this combination
    for (const d of dimensions) {
      const [column, value] = d[k % d.length];
      features[arm * n + column] = value;
      k = Math.floor(k / d.length);
    }
  }
  return { numArms, features };
}
