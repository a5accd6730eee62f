// The identity of an LLM request, for transcripts and offline replay: SHA-256 of a canonical JSON
// of what determines the reply (provider kind, model, messages, sampling, schema). Base URL and key
// are left out, so a run recorded against one server replays anywhere and the hash reveals no secret.
import type { ChatRequest } from './chat-request.ts';
import { sha256Hex } from './sha256.ts';

export function requestHash(provider: string, model: string, request: ChatRequest): string {
  return sha256Hex(canonicalJson({ provider, model, ...request }));
}

/** JSON with object keys sorted and undefined members dropped, so equal requests hash equally. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}
