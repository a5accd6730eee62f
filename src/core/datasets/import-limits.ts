// How large an imported file may be. A browser tab holds the text, the parsed table and the typed
// arrays at once; past this size it would run out of memory before it could say why.

/** 256 MiB: about two million arms with a dozen feature columns. */
export const MAX_IMPORT_BYTES = 256 * 1024 * 1024;

/** Throws a clear error when a file is too large to import (call it before reading the file). */
export function checkImportSize(bytes: number, fileName: string): void {
  if (bytes > MAX_IMPORT_BYTES) {
    throw new Error(
      `${fileName} is ${(bytes / 1048576).toFixed(0)} MiB, more than the ${MAX_IMPORT_BYTES / 1048576} MiB a browser tab can import; split it into smaller files or keep fewer columns`,
    );
  }
}
