// A problem in a user's file, with where it is: every reader of allot throws this, so that screens and
// the command line can say the file, line and column in words.

/**
 * A problem in a text file: `line` and `column` are 1-based; in a CSV `column` counts fields, in a JSON file
 * characters.
 */
export class CsvError extends Error {
  override name = 'CsvError';
  constructor(
    message: string,
    readonly line: number,
    readonly column?: number,
    readonly columnName?: string,
  ) {
    super(message);
  }
}
