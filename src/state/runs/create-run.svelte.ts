// Creating a run from the Start screen's settings: its record, saved before anything runs. Kept
// apart from the run session so that the Start screen loads without the pipelines.
import { findGenerator } from '../../core/datasets/generators.ts';
import { guessLanguage } from '../../core/language/guess-language.ts';
import type { DlmRunState } from '../../pipeline/dlm/dlm-run-state.ts';
import type { RewriteState } from '../../pipeline/rewrite/rewrite-state.ts';
import type { SclmRunState } from '../../pipeline/sclm/sclm-run-state.ts';
import type { RunRecord } from '../../storage/records.ts';
import type { AppState } from '../app-state.svelte.ts';
import type { PolicySummary } from '../../core/measures/policy-summary.ts';
import type { RunComparison } from './compare-runs.ts';
import { runTitle, type RunSettings } from './run-settings.ts';

/** RunRecord.checkpoint of a run made here: the pipelines' own resumable states. */
export interface RunCheckpoint {
  rewrite?: RewriteState;
  /** The user read (and perhaps edited) the rewrite before the LLM was given it. */
  rewriteReviewed?: boolean;
  dlm?: DlmRunState;
  sclm?: SclmRunState;
  /** Policy summaries by normalized expression (the default policy's too), so results need no simulation. */
  summaries: Record<string, PolicySummary>;
  /** A rerun of a finished run (History): replays that run's LLM transcript; `comparison` once done. */
  replay?: { of: string; comparison?: RunComparison };
}

/** Creates a run from the Start screen's settings and saves it; returns its id. */
export async function createRun(app: AppState, settings: RunSettings, now = Date.now()): Promise<string> {
  const id = `run-${now.toString(36)}-${crypto.randomUUID().slice(0, 8)}`;
  // A built-in population is regenerated from its parameters and seed (deterministic, bit for bit): only imported ones are stored.
  if (settings.population.source === 'generator' && !findGenerator(settings.population.generator)) throw new Error(`no built-in population "${settings.population.generator}"`);
  const populationId = settings.population.source === 'generator' ? `builtin:${settings.population.generator}` : settings.population.id;
  const guess = guessLanguage(settings.prompt);
  const record: RunRecord = {
    id,
    kind: settings.kind,
    title: runTitle(settings),
    createdAt: now,
    updatedAt: now,
    status: 'running',
    populationId,
    prompt: settings.prompt,
    ...(guess.candidates[0] && { language: guess.candidates[0] }),
    config: $state.snapshot(settings),
    checkpoint: { summaries: {} } satisfies RunCheckpoint,
    transcript: [],
  };
  await app.store.putRun(record);
  void app.runSaved();
  return id;
}

