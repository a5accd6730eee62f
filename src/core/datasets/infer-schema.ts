// The feature schema of a population CSV when no schema file says it: names, types and one-hot
// groups inferred from the header and the values.
import type { FeatureColumn, FeatureGroup, FeatureSchema } from '../instance/types.ts';

/** A header turned into a feature name usable as agent_feats.<name>: letters, digits and _. */
export function featureName(header: string): string {
  const name = header.trim().replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '');
  return /^[0-9]/.test(name) || name === '' ? `f_${name}` : name;
}

/**
 * The schema inferred from column names and values:
 * - type: binary when every value is 0 or 1, integer when every value is whole, else continuous;
 * - groups: binary columns whose names share the part before the first "_" (age_10_20, age_21_30)
 *   form a one-hot group named after that prefix, when there are at least two of them and every
 *   arm has exactly one 1 among them; bucket order is column order, marked unordered (edit the
 *   schema to say the buckets are ordered).
 */
export function inferSchema(headers: string[], features: Float64Array, numArms: number): FeatureSchema {
  const F = headers.length;
  // One row-major pass: which columns hold only 0/1, only whole numbers.
  const notBinary = new Uint8Array(F);
  const notInteger = new Uint8Array(F);
  for (let arm = 0; arm < numArms; arm++) {
    for (let f = 0, i = arm * F; f < F; f++, i++) {
      const v = features[i];
      if (v !== 0 && v !== 1) {
        notBinary[f] = 1;
        if (!Number.isInteger(v)) notInteger[f] = 1;
      }
    }
  }
  const columns: FeatureColumn[] = headers.map((header, f) => ({
    name: featureName(header),
    label: header,
    description: header,
    type: !notBinary[f] ? 'binary' : !notInteger[f] ? 'integer' : 'continuous',
    group: null,
  }));
  uniqueNames(columns, headers);
  const byPrefix = new Map<string, number[]>();
  columns.forEach((c, f) => {
    const cut = c.name.indexOf('_');
    if (c.type === 'binary' && cut > 0) byPrefix.set(c.name.slice(0, cut), [...(byPrefix.get(c.name.slice(0, cut)) ?? []), f]);
  });
  const groups: FeatureGroup[] = [];
  for (const [prefix, members] of byPrefix) {
    if (members.length < 2) continue;
    let oneHot = true;
    for (let arm = 0; arm < numArms && oneHot; arm++) {
      let ones = 0;
      for (const f of members) ones += features[arm * F + f];
      oneHot = ones === 1;
    }
    if (!oneHot) continue;
    for (const f of members) columns[f].group = prefix;
    groups.push({ name: prefix, kind: 'one-hot', columns: members, ordered: false, buckets: members.map((f) => columns[f].label) });
  }
  return { columns, groups };
}

export function uniqueNames(columns: FeatureColumn[], headers: string[]): void {
  const seen = new Map<string, number>();
  columns.forEach((c, f) => {
    const other = seen.get(c.name);
    if (other !== undefined) throw new Error(`feature columns "${headers[other]}" and "${headers[f]}" both become the name "${c.name}"; rename one of them`);
    seen.set(c.name, f);
  });
}
