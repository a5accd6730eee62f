// The What-if screen's state: a population, reward expressions validated as they are typed
// (compileReward; never eval'd) and simulated shortly after typing stops. The population, its
// reward tables and the measures live in a WhatIfBackend (the population worker in the app), so the
// page only holds small views and results, even at 10^6 arms. Simulations run one at a time on the
// engine pool: aborting one terminates the pool's workers, so a queue keeps an abort from killing
// another candidate's simulation (what-if-queue.ts).
import { featureMeaningChange } from '../core/words/feature-meaning.ts';
import { GENERATORS } from '../core/datasets/generators.ts';
import type { PopulationChoice } from '../core/datasets/population-choice.ts';
import { DEFAULT_REWARD } from '../core/reward/default-reward.ts';
import type { WhatIfSettings } from '../core/simulation/what-if-evaluate.ts';
import { DLM_IJCAI_POOL, DLM_IJCAI_POOL_SOURCE } from '../core/tasks/dlm-ijcai-pool.ts';
import type { PopulationRecord } from '../storage/records.ts';
import type { Store } from '../storage/store.ts';
import type { PopulationView, RewardCheck, WhatIfBackend } from '../workers/population/what-if-backend.ts';
import { PAGE_COPY_MAX_ARMS } from '../workers/population/what-if-session.ts';
import { runRepository, type WhatIfRunRecord } from './run-records.ts';
import { WhatIfCandidate } from './what-if-candidate.svelte.ts';
import { saveWhatIfRun, type WhatIfConfig } from './what-if-record.ts';
import { SimulationQueue } from './what-if-queue.ts';

export type { PopulationRecord };
export type { WhatIfConfig } from './what-if-record.ts';
export type { WhatIfCandidate } from './what-if-candidate.svelte.ts';

/** Where unsaved work is kept between visits (localStorage in the app): the last draft, or null. */
export interface DraftStore {
  load(): WhatIfConfig | null;
  save(draft: WhatIfConfig): void;
}

/** The charts draw the default and at most this many compared candidates (the tables show all). */
export const MAX_CHARTED = 5;

export function defaultChoice(name = 'dlm'): PopulationChoice {
  const generator = GENERATORS.find((g) => g.name === name) ?? GENERATORS[0];
  return {
    kind: 'generator',
    generator: generator.name,
    parameters: Object.fromEntries(generator.parameters.map((p) => [p.name, p.default])),
    seed: 0,
  };
}

export class WhatIfState {
  choice = $state<PopulationChoice>(defaultChoice());
  population = $state.raw<PopulationView | null>(null);
  populationError = $state<string | null>(null);
  settings = $state<WhatIfSettings>({ trials: 200, seed: 0 });
  candidates = $state<WhatIfCandidate[]>([new WhatIfCandidate(DEFAULT_REWARD, 'Default (reward = state)', true)]);
  /** The side-by-side pair, Left and Right, by candidate id; null: the first candidates after the default. */
  pair = $state<[number | null, number | null]>([null, null]);
  /** The price-of-priority panel reads the population on the page: offered up to this many arms. */
  readonly priceMaxArms = PAGE_COPY_MAX_ARMS;
  private populationRequest = 0;
  private readonly simulations: SimulationQueue;

  constructor(
    private readonly backend: WhatIfBackend,
    private readonly store: () => Store,
    private readonly debounceMs = 300,
    private readonly drafts?: DraftStore,
  ) {
    this.simulations = new SimulationQueue(backend, () => ({
      population: this.population,
      settings: $state.snapshot(this.settings),
    }));
  }

  /** The populations saved on the Data screen, to choose from. */
  savedPopulations(): Promise<PopulationRecord[]> {
    return this.store().listPopulations();
  }

  /** The unsaved comparison left on this device by an earlier visit, if any. */
  savedDraft(): WhatIfConfig | null {
    try {
      return this.drafts?.load() ?? null;
    } catch {
      return null;
    }
  }

  /** Keeps the current population, settings and expressions, so that a reload loses no typing. */
  keepDraft(): void {
    try {
      this.drafts?.save(this.config());
    } catch {
      // storage full or refused: the draft is a convenience, the comparison goes on
    }
  }

  private config(): WhatIfConfig {
    const index = (id: number | null) =>
      id === null || !this.candidates.some((c) => c.id === id) ? null : this.candidates.findIndex((c) => c.id === id);
    const pair: [number | null, number | null] = [index(this.pair[0]), index(this.pair[1])];
    return {
      population: $state.snapshot(this.choice),
      settings: $state.snapshot(this.settings),
      candidates: this.candidates.map((c) => ({
        label: c.label,
        expression: c.text,
        ...(c.reference || c.compared ? {} : { compared: false }),
      })),
      ...(pair.some((i) => i !== null) && { pair }),
    };
  }

  /** Puts two candidates side by side (ids; null: the default choice), kept in the draft too. */
  choosePair(pair: [number | null, number | null]): void {
    this.pair = pair;
    this.keepDraft();
  }

  /** Removes every candidate but the default. */
  clearAll(): void {
    for (const c of this.candidates) if (!c.reference) this.cancel(c);
    this.candidates = this.candidates.filter((c) => c.reference);
    this.keepDraft();
  }

