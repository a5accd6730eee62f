// This device's localStorage, reached here alone: the app's root hands it to what keeps something
// between visits (a remembered key, the What-if draft). When the browser refuses it, both stay in memory.
import type { DraftStore, WhatIfConfig } from './what-if.svelte.ts';

/** The site's localStorage, or null when the browser refuses it (storage disabled, a sandboxed frame). */
export function deviceStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

const DRAFT_KEY = 'allot.what-if.draft';

/** Unsaved What-if expressions survive a reload in `storage` (expressions only: no key, no data). */
export function deviceDrafts(storage: Storage | null): DraftStore {
  return {
    load: () => JSON.parse(storage?.getItem(DRAFT_KEY) ?? 'null') as WhatIfConfig | null,
    save: (draft) => storage?.setItem(DRAFT_KEY, JSON.stringify(draft)),
  };
}
