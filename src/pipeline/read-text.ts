// A user's file as text, decoded the same way in the app's workers and on the command line: its size
// checked before a byte is read (a file over the import limit is refused in words, never half read),
// then UTF-8 or UTF-16 by its byte order mark or its zero bytes (core/datasets/text-encoding.ts), so
// the same file gives the same rows everywhere.
import { checkImportSize } from '../core/datasets/import-limits.ts';
import { textEncodingOf } from '../core/datasets/text-encoding.ts';

/** The text of `file`; errors name `fileName`. A byte order mark is left out of the text. */
export async function readText(file: Blob, fileName: string): Promise<string> {
  checkImportSize(file.size, fileName);
  const bytes = new Uint8Array(await file.arrayBuffer());
  return new TextDecoder(textEncodingOf(bytes)).decode(bytes);
}