  /** Builds the population and re-evaluates every candidate on it. */
  async usePopulation(choice: PopulationChoice): Promise<void> {
    const request = ++this.populationRequest;
    this.choice = choice;
    this.populationError = null;
    this.keepDraft();
    let population: PopulationView | null = null;
    let error: string | null = null;
    try {
      population = await this.backend.open(
        $state.snapshot(choice) as PopulationChoice,
        async (id) => (await this.store().getPopulation(id))?.instance,
      );
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    // A later choice made while this one was loading wins.
    if (request !== this.populationRequest) return;
    const before = this.population?.schema;
    this.population = population;
    this.populationError = error;
    for (const c of this.candidates) {
      c.meaning = before && population && !c.reference ? featureMeaningChange(c.text, before, population.schema) : null;
      this.update(c, 0);
    }
  }

  /** Simulates a reward held because its features changed meaning with the population, as it is. */
  runAnyway(candidate: WhatIfCandidate): void {
    candidate.meaning = null;
    this.update(candidate, 0);
  }

  /**
   * Reopens a saved comparison: its population, settings and candidates (the first is the reference), simulated again.
   */
  async open(config: WhatIfConfig): Promise<void> {
    for (const c of this.candidates) this.cancel(c);
    this.settings = { ...config.settings };
    this.candidates = config.candidates.map((c, i) => {
      const candidate = new WhatIfCandidate(c.expression, c.label, i === 0);
      candidate.compared = i === 0 || c.compared !== false;
      return candidate;
    });
    // a record saved before the pair was kept has none: the first two after the default, as before
    const idAt = (i: number | null | undefined) => (typeof i === 'number' ? (this.candidates[i]?.id ?? null) : null);
    this.pair = [idAt(config.pair?.[0]), idAt(config.pair?.[1])];
    await this.usePopulation(config.population);
  }

  /** Reopens the saved comparison `id`; undefined when no what-if comparison is saved under it. */
  async openSaved(id: string): Promise<WhatIfRunRecord | undefined> {
    const run = await runRepository(this.store).get(id, ['dlm', 'sclm', 'what-if']);
    if (run?.kind !== 'what-if') return undefined;
    await this.open(run.config);
    return run;
  }

  /** Re-simulates every candidate (after the trials or seed changed). */
  rerunAll(): void {
    for (const c of this.candidates) this.update(c, this.debounceMs);
    this.keepDraft();
  }

  add(text = '', label = `Candidate ${this.candidates.length}`, compared = true): WhatIfCandidate {
    const candidate = new WhatIfCandidate(text, label);
    candidate.compared = compared;
    this.candidates.push(candidate);
    this.update(candidate, 0);
    this.keepDraft();
    return candidate;
  }

  remove(candidate: WhatIfCandidate): void {
    if (candidate.reference) return;
    this.cancel(candidate);
    this.candidates = this.candidates.filter((c) => c !== candidate);
    this.keepDraft();
  }

  /** Validates now; simulates once typing has paused, cancelling the simulation of the previous text. */
  setText(candidate: WhatIfCandidate, text: string): void {
    candidate.text = text;
    candidate.meaning = null;
    this.update(candidate, this.debounceMs);
    this.keepDraft();
  }

  /**
   * Adds the published rewards of DLM's appendix G (they read the dlm population's 43 features); returns what happened,
   * in words.
   */
  loadExamplePool(): string {
    if (this.choice.kind !== 'generator' || this.choice.generator !== 'dlm')
      return 'The example pool reads the features of the dlm population: choose the built-in dlm population first.';
    const present = new Set(this.candidates.map((c) => c.text));
    const fresh = DLM_IJCAI_POOL.filter((entry) => !present.has(entry.expression));
    // simulated and listed, but not charted: 100 more bars per bucket would hide the default's
    for (const entry of fresh)
      this.add(entry.expression, `DLM ${entry.section} task ${entry.task + 1}, seed ${entry.seed}`, false);
    return (
      `Added ${fresh.length} of the ${DLM_IJCAI_POOL.length} published rewards (${DLM_IJCAI_POOL_SOURCE}). ` +
      `Tick “Compare” on the ones to show side by side.`
    );
  }

  /** Saves the comparison as a run of kind 'what-if' (History lists, exports and reruns it). */
  async save(now = Date.now()): Promise<string> {
    const id = `what-if-${now.toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
    const config = this.config();
    await saveWhatIfRun(
      this.store(),
      id,
      config,
      this.candidates.map((c) => c.result),
      now,
    );
    return id;
  }

  private update(candidate: WhatIfCandidate, delay: number): void {
    this.cancel(candidate);
    candidate.result = null;
    candidate.failure = null;
    candidate.version++;
    candidate.delay = delay;
    candidate.status = 'waiting';
    if (candidate.meaning) return; // held until she runs it anyway or edits it
    if (!this.population) {
      candidate.compiled = null;
      return;
    }
    if (!candidate.checking) void this.check(candidate);
  }

  /** Compiles the candidate's latest text (in the backend), then queues its simulation after its delay. */
  private async check(candidate: WhatIfCandidate): Promise<void> {
    candidate.checking = true;
    try {
      for (;;) {
        const { version } = candidate,
          population = this.population;
        if (!population || !this.candidates.includes(candidate)) return;
        let compiled: RewardCheck | null = null,
          failure: string | null = null;
        try {
          compiled = await this.backend.compile(candidate.text);
        } catch (error) {
          failure = error instanceof Error ? error.message : String(error);
        }
        // typed on, or another population chosen, meanwhile: check the latest instead
        if (version !== candidate.version || population !== this.population) continue;
        candidate.compiled = compiled;
        if (failure !== null || !compiled) {
          candidate.status = 'failed';
          candidate.failure = failure;
        } else if (!compiled.ok) {
          candidate.status = 'invalid';
        } else {
          this.simulations.schedule(candidate);
        }
        return;
      }
    } finally {
      candidate.checking = false;
    }
  }

  private cancel(candidate: WhatIfCandidate): void {
    this.simulations.cancel(candidate);
  }
}
