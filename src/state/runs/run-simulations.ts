// The simulations of one run on this page: each compiled reward's policy simulated once, by its
// normalized expression, with the run's trials and seed; its policy summary goes into the run's
// checkpoint (so a reopened run needs no simulation), its occupancy stays in memory (SCLM scores
// what its generator simulated).
import type { Occupancy } from '../../core/instance/occupancy.ts';
import type { Instance } from '../../core/instance/types.ts';
import { summarizePolicy, type PolicySummary } from '../../core/measures/policy-summary.ts';
import { bucketCells } from '../../core/measures/trial-counts.ts';
import type { Simulate } from '../../core/simulation/simulate-port.ts';

export interface RunSimulationsInput {
  simulate: Simulate;
  instance: Instance;
  settings: { trials: number; seed: number };
  /** The checkpoint's summaries by normalized expression (read and filled in). */
  summaries: () => Record<string, PolicySummary>;
  /** The features a compiled reward reads (for the summary's intended groups). */
  featuresUsed: (normalized: string) => readonly number[];
  /** Progress of the simulation under way: 0..1 while it runs, null once done. */
  onProgress: (fraction: number | null) => void;
}

export class RunSimulations {
  private readonly occupancies = new Map<string, Occupancy>();
  /** Simulations run on this page. */
  count = 0;

  constructor(private readonly input: RunSimulationsInput) {}

  /** The occupancy of the policy planned for `table`, simulated when this page has not yet. */
  async occupancy(normalized: string, table: Float64Array, signal: AbortSignal): Promise<Occupancy> {
    const known = this.occupancies.get(normalized);
    if (known) return known;
    const { simulate, instance, settings, onProgress } = this.input;
    onProgress(0);
    const request = {
      instance,
      rewards: table,
      policy: 'whittle' as const,
      trials: settings.trials,
      seed: settings.seed,
      perStep: true,
      tally: bucketCells(instance),
    };
    const occupancy = await simulate(request, { signal, onProgress: (done, total) => onProgress(done / total) });
    this.count++;
    onProgress(null);
    this.occupancies.set(normalized, occupancy);
    this.input.summaries()[normalized] ??= summarizePolicy(
      occupancy,
      instance,
      table,
      this.input.featuresUsed(normalized),
    );
    return occupancy;
  }

  /** The policy's summary: the checkpoint's, else from a simulation. */
  async summary(normalized: string, table: Float64Array, signal: AbortSignal): Promise<PolicySummary> {
    if (!this.input.summaries()[normalized]) await this.occupancy(normalized, table, signal);
    return this.input.summaries()[normalized];
  }

  /**
   * The summaries of `expressions` (one that does not compile is skipped), simulating those not known yet; `persist`
   * after each.
   */
  async summarizeAll(
    expressions: readonly string[],
    compile: (expression: string) => { ok: true; normalized: string; rewardTable: Float64Array } | { ok: false },
    signal: AbortSignal,
    persist: () => void,
  ): Promise<void> {
    for (const expression of expressions) {
      const compiled = compile(expression);
      if (compiled.ok) await this.summary(compiled.normalized, compiled.rewardTable, signal);
      persist();
    }
  }
}
