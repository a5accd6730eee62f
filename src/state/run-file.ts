// A run as a JSON file, for History's export and import: the run record, its candidates and
// result, with typed arrays kept exact. Never with a key: the bundle goes through the storage key
// guard both ways.
import { jsonErrorPlace } from '../core/datasets/json-place.ts';
import { SecretInRecordError } from '../storage/errors.ts';
import { assertNoSecret } from '../storage/guard.ts';
import type { CandidateRecord, ResultRecord, RunRecord } from '../storage/records.ts';
import { findSecret } from '../storage/secrets.ts';

export const RUN_FORMAT = 'allot-run' as const;
export const RUN_FORMAT_VERSION = 1;

export interface RunBundle {
  format: typeof RUN_FORMAT;
  version: number;
  run: RunRecord;
  candidates: CandidateRecord[];
  result: ResultRecord | null;
}

const TYPED = {
  Float64Array,
  Float32Array,
  Int32Array,
  Uint8Array,
  Uint32Array,
  Int8Array,
  Int16Array,
  Uint16Array,
} as const;
type TypedName = keyof typeof TYPED;

/**
 * Typed arrays become {"$typed": name, "values": [...]}: JSON numbers give every double back exactly
 * (NaN and the infinities, which JSON lacks, are written as the strings "NaN", "Infinity", "-Infinity").
 * Refuses (SecretInRecordError) a bundle holding anything shaped like a key or one of `knownKeys`.
 */
export function runToJson(bundle: RunBundle, knownKeys: readonly string[] = []): string {
  assertNoSecret('the exported file', bundle);
  const path = findSecret(bundle, knownKeys);
  if (path)
    throw new SecretInRecordError(
      `Refused to export: ${path} holds your API key. Keys never leave this device in a run file.`,
    );
  return (
    JSON.stringify(
      bundle,
      function (key, value) {
        const raw = (this as Record<string, unknown>)[key];
        if (ArrayBuffer.isView(raw) && !(raw instanceof DataView))
          return {
            $typed: raw.constructor.name,
            values: Array.from(raw as Float64Array, (x) => (Number.isFinite(x) ? x : String(x))),
          };
        return value;
      },
      1,
    ) + '\n'
  );
}

/** Parses and checks a run file; errors name the file, the place and what to do. */
export function parseRunJson(text: string, fileName: string): RunBundle {
  let data: unknown;
  try {
    data = JSON.parse(text, (_key, value) => {
      if (value && typeof value === 'object' && typeof value.$typed === 'string' && Array.isArray(value.values)) {
        const Type = TYPED[value.$typed as TypedName];
        if (!Type) throw new Error(`unknown typed array "${value.$typed}"`);
        return Type.from((value.values as (number | string)[]).map(Number));
      }
      return value;
    });
  } catch (error) {
    throw new Error(`${fileName}: not valid JSON${jsonErrorPlace(text, error)}; export the run again or fix the file`);
  }
  const fail = (path: string, what: string): never => {
    throw new Error(
      `${fileName}: ${path} ${what}; this file does not look like a run exported from allot's History screen`,
    );
  };
  const obj = (v: unknown, path: string) =>
    v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : fail(path, 'must be an object');
  const top = obj(data, 'the file');
  if (top.format !== RUN_FORMAT) fail('"format"', `must be "${RUN_FORMAT}", not ${JSON.stringify(top.format)}`);
  if (top.version !== RUN_FORMAT_VERSION)
    fail(
      '"version"',
      `must be ${RUN_FORMAT_VERSION} (this version of allot reads version ${RUN_FORMAT_VERSION}), not ` +
        `${JSON.stringify(top.version)}`,
    );
  const run = obj(top.run, '"run"');
  for (const field of ['id', 'title', 'populationId', 'prompt'] as const)
    if (typeof run[field] !== 'string') fail(`"run.${field}"`, 'must be a string');
  for (const field of ['createdAt', 'updatedAt'] as const)
    if (typeof run[field] !== 'number' || !Number.isFinite(run[field]))
      fail(`"run.${field}"`, 'must be a time in milliseconds');
  if (!['dlm', 'sclm', 'what-if'].includes(run.kind as string))
    fail('"run.kind"', `must be dlm, sclm or what-if, not ${JSON.stringify(run.kind)}`);
  if (!['running', 'paused', 'failed', 'done'].includes(run.status as string))
    fail('"run.status"', `must be running, paused, failed or done, not ${JSON.stringify(run.status)}`);
  if (!Array.isArray(run.transcript)) fail('"run.transcript"', 'must be a list');
  if (!Array.isArray(top.candidates)) fail('"candidates"', 'must be a list');
  (top.candidates as unknown[]).forEach((c, i) => {
    const candidate = obj(c, `"candidates[${i}]"`);
    if (typeof candidate.expression !== 'string') fail(`"candidates[${i}].expression"`, 'must be a string');
    if (typeof candidate.index !== 'number') fail(`"candidates[${i}].index"`, 'must be a number');
  });
  if (top.result !== null && top.result !== undefined) obj(top.result, '"result"');
  const bundle = {
    format: RUN_FORMAT,
    version: RUN_FORMAT_VERSION,
    run: run as unknown as RunRecord,
    candidates: top.candidates as CandidateRecord[],
    result: (top.result ?? null) as ResultRecord | null,
  };
  try {
    assertNoSecret('the imported run', bundle);
  } catch (error) {
    throw new Error(
      `${fileName}: ${error instanceof Error ? error.message : error} Remove it from the file and import again.`,
    );
  }
  return bundle;
}
