// The JSON instance format: {"format": "allot-instance", "version": 1, ...the Instance fields, with
// typed arrays as plain number arrays}. JavaScript prints every double in its shortest round-trip
// form, so export then import gives an identical instance.
import { createInstance, InstanceError } from '../instance/create-instance.ts';
import type { FeatureSchema, Instance, Provenance } from '../instance/types.ts';
import { checkImportSize } from './import-limits.ts';

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

/** Parses and validates an instance file; errors name the file and, for JSON syntax, the line and column. */
export function parseInstanceJson(text: string, fileName = 'the file'): Instance {
  checkImportSize(text.length, fileName);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`${fileName}: not valid JSON${jsonErrorPlace(text, error)}; export the instance again or fix the file`);
  }
  const o = data as Record<string, unknown>;
  if (!o || typeof o !== 'object' || Array.isArray(o)) throw new Error(`${fileName}: expected a JSON object with "format": "${INSTANCE_FORMAT}"`);
  if (o.format !== INSTANCE_FORMAT) throw new Error(`${fileName}: "format" is ${JSON.stringify(o.format)}, not "${INSTANCE_FORMAT}"; is this an allot instance file?`);
  if (o.version !== INSTANCE_FORMAT_VERSION) {
    throw new Error(`${fileName}: format version ${JSON.stringify(o.version)} is not supported (this allot reads version ${INSTANCE_FORMAT_VERSION})${typeof o.version === 'number' && o.version > INSTANCE_FORMAT_VERSION ? '; it was written by a newer allot' : ''}`);
  }
  const num = (key: string, optional = false) => {
    const v = o[key];
    if (v === undefined && optional) return undefined;
    if (typeof v !== 'number') throw new Error(`${fileName}: "${key}" must be a number, not ${JSON.stringify(v)}`);
    return v;
  };
  const numbers = (key: string) => {
    const v = o[key];
    if (!Array.isArray(v)) throw new Error(`${fileName}: "${key}" must be an array of numbers`);
    for (let i = 0; i < v.length; i++) if (typeof v[i] !== 'number') throw new Error(`${fileName}: "${key}"[${i}] is ${JSON.stringify(v[i])}, not a number`);
    return v as number[];
  };
  const ids = o.ids;
  if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string')) throw new Error(`${fileName}: "ids" must be an array of strings`);
  const warnings = o.warnings ?? [];
  if (!Array.isArray(warnings) || warnings.some((w) => typeof w !== 'string')) throw new Error(`${fileName}: "warnings" must be an array of strings`);
  const schema = o.schema as FeatureSchema;
  if (!schema || typeof schema !== 'object' || !Array.isArray(schema.columns) || !Array.isArray(schema.groups)) {
    throw new Error(`${fileName}: "schema" must be an object with "columns" and "groups" arrays`);
  }
  const provenance = o.provenance as Provenance;
  if (!provenance || typeof provenance !== 'object' || (provenance.kind !== 'generator' && provenance.kind !== 'file')) {
    throw new Error(`${fileName}: "provenance" must be an object with "kind" "generator" or "file"`);
  }
  try {
    return createInstance({
      numArms: num('numArms')!,
      numStates: num('numStates')!,
      ids: ids as string[],
      transitions: numbers('transitions'),
      schema,
      features: numbers('features'),
      initial: numbers('initial'),
      budget: num('budget')!,
      horizon: num('horizon')!,
      discount: num('discount')!,
      sampleSize: num('sampleSize', true),
      provenance,
      warnings: warnings as string[],
    });
  } catch (error) {
    if (error instanceof InstanceError) throw new InstanceError(`${fileName}: ${error.message}`, error.arm, error.column, error.value);
    throw error;
  }
}

/** " at line L, column C" from a JSON.parse error, when the engine reports a position. */
export function jsonErrorPlace(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  const match = /position (\d+)/.exec(message);
  if (!match) return message ? ` (${message})` : '';
  const position = Number(match[1]);
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  const column = position - before.lastIndexOf('\n');
  return ` at line ${line}, column ${column} (character ${position + 1})`;
}
