// Checks every record before it is written: no API key may enter storage.
import { SecretInRecordError } from './errors.ts';
import { findSecret } from './secrets.ts';

/** Keys typed in this session, registered by the provider settings so the guard can spot them verbatim. */
const sessionKeys = new Set<string>();

export function registerSessionKey(key: string): void {
  if (key) sessionKeys.add(key);
}

export function forgetSessionKeys(): void {
  sessionKeys.clear();
}

export function assertNoSecret(storeName: string, record: unknown): void {
  const path = findSecret(record, [...sessionKeys]);
  if (path) throw new SecretInRecordError(`Refused to save to ${storeName}: ${path} looks like an API key. Keys are never stored with runs.`);
}
