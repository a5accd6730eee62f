// The app as a whole: which screen is shown, and the storage every screen saves to. Storage opens
// once; when IndexedDB is unusable the app runs in memory and says so.
import { openStore, requestPersistence } from '../storage/open-store.ts';
import type { Store } from '../storage/store.ts';
import { MemoryStore } from '../storage/memory-store.ts';
import type { Simulate } from '../core/simulation/simulate-port.ts';
import { browserSimulate } from '../workers/engine/browser-simulate.ts';
import { EnginePool } from '../workers/engine/engine-pool.ts';
import { generatePopulation } from '../workers/population/generate-population.ts';
import { ProviderSettings } from './provider-settings.svelte.ts';
import { parseRoute, routeHref, type Route } from './route.ts';

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
  /** The user's LLM provider, model and key, shared by every screen. */
  readonly provider = new ProviderSettings();
  private persistenceRequested = false;

  constructor() {
    addEventListener('hashchange', () => (this.route = parseRoute(location.hash)));
  }

  navigate(route: Route): void {
    location.hash = routeHref(route);
  }

  async openStorage(): Promise<void> {
    const { store, memoryReason } = await openStore({
      secrets: () => this.provider.secrets(),
      onBlocked: () => (this.storageNotice = 'allot is open in another tab with an older version. Close that tab so this one can update its storage.'),
      onReplaced: () => (this.storageNotice = 'A newer version of allot was opened in another tab. Reload this tab to keep saving your work.'),
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
}
