// Opens allot's storage: IndexedDB when the browser allows it, memory otherwise (with the reason,
// for the banner). An open connection steps aside when a newer version of allot in another tab
// needs to upgrade the schema, and a newer tab waits (and says so) while an older one holds on.
import { openDB } from 'idb';
import { IdbStore } from './idb-store.ts';
import type { SecretSource } from './guard.ts';
import { MemoryStore } from './memory-store.ts';
import { DB_NAME, DB_VERSION, upgrade, type AllotDb } from './schema.ts';
import type { Store } from './store.ts';

export interface OpenStoreOptions {
  name?: string;
  version?: number;
  /** Another tab runs an older allot and keeps the database open: ask the user to close it. */
  onBlocked?: () => void;
  /** A newer allot opened in another tab; this connection was closed so it can upgrade. Reload to continue. */
  onReplaced?: () => void;
  /** The keys every write must not contain (the key store's); shapes of keys are refused regardless. */
  secrets?: SecretSource;
}

export interface OpenedStore {
  store: Store;
  /** Why storage is in memory only, for a visible banner; null when IndexedDB is in use. */
  memoryReason: string | null;
}

export async function openStore(options: OpenStoreOptions = {}): Promise<OpenedStore> {
  if (typeof indexedDB === 'undefined') {
    return {
      store: new MemoryStore(options.secrets),
      memoryReason:
        'This browser offers no IndexedDB here, so nothing is saved after you close the tab. Export what you ' +
        'want to keep.',
    };
  }
  try {
    let store: IdbStore | undefined;
    const db = await openDB<AllotDb>(options.name ?? DB_NAME, options.version ?? DB_VERSION, {
      upgrade,
      blocked: () => options.onBlocked?.(),
      blocking: () => {
        store?.close();
        options.onReplaced?.();
      },
    });
    store = new IdbStore(db, options.secrets);
    return { store, memoryReason: null };
  } catch (error) {
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return {
      store: new MemoryStore(options.secrets),
      memoryReason:
        `This browser refused to open storage (${detail}); this happens in some private windows. allot ` +
        `works, but nothing is saved after you close the tab. Export what you want to keep.`,
    };
  }
}

/** Asks the browser not to evict allot's data under storage pressure; call after the first saved run. */
export async function requestPersistence(): Promise<boolean> {
  try {
    return (await navigator.storage?.persist?.()) ?? false;
  } catch {
    return false;
  }
}
