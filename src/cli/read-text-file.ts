// Reads a user's data file as the app does, through the same reader (pipeline/read-text.ts): its size
// checked before reading, UTF-8 or UTF-16 by its byte order mark or its zero bytes.
import { openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { NamedFile } from '../pipeline/plan/register-source.ts';
import { readText } from '../pipeline/read-text.ts';

/** The file at `path` as the app's readers take it (a Blob and its name); errors name the file. */
export async function namedFile(path: string): Promise<NamedFile> {
  const info = await stat(path).catch(() => null);
  if (!info) throw new Error(`"${path}": no such file`);
  if (!info.isFile()) throw new Error(`"${path}" is not a file`);
  try {
    return { file: await openAsBlob(path), fileName: basename(path) };
  } catch (error) {
    throw new Error(`"${path}" cannot be read: ${(error as Error).message}`);
  }
}

/** The text of the file at `path`; errors name the file. */
export async function readTextFile(path: string): Promise<string> {
  const { file, fileName } = await namedFile(path);
  return readText(file, fileName);
}
