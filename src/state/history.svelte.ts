// The History screen's state: past runs, export and import of a run as JSON (never with a key:
// the bundle goes through the storage key guard both ways), delete, and rerun of what-if
// comparisons with the same seeds.
import { jsonErrorPlace } from '../core/datasets/instance-json.ts';
import { compileReward } from '../core/reward/compile-reward.ts';
import type { Simulate } from '../core/simulation/simulate-port.ts';
import { assertNoSecret } from '../storage/guard.ts';
import type { CandidateRecord, ResultRecord, RunRecord } from '../storage/records.ts';
import type { Store } from '../storage/store.ts';
import { buildPopulation, evaluateCandidate, type CandidateResult } from './what-if-evaluate.ts';
import { saveWhatIfRun, type WhatIfConfig } from './what-if.svelte.ts';

export const RUN_FORMAT = 'allot-run' as const;
export const RUN_FORMAT_VERSION = 1;

export interface RunBundle {
  format: typeof RUN_FORMAT;
  version: number;
  run: RunRecord;
  candidates: CandidateRecord[];
  result: ResultRecord | null;
}

const TYPED = { Float64Array, Float32Array, Int32Array, Uint8Array, Uint32Array, Int8Array, Int16Array, Uint16Array } as const;
type TypedName = keyof typeof TYPED;

/** Typed arrays become {"$typed": name, "values": [...]}: JSON numbers give every double back exactly. */
export function runToJson(bundle: RunBundle): string {
  assertNoSecret('the exported file', bundle);
  return JSON.stringify(bundle, function (key, value) {
    const raw = (this as Record<string, unknown>)[key];
    if (ArrayBuffer.isView(raw) && !(raw instanceof DataView)) return { $typed: raw.constructor.name, values: Array.from(raw as Float64Array) };
    return value;
  }, 1) + '\n';
}

/** Parses and checks a run file; errors name the file, the place and what to do. */
export function parseRunJson(text: string, fileName: string): RunBundle {
  let data: unknown;
  try {
    data = JSON.parse(text, (_key, value) => {
      if (value && typeof value === 'object' && typeof value.$typed === 'string' && Array.isArray(value.values)) {
        const Type = TYPED[value.$typed as TypedName];
        if (!Type) throw new Error(`unknown typed array "${value.$typed}"`);
        return Type.from(value.values as number[]);
      }
      return value;
    });
  } catch (error) {
    throw new Error(`${fileName}: not valid JSON${jsonErrorPlace(text, error)}; export the run again or fix the file`);
  }
  const fail = (path: string, what: string): never => {
    throw new Error(`${fileName}: ${path} ${what}; this file does not look like a run exported from allot's History screen`);
  };
  const obj = (v: unknown, path: string) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : fail(path, 'must be an object'));
  const top = obj(data, 'the file');
  if (top.format !== RUN_FORMAT) fail('"format"', `must be "${RUN_FORMAT}", not ${JSON.stringify(top.format)}`);
  if (top.version !== RUN_FORMAT_VERSION) fail('"version"', `must be ${RUN_FORMAT_VERSION} (this version of allot reads version ${RUN_FORMAT_VERSION}), not ${JSON.stringify(top.version)}`);
  const run = obj(top.run, '"run"');
  for (const field of ['id', 'title', 'populationId', 'prompt'] as const) if (typeof run[field] !== 'string') fail(`"run.${field}"`, 'must be a string');
  for (const field of ['createdAt', 'updatedAt'] as const) if (typeof run[field] !== 'number' || !Number.isFinite(run[field])) fail(`"run.${field}"`, 'must be a time in milliseconds');
  if (!['dlm', 'sclm', 'what-if'].includes(run.kind as string)) fail('"run.kind"', `must be dlm, sclm or what-if, not ${JSON.stringify(run.kind)}`);
  if (!['running', 'paused', 'failed', 'done'].includes(run.status as string)) fail('"run.status"', `must be running, paused, failed or done, not ${JSON.stringify(run.status)}`);
  if (!Array.isArray(run.transcript)) fail('"run.transcript"', 'must be a list');
  if (!Array.isArray(top.candidates)) fail('"candidates"', 'must be a list');
  (top.candidates as unknown[]).forEach((c, i) => {
    const candidate = obj(c, `"candidates[${i}]"`);
    if (typeof candidate.expression !== 'string') fail(`"candidates[${i}].expression"`, 'must be a string');
    if (typeof candidate.index !== 'number') fail(`"candidates[${i}].index"`, 'must be a number');
  });
  if (top.result !== null && top.result !== undefined) obj(top.result, '"result"');
  const bundle = { format: RUN_FORMAT, version: RUN_FORMAT_VERSION, run: run as unknown as RunRecord, candidates: top.candidates as CandidateRecord[], result: (top.result ?? null) as ResultRecord | null };
  try {
    assertNoSecret('the imported run', bundle);
  } catch (error) {
    throw new Error(`${fileName}: ${error instanceof Error ? error.message : error} Remove it from the file and import again.`);
  }
  return bundle;
}

