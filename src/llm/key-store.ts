// API keys: in memory by default. Only an explicit "remember on this device" writes one to
// localStorage (plainly readable by anyone with access to this browser profile, which the UI
// says). Keys are never written to IndexedDB, exports, transcripts, logs or URLs.
import type { ProviderKind } from './provider-config.ts';

/** The part of the Web Storage API the store needs (localStorage in the app, a Map in tests). */
export interface KeyStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const REMEMBERED_KEYS_ITEM = 'allot.remembered-keys.v1';

export const REMEMBER_WARNING =
  'Remembering stores the key unencrypted in this browser (localStorage) for this site: anyone who can use this ' +
  'browser profile, ' +
  'and any script running on this site, can read it. Use it only on your own device, and prefer a key with a ' +
  'spending limit.';

export class KeyStore {
  private readonly memory = new Map<ProviderKind, string>();
  private readonly remembered = new Set<ProviderKind>();
  /** Every key held in this session, also after it was replaced: storage refuses records containing any. */
  private readonly held = new Set<string>();

  constructor(private readonly storage: KeyStorage | null) {
    const saved = this.readStorage();
    for (const [kind, key] of Object.entries(saved) as [ProviderKind, string][]) {
      this.memory.set(kind, key);
      this.remembered.add(kind);
      this.held.add(key);
    }
  }

  get(kind: ProviderKind): string | undefined {
    return this.memory.get(kind);
  }

  isRemembered(kind: ProviderKind): boolean {
    return this.remembered.has(kind);
  }

  /**
   * Sets the key in memory; writes it to storage only when `remember` is true, and removes it from storage otherwise.
   */
  set(kind: ProviderKind, key: string, remember: boolean): void {
    const k = key.trim();
    if (k) {
      this.memory.set(kind, k);
      this.held.add(k);
    } else this.memory.delete(kind);
    if (remember && k && this.storage) this.remembered.add(kind);
    else this.remembered.delete(kind);
    this.writeStorage();
  }

  /** The keys of this session, for storage and exports to refuse verbatim. */
  secrets(): readonly string[] {
    return [...this.held];
  }

  /** Removes every key from memory and storage. */
  forgetAll(): void {
    this.memory.clear();
    this.held.clear();
    this.remembered.clear();
    this.storage?.removeItem(REMEMBERED_KEYS_ITEM);
  }

  private readStorage(): Record<string, string> {
    try {
      const value: unknown = JSON.parse(this.storage?.getItem(REMEMBERED_KEYS_ITEM) ?? '{}');
      return value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v === 'string'))
        : {};
    } catch {
      return {};
    }
  }

  private writeStorage(): void {
    if (!this.storage) return;
    const saved = Object.fromEntries([...this.remembered].map((kind) => [kind, this.memory.get(kind)!]));
    if (Object.keys(saved).length) this.storage.setItem(REMEMBERED_KEYS_ITEM, JSON.stringify(saved));
    else this.storage.removeItem(REMEMBERED_KEYS_ITEM);
  }
}
