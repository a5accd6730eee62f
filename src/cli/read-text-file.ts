// Reads a user's data file as the app does: its size checked before reading (a file over the import
// limit is refused, not read), UTF-8 or UTF-16 by its byte order mark or its zero bytes.
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { checkImportSize } from '../core/datasets/import-limits.ts';
import { textEncodingOf } from '../core/datasets/text-encoding.ts';

/** The text of the file at `path`; errors name the file. */
export async function readTextFile(path: string): Promise<string> {
  const size = await stat(path).then(
    (s) => s.size,
    () => {
      throw new Error(`"${path}": no such file`);
    },
  );
  checkImportSize(size, basename(path));
  const bytes = await readFile(path);
  return new TextDecoder(textEncodingOf(bytes)).decode(bytes);
}
