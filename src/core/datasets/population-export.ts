// Writing a population back out as the population CSV that parsePopulationCsv reads, with the
// feature columns headed by their labels: the names the user (or the generator) wrote and the app
// shows, not the identifiers made from them. The schema JSON beside it (populationSchemaFile) keeps
// what a header cannot: the identifiers reward expressions use, descriptions, types, the groups,
// budget, horizon and discount, so that the CSV read with it is the same population.
import type { Instance } from '../instance/types.ts';
import { csvField } from './csv-field.ts';
import { featureName, type SchemaFile } from './population-schema.ts';

type Exported = Pick<Instance, 'numArms' | 'numStates' | 'ids' | 'transitions' | 'schema' | 'features' | 'initial'>;

/** Headers the population CSV reads as something other than a feature. */
const RESERVED = /^(id|q[01][01]|p_\d+_[01]_\d+|init_\d+)$/;

/**
 * The CSV header of each feature column: its label as written, unless the label would not read back
 * as this one feature (empty, a reserved header such as "id" or "q00", or a name another column
 * already becomes); then the identifier, which always reads back as itself.
 */
export function featureHeaders(schema: Exported['schema']): string[] {
  const taken = new Set<string>();
  const fits = (header: string) => header !== '' && !RESERVED.test(header) && !taken.has(featureName(header));
  return schema.columns.map((c) => {
    const label = c.label.trim();
    const header = fits(label) ? label : c.name;
    if (!fits(header))
      throw new Error(
        `the feature "${c.label}" (${c.name}) cannot be written as a CSV column: its name is taken by another column`,
      );
    taken.add(featureName(header));
    return header;
  });
}

/**
 * Writes an instance as a population CSV (q columns for 2-state arms, p_s_a_t otherwise). Numbers are
 * printed in JavaScript's shortest round-trip form. `features: false` and `initial: false` leave
 * those columns out (the arm format `id,q00,q01,q10,q11`).
 */
export function populationToCsv(instance: Exported, options: { features?: boolean; initial?: boolean } = {}): string {
  const S = instance.numStates;
  const F = instance.schema.columns.length;
  const header = ['id'];
  if (S === 2) header.push('q00', 'q01', 'q10', 'q11');
  else
    for (let s = 0; s < S; s++) for (let a = 0; a < 2; a++) for (let t = 0; t < S; t++) header.push(`p_${s}_${a}_${t}`);
  const withInitial = options.initial ?? true;
  const withFeatures = options.features ?? true;
  if (withInitial) for (let s = 0; s < S; s++) header.push(`init_${s}`);
  if (withFeatures) header.push(...featureHeaders(instance.schema));
  const lines = [header.map(csvField).join(',')];
  const rowT = S * 2 * S;
  for (let arm = 0; arm < instance.numArms; arm++) {
    const fields = [csvField(instance.ids[arm])];
    if (S === 2) for (let k = 0; k < 4; k++) fields.push(String(instance.transitions[arm * 8 + k * 2 + 1]));
    else for (let k = 0; k < rowT; k++) fields.push(String(instance.transitions[arm * rowT + k]));
    if (withInitial) for (let s = 0; s < S; s++) fields.push(String(instance.initial[arm * S + s]));
    if (withFeatures) for (let f = 0; f < F; f++) fields.push(String(instance.features[arm * F + f]));
    lines.push(fields.join(','));
  }
  return lines.join('\n') + '\n';
}

/** The schema JSON (parseSchemaFile's format) that makes populationToCsv's file read back as this population. */
export function populationSchemaFile(
  instance: Pick<Instance, 'schema' | 'budget' | 'horizon' | 'discount'>,
): SchemaFile {
  const headers = featureHeaders(instance.schema);
  const { columns, groups } = instance.schema;
  return {
    columns: columns.map((c, f) => ({
      column: headers[f],
      name: c.name,
      label: c.label,
      description: c.description,
      type: c.type,
    })),
    groups: groups.map((g) => ({
      name: g.name,
      kind: g.kind,
      columns: g.columns.map((f) => headers[f]),
      ordered: g.ordered,
      buckets: [...g.buckets],
      ...(g.edges && { edges: [...g.edges] }),
    })),
    budget: instance.budget,
    horizon: instance.horizon,
    discount: instance.discount,
  };
}
