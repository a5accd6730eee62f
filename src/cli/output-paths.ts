// Every file a command will write is checked before anything is read or written: its folder exists
// and can be written, and it is not a folder itself. A run that would fail at the end (a typo in
// --out) fails at the start, in words, with nothing changed.
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

/** Throws an Error in words when `path` (named by `flag`) cannot be written. */
export async function checkOutputPath(path: string, flag: string): Promise<void> {
  const folder = dirname(resolve(path));
  const info = await stat(folder).catch(() => null);
  if (!info) throw new Error(`${flag} ${path}: the folder ${folder} does not exist (nothing was changed)`);
  if (!info.isDirectory()) throw new Error(`${flag} ${path}: ${folder} is not a folder (nothing was changed)`);
  if (
    await access(folder, constants.W_OK).then(
      () => false,
      () => true,
    )
  )
    throw new Error(`${flag} ${path}: the folder ${folder} cannot be written (nothing was changed)`);
  const target = await stat(path).catch(() => null);
  if (target?.isDirectory()) throw new Error(`${flag} ${path} is a folder; give a file name (nothing was changed)`);
  if (
    target &&
    (await access(path, constants.W_OK).then(
      () => false,
      () => true,
    ))
  )
    throw new Error(`${flag} ${path} cannot be written (nothing was changed)`);
}

/** Two flags naming the same file would overwrite one with the other. */
export function checkDistinct(paths: Record<string, string | undefined>): void {
  const seen = new Map<string, string>();
  for (const [flag, path] of Object.entries(paths)) {
    if (path === undefined) continue;
    const full = resolve(path);
    const other = seen.get(full);
    if (other) throw new Error(`${other} and ${flag} name the same file, ${path} (nothing was changed)`);
    seen.set(full, flag);
  }
}
