// Checks every record before it is written: no API key may enter storage. Keys are recognised by
// their shape (secrets.ts) and, verbatim, by the keys the user typed, which the guard asks for at
// each write from a SecretSource (in the app, the key store, through whoever opens the store):
// the keys themselves are held in one place only.
import { SecretInRecordError } from './errors.ts';
import { findSecret } from './secrets.ts';

/** The keys to refuse verbatim, asked for at each write. */
export type SecretSource = () => readonly string[];

export const NO_SECRETS: SecretSource = () => [];

export function assertNoSecret(storeName: string, record: unknown, secrets: readonly string[] = []): void {
  const path = findSecret(record, secrets);
  if (path)
    throw new SecretInRecordError(
      `Refused to save to ${storeName}: ${path} looks like an API key. Keys are never stored with runs.`,
    );
}
