// The JSON instance format: {"format": "allot-instance", "version": 1, ...the Instance fields, with
// typed arrays as plain number arrays}. JavaScript prints every double in its shortest round-trip
// form, so export then import gives an identical instance.
import { createInstance, InstanceError } from '../instance/create-instance.ts';
import { readFeatureSchema, type JsonFail } from '../instance/read-feature-schema.ts';
import type { FeatureSchema, Instance, Provenance } from '../instance/types.ts';
import { checkImportSize, MAX_STATES, populationSizeProblem } from './import-limits.ts';
import { jsonValueError, parseJsonFile } from './json-place.ts';

export const INSTANCE_FORMAT = 'allot-instance';
export const INSTANCE_FORMAT_VERSION = 1;

export function instanceToJson(instance: Instance): string {
  const body = {
    format: INSTANCE_FORMAT,
    version: INSTANCE_FORMAT_VERSION,
    numArms: instance.numArms,
    numStates: instance.numStates,
    budget: instance.budget,
    horizon: instance.horizon,
    discount: instance.discount,
    ...(instance.sampleSize !== undefined ? { sampleSize: instance.sampleSize } : {}),
    provenance: instance.provenance,
    warnings: instance.warnings,
    schema: instance.schema,
    ids: instance.ids,
    transitions: Array.from(instance.transitions),
    features: Array.from(instance.features),
    initial: Array.from(instance.initial),
  };
  return JSON.stringify(body) + '\n';
}

/** Parses and validates an instance file; every error names the file, line and column, and the field's path. */
export function parseInstanceJson(text: string, fileName = 'the file'): Instance {
  checkImportSize(text.length, fileName);
  const data = parseJsonFile(text, fileName, `an allot instance (a JSON object with "format": "${INSTANCE_FORMAT}")`);
  const fail = (path: string, what: string): never => {
    throw jsonValueError(text, fileName, path, what);
  };
  if (!data || typeof data !== 'object' || Array.isArray(data))
    fail(
      '',
      `expected a JSON object with "format": "${INSTANCE_FORMAT}", not ` +
        `${Array.isArray(data) ? 'an array' : JSON.stringify(data)}`,
    );
  const o = data as Record<string, unknown>;
  if (o.format !== INSTANCE_FORMAT)
    fail(
      'format',
      `"format" is ${JSON.stringify(o.format) ?? 'missing'}, not "${INSTANCE_FORMAT}"; is this an allot instance file?`,
    );
  if (o.version !== INSTANCE_FORMAT_VERSION) {
    fail(
      'version',
      `format version ${JSON.stringify(o.version) ?? '(missing)'} is not supported (this allot reads version ` +
        `${INSTANCE_FORMAT_VERSION})` +
        (typeof o.version === 'number' && o.version > INSTANCE_FORMAT_VERSION
          ? '; it was written by a newer allot'
          : ''),
    );
  }
  const show = (v: unknown) => (v === undefined ? 'missing' : JSON.stringify(v));
  const num = (key: string) =>
    typeof o[key] === 'number' ? o[key] : fail(key, `"${key}" must be a number, not ${show(o[key])}`);
  const numbers = (key: string) => {
    const v = o[key];
    if (!Array.isArray(v)) fail(key, `"${key}" must be an array of numbers, not ${show(v)}`);
    const list = v as unknown[];
    for (let i = 0; i < list.length; i++)
      if (typeof list[i] !== 'number') fail(`${key}[${i}]`, `"${key}"[${i}] is ${show(list[i])}, not a number`);
    return list as number[];
  };
  const strings = (key: string, fallback?: string[]) => {
    const v = o[key] ?? fallback;
    if (!Array.isArray(v)) fail(key, `"${key}" must be an array of strings, not ${show(v)}`);
    (v as unknown[]).forEach(
      (x, i) => typeof x !== 'string' && fail(`${key}[${i}]`, `"${key}"[${i}] is ${show(x)}, not a string`),
    );
    return v as string[];
  };
  const numArms = num('numArms');
  const numStates = num('numStates');
  const ids = strings('ids');
  const warnings = strings('warnings', []);
  if (o.schema === null || typeof o.schema !== 'object')
    fail('schema', `"schema" must be an object with "columns" and "groups" arrays, not ${show(o.schema)}`);
  const schema = readFeatureSchema(o.schema, 'schema', fail);
  const provenance = readProvenance(o.provenance, fail);
  // Sizes first: 10^9 arms or 100,000 states are refused before the arrays are read.
  const tooBig =
    numStates >= 2 && Number.isInteger(numArms) && numArms > 0 ? populationSizeProblem(numArms, numStates) : null;
  if (tooBig) fail(numStates > MAX_STATES ? 'numStates' : 'numArms', tooBig);
  try {
    return createInstance({
      numArms,
      numStates,
      ids,
      transitions: numbers('transitions'),
      schema,
      features: numbers('features'),
      initial: numbers('initial'),
      budget: num('budget'),
      horizon: num('horizon'),
      discount: num('discount'),
      sampleSize: o.sampleSize === undefined ? undefined : num('sampleSize'),
      provenance,
      warnings,
    });
  } catch (error) {
    if (!(error instanceof InstanceError)) throw error;
    return fail(instancePath(error, numStates, schema), error.message);
  }
}

/** The JSON path of the value an InstanceError is about (a scalar, an arm's entry, a schema column). */
function instancePath(error: InstanceError, S: number, schema: FeatureSchema): string {
  const { arm, column } = error;
  if (arm === undefined) {
    if (column === undefined) return /group/.test(error.message) ? 'schema.groups' : '';
    const f = schema.columns.findIndex((c) => c.name === column);
    return f !== -1 ? `schema.columns[${f}]` : column;
  }
  let m: RegExpExecArray | null;
  if (column === 'id') return `ids[${arm}]`;
  if ((m = /^p_(\d+)_(\d+)_(\d+|\*)$/.exec(column ?? '')))
    return `transitions[${((arm * S + Number(m[1])) * 2 + Number(m[2])) * S + (m[3] === '*' ? 0 : Number(m[3]))}]`;
  if ((m = /^init_(\d+|\*)$/.exec(column ?? ''))) return `initial[${arm * S + (m[1] === '*' ? 0 : Number(m[1]))}]`;
  const f = schema.columns.findIndex((c) => c.name === column);
  const first = column?.split(',')[0];
  const g = f === -1 ? schema.columns.findIndex((c) => c.name === first) : f;
  return g !== -1 ? `features[${arm * schema.columns.length + g}]` : `ids[${arm}]`;
}

function readProvenance(v: unknown, fail: JsonFail): Provenance {
  const p = v as Record<string, unknown> | null;
  if (!p || typeof p !== 'object' || Array.isArray(p) || (p.kind !== 'generator' && p.kind !== 'file')) {
    fail(
      'provenance',
      `"provenance" must be an object with "kind" "generator" or "file", not ` +
        `${v === undefined ? 'missing' : JSON.stringify(v)}`,
    );
  }
  const sample = p!.sample as Record<string, unknown> | undefined;
  if (
    sample !== undefined &&
    (!sample ||
      typeof sample !== 'object' ||
      !Number.isInteger(sample.populationArms) ||
      !Number.isInteger(sample.seed) ||
      !Array.isArray(sample.indices) ||
      !sample.indices.every(Number.isInteger))
  ) {
    fail(
      'provenance.sample',
      'must be an object with whole numbers "populationArms" and "seed" and an array "indices" of arm positions',
    );
  }
  return p as unknown as Provenance;
}
