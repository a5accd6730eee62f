// What-if's heavy half, kept beside the population: the population of a choice, its reward tables
// (compiled once per text, never eval'd) and each candidate's evaluation (simulation, then the
// measures). It runs in the population worker, so that a 10^6-arm population, its tables and the
// measures over them never touch the page; Node tests run it in their own thread.
import type { PopulationChoice } from '../../core/datasets/population-choice.ts';
import type { Occupancy } from '../../core/instance/occupancy.ts';
import type { Instance } from '../../core/instance/types.ts';
import { freeArrays } from '../engine/engine-jobs.ts';
import { compileReward, type CompileResult } from '../../core/reward/compile-reward.ts';
import type { SimulateOptions, Simulate } from '../../core/simulation/simulate-port.ts';
import {
  buildPopulation,
  evaluateCandidate,
  type CandidateResult,
  type WhatIfSettings,
} from '../../core/simulation/what-if-evaluate.ts';

/** A compiled reward as the page sees it: its diagnostics or its error, without the table (which stays here). */
export type RewardCheck =
  | { ok: true; diagnostics: Extract<CompileResult, { ok: true }>['diagnostics'] }
  | Extract<CompileResult, { ok: false }>;

/** What the page shows of a population; `instance` is the whole of it when it is small enough to copy to the page. */
export type PopulationView = Omit<Instance, 'ids' | 'transitions' | 'features' | 'initial'> & { instance?: Instance };

/** Populations up to this many arms are also copied to the page (the price-of-priority panel reads them there). */
export const PAGE_COPY_MAX_ARMS = 200_000;
/**
 * Reward tables kept for re-simulation (a setting changed), up to this many entries in all (64 MB); older ones are
 * compiled again.
 */
const TABLE_ENTRIES_KEPT = 8_000_000;

export class WhatIfSession {
  private instance: Instance | null = null;
  private tables = new Map<string, Extract<CompileResult, { ok: true }>>();
  /** Tables being simulated, with how many simulations read each. */
  private evaluating = new Map<Float64Array, number>();

  /** Builds the population of `choice` (a stored one is given); the page's view of it. */
  async open(choice: PopulationChoice, stored?: Instance): Promise<PopulationView> {
    const instance = await buildPopulation(choice, async () => stored);
    // swapped only once built: a check sent meanwhile reads the old population (the page drops it)
    this.instance = instance;
    for (const t of this.tables.values()) if (!this.evaluating.has(t.table)) freeArrays(t);
    this.tables.clear();
    // fields picked, not spread: a spread would make the ids allot numbers lazily (create-instance.ts)
    const { numArms, numStates, schema, budget, horizon, discount, sampleSize, provenance, program, warnings } =
      instance;
    const view: PopulationView = {
      numArms,
      numStates,
      schema,
      budget,
      horizon,
      discount,
      provenance,
      warnings,
      ...(sampleSize !== undefined && { sampleSize }),
      ...(program !== undefined && { program }),
    };
    return numArms <= PAGE_COPY_MAX_ARMS ? { ...view, instance } : view;
  }

  /** Checks and compiles `text` against the population; the table is kept for evaluate(). */
  compile(text: string): RewardCheck {
    const result = this.compiled(text);
    return result.ok ? { ok: true, diagnostics: result.diagnostics } : result;
  }

  /** Simulates the Whittle policy planned for `text` and summarizes it (the measures run here too). */
  async evaluate(
    text: string,
    settings: WhatIfSettings,
    simulate: Simulate,
    options: SimulateOptions = {},
  ): Promise<CandidateResult> {
    const instance = this.population();
    const compiled = this.compiled(text);
    if (!compiled.ok) throw new Error(compiled.error.message);
    // At 3 x 10^6 arms the occupancy is 140 MB and a table 48 MB: each is freed as soon as it is no
    // longer needed rather than at a garbage collection that an idle worker may not run for minutes.
    let occupancy: Occupancy | undefined;
    const keep: Simulate = async (request, opts) => (occupancy = await simulate(request, opts));
    this.evaluating.set(compiled.table, (this.evaluating.get(compiled.table) ?? 0) + 1);
    try {
      return await evaluateCandidate(
        instance,
        { table: compiled.table, featuresUsed: compiled.diagnostics.featuresUsed },
        keep,
        settings,
        options,
      );
    } finally {
      if (occupancy) freeArrays(occupancy);
      const left = this.evaluating.get(compiled.table)! - 1;
      if (left > 0) this.evaluating.set(compiled.table, left);
      else {
        this.evaluating.delete(compiled.table);
        if (this.tables.get(text)?.table !== compiled.table) freeArrays(compiled);
      }
    }
  }

  private compiled(text: string): CompileResult {
    const kept = this.tables.get(text);
    if (kept) {
      // most recently used last: a Map iterates in insertion order
      this.tables.delete(text);
      this.tables.set(text, kept);
      return kept;
    }
    const result = compileReward(text, this.population());
    if (!result.ok) return result;
    let entries = result.table.length;
    for (const t of this.tables.values()) entries += t.table.length;
    // least recently used first; the newest is always kept (the screen checks, then simulates it);
    // a table dropped while a simulation reads it is freed when that simulation ends
    for (const [key, t] of this.tables) {
      if (entries <= TABLE_ENTRIES_KEPT) break;
      this.tables.delete(key);
      entries -= t.table.length;
      if (!this.evaluating.has(t.table)) freeArrays(t);
    }
    this.tables.set(text, result);
    return result;
  }

  private population(): Instance {
    if (!this.instance) throw new Error('no population is loaded yet');
    return this.instance;
  }
}
