// Creating a run from the Start screen's settings: its record, saved before anything runs. Kept
// apart from the run session so that the Start screen loads without the pipelines.
import { findGenerator } from '../../core/datasets/generators.ts';
import { guessLanguage } from '../../core/language/guess-language.ts';
import { populationIdOf } from '../../core/datasets/population-choice.ts';
import type { AppState } from '../app-state.svelte.ts';
import { runRepository, type PipelineRunRecord } from '../run-records.ts';
import { runTitle, type RunSettings } from './run-settings.ts';

/** Creates a run from the Start screen's settings and saves it; returns its id. */
export async function createRun(
  app: Pick<AppState, 'store' | 'runSaved'>,
  settings: RunSettings,
  now = Date.now(),
): Promise<string> {
  const id = `run-${now.toString(36)}-${crypto.randomUUID().slice(0, 8)}`;
  // A built-in population is regenerated from its parameters and seed (deterministic, bit for bit): only imported ones
  // are stored.
  const choice = settings.population;
  if (choice.kind === 'generator' && !findGenerator(choice.generator))
    throw new Error(`no built-in population "${choice.generator}"`);
  const guess = guessLanguage(settings.prompt);
  const record: PipelineRunRecord = {
    id,
    kind: settings.kind,
    title: runTitle(settings),
    createdAt: now,
    updatedAt: now,
    status: 'running',
    populationId: populationIdOf(choice),
    prompt: settings.prompt,
    ...(guess.candidates[0] && { language: guess.candidates[0] }),
    config: $state.snapshot(settings),
    checkpoint: { summaries: {} },
    transcript: [],
  };
  await runRepository(() => app.store).put(record);
  void app.runSaved();
  return id;
}
