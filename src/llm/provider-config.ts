// The providers allot can call, and what the user sets for one: model, base URL, key, sampling.

export type ProviderKind = 'openai' | 'anthropic' | 'gemini' | 'openai-compatible';

export interface ProviderInfo {
  label: string;
  /** Replaced by the user's base URL. OpenAI-style bases include the /v1 prefix, as in OpenAI's own clients. */
  defaultBaseUrl: string;
  keyRequired: boolean;
}

export const PROVIDERS: Record<ProviderKind, ProviderInfo> = {
  openai: { label: 'OpenAI', defaultBaseUrl: 'https://api.openai.com/v1', keyRequired: true },
  anthropic: { label: 'Anthropic', defaultBaseUrl: 'https://api.anthropic.com', keyRequired: true },
  gemini: { label: 'Google Gemini', defaultBaseUrl: 'https://generativelanguage.googleapis.com', keyRequired: true },
  'openai-compatible': {
    label: 'OpenAI-compatible (Ollama, LM Studio, llama.cpp)',
    defaultBaseUrl: 'http://localhost:11434/v1',
    keyRequired: false,
  },
};

export const PROVIDER_KINDS = Object.keys(PROVIDERS) as ProviderKind[];

/** Own keys only: "toString" or "constructor" are no provider (`in` would find them on the prototype). */
export function isProviderKind(value: string): value is ProviderKind {
  return Object.hasOwn(PROVIDERS, value);
}

export interface ProviderConfig {
  kind: ProviderKind;
  model: string;
  /** Defaults to PROVIDERS[kind].defaultBaseUrl. */
  baseUrl?: string;
  /** Kept in memory only; never serialized by anything in src/llm. */
  apiKey?: string;
  /** Per attempt, in milliseconds (default 120 s). */
  timeoutMs?: number;
}

/** The base URL without trailing slashes. */
export function baseUrlOf(config: Pick<ProviderConfig, 'kind' | 'baseUrl'>): string {
  return (config.baseUrl?.trim() || PROVIDERS[config.kind].defaultBaseUrl).replace(/\/+$/, '');
}
