// The dial's pick joins a run's own pool: its policy is simulated exactly as the run simulated its
// candidates (RunSimulations: the run's seed, trials, per-step series and bucket tallies), so its
// summary sits beside theirs in the candidate table, the comparisons and the fairness panel; the
// record is stored with the run (marked as made by the dial, not written by an LLM), so it survives
// a reload and the Plan screen lists it among the run's candidates.
import type { PolicySummary } from '../../core/measures/policy-summary.ts';
import type { Instance } from '../../core/instance/types.ts';
import { compileReward } from '../../core/reward/compile-reward.ts';
import type { Simulate } from '../../core/simulation/simulate-port.ts';
import type { Store } from '../../storage/store.ts';
import { runRepository } from '../run-records.ts';
import { dialCandidateRecord, type DialProvenance, type RunCandidateRecord } from '../runs/run-candidates.ts';
import { RunSimulations } from '../runs/run-simulations.ts';

export interface DialCandidateInput {
  store: Store;
  simulate: Simulate;
  runId: string;
  instance: Instance;
  settings: { trials: number; seed: number };
  /** The run's candidate records as they are now (the new one is numbered after their dial candidates). */
  saved: readonly RunCandidateRecord[];
  expression: string;
  dial: DialProvenance;
  signal?: AbortSignal;
}

/** Simulates the pick as a candidate of the run, stores its record and returns it. */
export async function addDialCandidate(input: DialCandidateInput): Promise<RunCandidateRecord> {
  const { instance, expression } = input;
  const compiled = compileReward(expression, instance);
  if (!compiled.ok) throw new Error(`the dial's pick does not compile: ${compiled.error.message}`);
  const summaries: Record<string, PolicySummary> = {};
  const sims = new RunSimulations({
    simulate: input.simulate,
    instance,
    settings: input.settings,
    summaries: () => summaries,
    featuresUsed: () => compiled.diagnostics.featuresUsed,
    onProgress: () => {},
  });
  const summary = await sims.summary(
    compiled.diagnostics.normalized,
    compiled.table,
    input.signal ?? new AbortController().signal,
  );
  const record = dialCandidateRecord(input.runId, input.saved, expression, compiled.diagnostics, summary, input.dial);
  await runRepository(() => input.store).putCandidate(record);
  return record;
}
