// The user's LLM provider settings on the page, and the "Test connection" round trip. The key is
// held by a KeyStore: in memory unless the user opts in to remembering it on this device.
import { HttpProvider } from '../llm/http-provider.ts';
import { KeyStore, REMEMBER_WARNING, type KeyStorage } from '../llm/key-store.ts';
import { LlmError } from '../llm/llm-error.ts';
import { PROVIDER_KINDS, PROVIDERS, type ProviderKind } from '../llm/provider-config.ts';
import { identityOf, sameProvider, type ProviderIdentity } from '../llm/provider-identity.ts';
import { Transcript } from '../llm/transcript.ts';

export type { ProviderKind } from '../llm/provider-config.ts';

/** The tiny prompt of "Test connection". */
export const TEST_PROMPT = 'Reply with the single word: ready';

const SUGGESTED_MODELS: Record<ProviderKind, string> = {
  openai: 'gpt-4o-mini',
  anthropic: 'claude-sonnet-4-5',
  gemini: 'gemini-2.5-flash',
  'openai-compatible': 'llama3.2',
};

export class ProviderSettings {
  kind = $state<ProviderKind>('openai');
  /** Empty means the provider's default. */
  baseUrl = $state('');
  model = $state(SUGGESTED_MODELS.openai);
  key = $state('');
  remember = $state(false);

  status = $state<'idle' | 'testing' | 'ok' | 'failed'>('idle');
  reply = $state<string | null>(null);
  error = $state<string | null>(null);
  models = $state.raw<string[]>([]);
  /** Every request and reply of this session, without keys. */
  readonly transcript = new Transcript();
  transcriptSize = $state(0);

  /** The providers to choose from, by kind and name (the panel's list). */
  readonly choices = PROVIDER_KINDS.map((kind) => ({ kind, label: PROVIDERS[kind].label }));
  /** What remembering a key on this device means, said beside the box. */
  readonly rememberWarning = REMEMBER_WARNING;

  private readonly keys: KeyStore;

  /** `storage`: where a remembered key is kept (this device's localStorage), or null: keys stay in memory. */
  constructor(storage: KeyStorage | null) {
    this.keys = new KeyStore(storage);
    this.loadKey();
  }

  get info() {
    return PROVIDERS[this.kind];
  }

  get defaultBaseUrl(): string {
    return PROVIDERS[this.kind].defaultBaseUrl;
  }

  /** The provider these settings name: kind, model, base URL (never the key). */
  identity(): ProviderIdentity {
    return identityOf({ kind: this.kind, model: this.model, baseUrl: this.baseUrl || undefined });
  }

  /** Points the settings at a run's provider, so that resuming it asks only for the key. */
  useIdentity(id: ProviderIdentity): void {
    if (sameProvider(id, this.identity())) return;
    this.selectProvider(id.kind);
    this.model = id.model;
    this.baseUrl = id.baseUrl === PROVIDERS[id.kind].defaultBaseUrl ? '' : id.baseUrl;
  }

  selectProvider(kind: ProviderKind): void {
    this.kind = kind;
    this.baseUrl = '';
    this.model = SUGGESTED_MODELS[kind];
    this.models = [];
    this.status = 'idle';
    this.loadKey();
  }

  /**
   * Keeps the key store in step with the key field and the "remember" box (a ticked box with no key yet stores the key
   * once it is typed).
   */
  commitKey(): void {
    this.keys.set(this.kind, this.key, this.remember); // from now on storage refuses any record that would carry it
  }

  setRemember(remember: boolean): void {
    this.remember = remember;
    this.commitKey();
  }

  forgetKeys(): void {
    this.keys.forgetAll();
    this.key = '';
    this.remember = false;
  }

  /** The keys typed or remembered in this session: storage and exports refuse records that contain one. */
  secrets(): readonly string[] {
    return this.keys.secrets();
  }

  async testConnection(signal?: AbortSignal): Promise<void> {
    this.commitKey();
    this.status = 'testing';
    this.reply = this.error = null;
    try {
      const reply = await this.provider().complete({ prompt: TEST_PROMPT }, { signal });
      this.reply = reply.text;
      this.status = 'ok';
    } catch (error) {
      this.error = describe(error);
      this.status = 'failed';
    } finally {
      this.transcriptSize = this.transcript.entries.length;
    }
  }

  async loadModels(signal?: AbortSignal): Promise<void> {
    this.commitKey();
    this.error = null;
    try {
      this.models = await this.provider().listModels({ signal });
    } catch (error) {
      this.error = describe(error);
      this.status = 'failed';
    }
  }

  private provider(): HttpProvider {
    // One retry: a person is waiting for the answer to a test.
    return this.providerFor(this.transcript, 1);
  }

  /** A provider for a run: the current provider, model and key, the run's own transcript, the usual retries. */
  providerFor(transcript: Transcript, maxRetries?: number): HttpProvider {
    this.commitKey();
    return new HttpProvider(
      {
        kind: this.kind,
        model: this.model,
        baseUrl: this.baseUrl || undefined,
        apiKey: this.keys.get(this.kind),
        timeoutMs: 60_000,
      },
      { transcript, pageOrigin: location.origin, maxRetries },
    );
  }

  private loadKey(): void {
    this.key = this.keys.get(this.kind) ?? '';
    this.remember = this.keys.isRemembered(this.kind);
  }
}

function describe(error: unknown): string {
  if (error instanceof LlmError) return error.message;
  if (error instanceof DOMException && error.name === 'AbortError') return 'Cancelled.';
  return `Unexpected failure: ${error instanceof Error ? error.message : String(error)}`;
}
