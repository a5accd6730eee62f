// The error of an instance that fails validation (create-instance.ts, validate-schema.ts), apart so that
// both validators throw it without importing each other.

/** What is wrong, and where: `arm` is the 0-based arm index, `column` a feature or transition column name. */
export class InstanceError extends Error {
  override name = 'InstanceError';
  constructor(
    message: string,
    readonly arm?: number,
    readonly column?: string,
    readonly value?: number | string,
  ) {
    super(message);
  }
}
