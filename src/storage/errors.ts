// Storage failures in words a user can act on.

/** The browser refused to store more: the origin's quota is used up. */
export class StorageFullError extends Error {
  override name = 'StorageFullError';
  constructor(cause?: unknown) {
    super(
      'This browser has no room left for allot. Export the runs you want to keep, then delete old runs and ' +
        'populations.',
      { cause },
    );
  }
}

/** A record would have carried something that looks like an API key. */
export class SecretInRecordError extends Error {
  override name = 'SecretInRecordError';
}

/**
 * Quota errors by name across browsers (Chrome/Safari: QuotaExceededError, old Firefox: NS_ERROR_DOM_QUOTA_REACHED).
 */
export function isQuotaError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, code, inner } = error as { name?: string; code?: number; inner?: unknown };
  return (
    name === 'QuotaExceededError' ||
    name === 'NS_ERROR_DOM_QUOTA_REACHED' ||
    code === 22 ||
    (inner !== undefined && isQuotaError(inner))
  );
}

/** Turns a quota failure into a StorageFullError; other errors pass through. */
export function asStorageError(error: unknown): unknown {
  return isQuotaError(error) ? new StorageFullError(error) : error;
}
