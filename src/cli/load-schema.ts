// --schema NAME|FILE: the built-in dlm43 schema, a generator's schema (dlm, sclm, multilingual),
// or a file: a JSON FeatureSchema (src/core/instance/types.ts), an allot instance file (.json with
// "format": "allot-instance") or a population CSV (its schema as `allot dataset` infers it). The
// one place that turns a --schema value into a schema.
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { dlmSchema } from '../core/datasets/dlm-schema.ts';
import { findGenerator, GENERATORS } from '../core/datasets/generators.ts';
import { INSTANCE_FORMAT, parseInstanceJson } from '../core/datasets/instance-json.ts';
import { jsonValueError, parseJsonFile } from '../core/datasets/json-place.ts';
import { InstanceError, validateSchema } from '../core/instance/create-instance.ts';
import { readFeatureSchema } from '../core/instance/read-feature-schema.ts';
import type { FeatureSchema } from '../core/instance/types.ts';
import { UsageError } from './args.ts';
import { loadPopulation } from './population.ts';
import { readTextFile } from './read-text-file.ts';

export const BUILT_IN_SCHEMAS: Record<string, () => FeatureSchema> = { dlm43: dlmSchema };

export async function loadSchema(nameOrFile: string): Promise<FeatureSchema> {
  const builtIn = Object.hasOwn(BUILT_IN_SCHEMAS, nameOrFile) ? BUILT_IN_SCHEMAS[nameOrFile] : undefined;
  if (builtIn) return builtIn();
  if (findGenerator(nameOrFile)) return (await loadPopulation(nameOrFile, {})).schema;
  if (!existsSync(nameOrFile)) {
    throw new UsageError(
      `--schema: "${nameOrFile}" is neither a built-in schema (${Object.keys(BUILT_IN_SCHEMAS).join(', ')}), a ` +
        `generator (${GENERATORS.map((g) => g.name).join(', ')}) nor a file`,
    );
  }
  if (/\.csv$/i.test(nameOrFile)) return (await loadPopulation(nameOrFile, {})).schema;
  const text = await readTextFile(nameOrFile);
  const file = basename(nameOrFile);
  const data = parseJsonFile(
    text,
    file,
    'a feature schema (a JSON object with a "columns" array) or an allot instance',
  );
  if ((data as { format?: unknown } | null)?.format === INSTANCE_FORMAT) return parseInstanceJson(text, file).schema;
  const schema = readFeatureSchema(data, '', (path, what) => {
    throw jsonValueError(text, file, path.replace(/^\./, ''), what);
  });
  try {
    validateSchema(schema);
  } catch (error) {
    if (error instanceof InstanceError) throw new Error(`${file}: ${error.message}`);
    throw error;
  }
  return schema;
}
