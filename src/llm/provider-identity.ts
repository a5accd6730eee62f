// Which provider a run talks to: kind, model and base URL, never the key. A run records it when it
// starts; a resumed run uses it and only it, so that a key is never sent to a provider the run did
// not name (the panel may have been switched to another provider or server since).
import { baseUrlOf, isProviderKind, PROVIDERS, type ProviderConfig, type ProviderKind } from './provider-config.ts';

export interface ProviderIdentity {
  kind: ProviderKind;
  model: string;
  /** Without trailing slashes; the provider's default when none was set. */
  baseUrl: string;
}

/** The identity of a configuration (its key is not read). */
export function identityOf(config: Pick<ProviderConfig, 'kind' | 'model' | 'baseUrl'>): ProviderIdentity {
  return { kind: config.kind, model: config.model.trim(), baseUrl: baseUrlOf(config) };
}

/** A stored identity, checked (records are untrusted input): null when it is not one. */
export function readIdentity(value: unknown): ProviderIdentity | null {
  const v = value as Partial<ProviderIdentity> | null;
  if (
    !v ||
    typeof v !== 'object' ||
    typeof v.kind !== 'string' ||
    !isProviderKind(v.kind) ||
    typeof v.model !== 'string' ||
    typeof v.baseUrl !== 'string'
  )
    return null;
  return { kind: v.kind, model: v.model, baseUrl: v.baseUrl };
}

/** Same kind, model and base URL (the key may differ: it is the user's to retype). */
export function sameProvider(a: ProviderIdentity, b: ProviderIdentity): boolean {
  return a.kind === b.kind && a.model === b.model && a.baseUrl.replace(/\/+$/, '') === b.baseUrl.replace(/\/+$/, '');
}

/** "OpenAI gpt-4o-mini at https://api.openai.com/v1". */
export function describeIdentity(id: ProviderIdentity): string {
  return `${PROVIDERS[id.kind].label} ${id.model} at ${id.baseUrl}`;
}

/**
 * Why a run that named `run` cannot go on with the panel's `panel` settings, in words, or null when
 * they name the same provider. The user sets the panel back, or switches the run explicitly.
 */
export function providerMismatch(run: ProviderIdentity, panel: ProviderIdentity): string | null {
  if (sameProvider(run, panel)) return null;
  return (
    `This run was started with ${describeIdentity(run)}, but the provider settings now say ` +
    `${describeIdentity(panel)}. ` +
    `Set the provider settings back to the run's provider and enter its key to resume (a key goes only to the ` +
    `provider the run names), ` +
    `or choose "Continue with the current provider" to switch this run to it.`
  );
}
