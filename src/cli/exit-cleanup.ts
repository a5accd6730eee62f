// Files a command must not leave behind when it stops half-way (a lock file, a temporary file):
// removed when the process exits, or is interrupted (Ctrl-C, kill), whatever the command was doing.
// A command removes them itself on success and failure; this is for the stops it cannot catch.
import { unlinkSync } from 'node:fs';

const paths = new Set<string>();
let hooked = false;

function removeAll(): void {
  for (const path of paths) {
    try {
      unlinkSync(path);
    } catch {
      // already gone
    }
  }
  paths.clear();
}

function hook(): void {
  if (hooked) return;
  hooked = true;
  process.on('exit', removeAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      removeAll();
      // The default action again: the process ends as it would have (exit code 128 + the signal).
      process.kill(process.pid, signal);
    });
  }
}

/** Removes `path` if the process stops before `forget` is called. */
export function removeOnExit(path: string): () => void {
  hook();
  paths.add(path);
  return () => void paths.delete(path);
}
