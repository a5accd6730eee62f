// --schema NAME|FILE: the built-in dlm43 schema, a generator's schema (dlm, sclm, multilingual),
// or a file: a JSON FeatureSchema (src/core/instance/types.ts), an allot instance file (.json with
// "format": "allot-instance") or a population CSV (its schema as `allot dataset` infers it). The
// one place that turns a --schema value into a schema.
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { dlmSchema } from '../core/datasets/dlm-schema.ts';
import { findGenerator, GENERATORS } from '../core/datasets/generators.ts';
import { INSTANCE_FORMAT, parseInstanceJson } from '../core/datasets/instance-json.ts';
import type { FeatureColumn, FeatureSchema } from '../core/instance/types.ts';
import { UsageError } from './args.ts';
import { loadPopulation } from './population.ts';

export const BUILT_IN_SCHEMAS: Record<string, () => FeatureSchema> = { dlm43: dlmSchema };

export async function loadSchema(nameOrFile: string): Promise<FeatureSchema> {
  const builtIn = Object.hasOwn(BUILT_IN_SCHEMAS, nameOrFile) ? BUILT_IN_SCHEMAS[nameOrFile] : undefined;
  if (builtIn) return builtIn();
  if (findGenerator(nameOrFile)) return (await loadPopulation(nameOrFile, {})).schema;
  if (!existsSync(nameOrFile)) {
    throw new UsageError(`--schema: "${nameOrFile}" is neither a built-in schema (${Object.keys(BUILT_IN_SCHEMAS).join(', ')}), a generator (${GENERATORS.map((g) => g.name).join(', ')}) nor a file`);
  }
  if (/\.csv$/i.test(nameOrFile)) return (await loadPopulation(nameOrFile, {})).schema;
  const text = readFileSync(nameOrFile, 'utf8');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`${nameOrFile}: not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if ((data as { format?: unknown } | null)?.format === INSTANCE_FORMAT) return parseInstanceJson(text, basename(nameOrFile)).schema;
  return checkSchema(data, nameOrFile);
}

/** A FeatureSchema from parsed JSON, or an error naming the file and the entry that is wrong. */
export function checkSchema(data: unknown, file: string): FeatureSchema {
  const fail = (what: string): never => {
    throw new Error(`${file}: ${what}`);
  };
  if (typeof data !== 'object' || data === null || !Array.isArray((data as { columns?: unknown }).columns)) fail('expected an object with a "columns" array');
  const { columns, groups = [] } = data as { columns: unknown[]; groups?: unknown };
  const names = new Set<string>();
  const checked = columns.map((raw, i): FeatureColumn => {
    const c = raw as Partial<FeatureColumn>;
    if (typeof c !== 'object' || c === null) fail(`columns[${i}] is not an object`);
    if (typeof c.name !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(c.name)) fail(`columns[${i}].name must be an identifier (letters, digits, _), got ${JSON.stringify(c.name)}`);
    if (names.has(c.name!)) fail(`columns[${i}].name "${c.name}" is repeated`);
    names.add(c.name!);
    if (c.type !== 'binary' && c.type !== 'integer' && c.type !== 'continuous') fail(`columns[${i}].type must be "binary", "integer" or "continuous", got ${JSON.stringify(c.type)}`);
    return { name: c.name!, label: typeof c.label === 'string' ? c.label : c.name!, description: typeof c.description === 'string' ? c.description : '', type: c.type!, group: typeof c.group === 'string' ? c.group : null };
  });
  if (!Array.isArray(groups)) fail('"groups" must be an array');
  (groups as unknown[]).forEach((g, i) => {
    const group = g as { name?: unknown; kind?: unknown; columns?: unknown };
    if (typeof group !== 'object' || group === null || typeof group.name !== 'string' || (group.kind !== 'one-hot' && group.kind !== 'bucketed')) fail(`groups[${i}] needs a name and a kind ("one-hot" or "bucketed")`);
    if (!Array.isArray(group.columns) || !group.columns.every((c) => Number.isInteger(c) && c >= 0 && c < checked.length)) fail(`groups[${i}].columns must be column indices 0..${checked.length - 1}`);
  });
  return { columns: checked, groups: groups as FeatureSchema['groups'] };
}