export class HistoryState {
  runs = $state.raw<RunRecord[] | null>(null);

  constructor(private readonly store: () => Store, private readonly simulate: Simulate) {}

  async refresh(): Promise<void> {
    this.runs = await this.store().listRuns();
  }

  async bundle(id: string): Promise<RunBundle> {
    const store = this.store();
    const run = await store.getRun(id);
    if (!run) throw new Error(`run ${id} is no longer saved`);
    return { format: RUN_FORMAT, version: RUN_FORMAT_VERSION, run, candidates: await store.listCandidates(id), result: (await store.getResult(id)) ?? null };
  }

  async exportJson(id: string): Promise<string> {
    return runToJson(await this.bundle(id));
  }

  /** Saves an imported run; a run whose id is already saved gets a new id. Returns the id saved under. */
  async importJson(text: string, fileName: string, now = Date.now()): Promise<string> {
    const bundle = parseRunJson(text, fileName);
    const store = this.store();
    let id = bundle.run.id;
    if (await store.getRun(id)) id = `${id}-imported-${now.toString(36)}`;
    await store.putRun({ ...bundle.run, id });
    for (const c of bundle.candidates) await store.putCandidate({ ...c, runId: id });
    if (bundle.result) await store.putResult({ ...bundle.result, runId: id });
    await this.refresh();
    return id;
  }

  async remove(id: string): Promise<void> {
    await this.store().deleteRun(id);
    await this.refresh();
  }

  /**
   * Reruns a what-if comparison from its saved configuration (same population, trials and seeds)
   * as a new run; `identical` says whether every result equals the saved one exactly.
   */
  async rerunWhatIf(id: string, now = Date.now()): Promise<{ id: string; identical: boolean | null }> {
    const store = this.store();
    const old = await store.getRun(id);
    if (!old || old.kind !== 'what-if') throw new Error('only what-if comparisons can be rerun here; reopen other runs to continue them');
    const config = old.config as WhatIfConfig;
    const instance = await buildPopulation(config.population, async (pid) => (await store.getPopulation(pid))?.instance);
    const results: (CandidateResult | null)[] = [];
    for (const c of config.candidates) {
      const compiled = compileReward(c.expression, instance);
      results.push(compiled.ok ? await evaluateCandidate(instance, compiled.table, this.simulate, config.settings) : null);
    }
    const newId = `${id.replace(/-rerun-\w+$/, '')}-rerun-${now.toString(36)}`;
    await saveWhatIfRun(store, newId, config, results, now);
    const before = await store.listCandidates(id);
    const identical = before.every((c) => c.summary !== null) ? before.every((c, i) => JSON.stringify(c.summary) === JSON.stringify(results[i])) : null;
    await this.refresh();
    return { id: newId, identical };
  }
}
