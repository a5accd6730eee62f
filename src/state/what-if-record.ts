// A What-if comparison as History keeps it: its configuration (population, settings, candidates, the
// side-by-side pair) and one candidate record per reward with the summary it got.
import { populationIdOf, type PopulationChoice } from '../core/datasets/population-choice.ts';
import type { CandidateResult, WhatIfSettings } from '../core/simulation/what-if-evaluate.ts';
import type { Store } from '../storage/store.ts';
import { runRepository, type WhatIfRunRecord } from './run-records.ts';

/** The configuration a saved what-if comparison keeps (RunRecord.config of kind 'what-if'). */
export interface WhatIfConfig {
  population: PopulationChoice;
  settings: WhatIfSettings;
  candidates: { label: string; expression: string; compared?: boolean }[];
  /** The side-by-side pair, Left and Right, as indices into candidates (null: not chosen); absent in older records. */
  pair?: [number | null, number | null];
}

/** Writes a what-if run with one candidate record per expression (summaries where results exist). */
export async function saveWhatIfRun(
  store: Store,
  id: string,
  config: WhatIfConfig,
  results: (CandidateResult | null)[],
  now: number,
): Promise<void> {
  const name = config.population.kind === 'generator' ? config.population.generator : config.population.name;
  const runs = runRepository(() => store);
  const run: WhatIfRunRecord = {
    id,
    kind: 'what-if',
    title: `What-if: ${config.candidates.length} rewards on ${name}`,
    createdAt: now,
    updatedAt: now,
    status: results.every((r) => r !== null) ? 'done' : 'paused',
    statusMessage: results.every((r) => r !== null)
      ? undefined
      : 'Some candidates had no result when the comparison was saved; rerun it from History.',
    populationId: populationIdOf(config.population),
    prompt: '',
    config,
    checkpoint: null,
    transcript: [],
  };
  await runs.put(run);
  for (const [index, c] of config.candidates.entries()) {
    await runs.putCandidate<'what-if'>({
      runId: id,
      index,
      expression: c.expression,
      origin: index === 0 ? 'default' : 'user',
      round: 0,
      diagnostics: null,
      summary: results[index] ?? null,
    });
  }
}
