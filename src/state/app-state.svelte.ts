// The app as a whole, and its composition root: which screen is shown, the storage every screen saves
// to, the engine's workers, the provider settings, and every screen's session, built here with its
// workers, store and settings. Components get it through context.ts and call the sessions; they never
// reach a store, a worker or localStorage themselves. Storage opens once; when IndexedDB is unusable
// the app runs in memory and says so.
import { openStore, requestPersistence } from '../storage/open-store.ts';
import type { Store } from '../storage/store.ts';
import { MemoryStore } from '../storage/memory-store.ts';
import type { Simulate } from '../core/simulation/simulate-port.ts';
import { browserSimulate } from '../workers/engine/browser-simulate.ts';
import { EnginePool } from '../workers/engine/engine-pool.ts';
import { ImportClient } from '../workers/import/import-client.ts';
import { generatePopulation } from '../workers/population/generate-population.ts';
import { workerWhatIf } from '../workers/population/what-if-backend.ts';
import { AppUpdate } from './app-update.svelte.ts';
import { DataState } from './data.svelte.ts';
import { mappingMemory } from './plan/mapping-memory.ts';
import { deviceDrafts, deviceStorage } from './device-storage.ts';
import { ExampleSession } from './example-session.svelte.ts';
import { HistoryState } from './history.svelte.ts';
import type { PlanSession } from './plan.svelte.ts';
import { ProviderSettings } from './provider-settings.svelte.ts';
import { parseRoute, routeHref, type Route } from './route.ts';
import type { RunSession } from './runs/run-session.svelte.ts';
import { StartForm } from './runs/start-form.svelte.ts';
import { TradeoffSession } from './tradeoff/tradeoff-session.svelte.ts';
import { WhatIfState } from './what-if.svelte.ts';

export type { RunRecord } from '../storage/records.ts';

export class AppState {
  route = $state<Route>(parseRoute(location.hash));
  /** Memory until IndexedDB has opened, so screens can always save. */
  store = $state.raw<Store>(new MemoryStore(() => this.provider.secrets()));
  storageReady = $state(false);
  /** A message for the storage banner (memory only, blocked by another tab, replaced by a newer tab, full). */
  storageNotice = $state<string | null>(null);
  /** The WASM engine's worker pool (workers start on first use) and the pipelines' port to it. */
  readonly engine = new EnginePool();
  readonly simulate: Simulate = browserSimulate(this.engine);
  /** A built-in population, generated in a short-lived worker. */
  readonly generatePopulation = generatePopulation;
  /** This device's localStorage (null when refused): remembered keys and the What-if draft. */
  private readonly device = deviceStorage();
  /** The user's LLM provider, model and key, shared by every screen. */
  readonly provider = new ProviderSettings(this.device);
  /** A new build waiting, or this build's files gone (the update banner). */
  readonly update = new AppUpdate();
  private persistenceRequested = false;
  private whatIfSession: WhatIfState | null = null;
  private planSession: Promise<PlanSession> | null = null;

  constructor() {
    addEventListener('hashchange', () => (this.route = parseRoute(location.hash)));
  }

  /** Opens storage and starts watching for updates (the app's mount); returns what stops the watching. */
  start(): () => void {
    void this.openStorage();
    return this.update.start();
  }

  navigate(route: Route): void {
    location.hash = routeHref(route);
  }

  async openStorage(): Promise<void> {
    const { store, memoryReason } = await openStore({
      secrets: () => this.provider.secrets(),
      onBlocked: () =>
        (this.storageNotice =
          'allot is open in another tab with an older version. Close that tab so this one can update its storage.'),
      onReplaced: () =>
        (this.storageNotice =
          'A newer version of allot was opened in another tab. Reload this tab to keep saving your work.'),
    });
    this.store = store;
    this.storageNotice = memoryReason;
    this.storageReady = true;
  }

  /** After the first saved run, asks the browser to keep allot's data under storage pressure. */
  async runSaved(): Promise<void> {
    if (this.persistenceRequested || this.store.kind !== 'indexeddb') return;
    this.persistenceRequested = true;
    await requestPersistence();
  }

  /** Shows a storage failure (for example a full disk) in the banner. */
  reportStorageError(error: unknown): void {
    this.storageNotice = error instanceof Error ? error.message : String(error);
  }

  // The screens' sessions. A screen's own is made on each visit and ended by the screen (its workers
  // with it); What-if's and the plan's are made on the first visit and kept while she visits others.

  /** The Start screen's form. */
  startForm(): StartForm {
    return new StartForm(this);
  }

  /** The start page's example, on the app's engine pool. */
  example(): ExampleSession {
    return new ExampleSession(this.engine);
  }

  /** What-if, simulating in the population worker: on the first visit, the last visit's draft comes back. */
  whatIf(): WhatIfState {
    if (this.whatIfSession) return this.whatIfSession;
    const whatIf = new WhatIfState(workerWhatIf(this.engine), () => this.store, 300, deviceDrafts(this.device));
    // A reopened comparison (#/what-if/<run id>) brings its own population instead.
    const draft = whatIf.savedDraft();
    const reopening = this.route.name === 'what-if' && this.route.run;
    if (!reopening) void (draft ? whatIf.open(draft) : whatIf.usePopulation(whatIf.choice));
    return (this.whatIfSession = whatIf);
  }

  /** The price-of-priority panel's sweep, on an engine pool of its own (dispose ends its workers). */
  tradeoff(): TradeoffSession {
    return new TradeoffSession(new EnginePool());
  }

  /** The Data screen, with an import worker of its own (dispose ends it). */
  data(): DataState {
    return new DataState(() => this.store, new ImportClient(), mappingMemory(this.device));
  }

  /** History: what-if reruns each in a population worker of their own, DLM and SCLM reruns replayed. */
  history(): HistoryState {
    const rerun = async (id: string, signal?: AbortSignal) =>
      (await import('./runs/rerun-run.ts')).rerunRun(this, id, { signal });
    return new HistoryState(
      () => this.store,
      () => workerWhatIf(this.engine),
      () => this.provider.secrets(),
      rerun,
    );
  }

  /** A run on its page. The pipelines load with it, on first use, so that the first load stays small. */
  async runSession(id: string): Promise<RunSession> {
    const { RunSession } = await import('./runs/run-session.svelte.ts');
    return new RunSession(this, id);
  }

  /** The Plan screen's session, with the plan worker's client (loaded on the first visit, like the screen). */
  /** Opens the Plan screen with `expression` as the policy of the list she is setting up. */
  async useInPlan(expression: string, from: string): Promise<void> {
    (await this.plan()).propose(expression, from);
    this.navigate({ name: 'plan' });
  }

  plan(): Promise<PlanSession> {
    const secrets = () => this.provider.secrets();
    this.planSession ??= Promise.all([import('./plan.svelte.ts'), import('../workers/plan/plan-client.ts')]).then(
      ([{ PlanSession }, { PlanClient }]) =>
        new PlanSession(new PlanClient(), () => this.store, secrets, mappingMemory(this.device)),
      (error: unknown) => ((this.planSession = null), Promise.reject(error)), // a failed load is tried again
    );
    return this.planSession;
  }
}
