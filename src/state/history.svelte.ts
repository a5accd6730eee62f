// The History screen's state: past runs, export and import of a run as JSON (run-file.ts), delete,
// and reruns with the same seeds: a what-if comparison simulated again, a DLM or SCLM run replayed
// from its transcript (runs/rerun-run.ts).
import type { RunRecord } from '../storage/records.ts';
import type { Store } from '../storage/store.ts';
import type { CandidateResult } from '../core/simulation/what-if-evaluate.ts';
import type { WhatIfBackend } from '../workers/population/what-if-backend.ts';
import { parseRunJson, RUN_FORMAT, RUN_FORMAT_VERSION, runToJson, type RunBundle } from './run-file.ts';
import { runRepository } from './run-records.ts';
import { saveWhatIfRun } from './what-if-record.ts';
import type { RerunOutcome } from './runs/rerun-run.ts';

/** The id of a rerun of run `id` (a rerun of a rerun is named after the first run). */
export function rerunId(id: string, now: number): string {
  return `${id.replace(/-rerun-\w+$/, '')}-rerun-${now.toString(36)}`;
}

export class HistoryState {
  runs = $state.raw<RunRecord[] | null>(null);

  constructor(
    private readonly store: () => Store,
    /** Where a rerun builds its population and simulates (a population worker of its own in the app). */
    private readonly whatIf: () => WhatIfBackend,
    /** The keys the user has typed (the export refuses any record holding one). */
    private readonly knownKeys: () => readonly string[],
    /** A DLM or SCLM run's rerun (runs/rerun-run.ts, loaded with the pipelines on first use). */
    private readonly rerun: (id: string, signal?: AbortSignal) => Promise<RerunOutcome>,
  ) {}

  async refresh(): Promise<void> {
    this.runs = await this.store().listRuns();
  }

  async bundle(id: string): Promise<RunBundle> {
    const store = this.store();
    const run = await store.getRun(id);
    if (!run) throw new Error(`run ${id} is no longer saved`);
    return {
      format: RUN_FORMAT,
      version: RUN_FORMAT_VERSION,
      run,
      candidates: await store.listCandidates(id),
      result: (await store.getResult(id)) ?? null,
    };
  }

  async exportJson(id: string): Promise<string> {
    return runToJson(await this.bundle(id), this.knownKeys());
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

  /** Reruns a finished DLM or SCLM run, its LLM calls answered from its transcript; `signal` pauses it. */
  async rerunRun(id: string, signal?: AbortSignal): Promise<RerunOutcome> {
    const outcome = await this.rerun(id, signal);
    await this.refresh();
    return outcome;
  }

  /**
   * Reruns a what-if comparison from its saved configuration (same population, trials and seeds)
   * as a new run; `identical` says whether every result equals the saved one exactly.
   */
  async rerunWhatIf(id: string, now = Date.now()): Promise<{ id: string; identical: boolean | null }> {
    const store = this.store();
    const runs = runRepository(this.store);
    const old = await runs.get(id, ['dlm', 'sclm', 'what-if']);
    if (!old || old.kind !== 'what-if')
      throw new Error('only what-if comparisons can be rerun here; reopen other runs to continue them');
    const { config } = old;
    const results: (CandidateResult | null)[] = [];
    const backend = this.whatIf();
    try {
      await backend.open(config.population, async (pid) => (await store.getPopulation(pid))?.instance);
      for (const c of config.candidates)
        results.push(
          (await backend.compile(c.expression)).ok ? await backend.evaluate(c.expression, config.settings) : null,
        );
    } finally {
      backend.dispose();
    }
    const newId = rerunId(id, now);
    await saveWhatIfRun(store, newId, config, results, now);
    const before = await runs.candidates(old);
    const identical = before.every((c) => c.summary !== null)
      ? before.every((c, i) => JSON.stringify(c.summary) === JSON.stringify(results[i]))
      : null;
    await this.refresh();
    return { id: newId, identical };
  }
}
