// `allot plan --out-per-worker DIR`: the list's files per health worker (core/plan/worker-files.ts) written
// into DIR, made if it is missing; each file whole or not at all (written beside, then renamed).
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { WorkerFile } from '../core/plan/worker-files.ts';

export async function writeWorkerFiles(dir: string, files: readonly WorkerFile[]): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
    for (const f of files) {
      const path = join(dir, f.name),
        tmp = `${path}.${process.pid}.tmp`;
      await writeFile(tmp, f.text);
      await rename(tmp, path);
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new Error(`the plan was saved, but the files per worker could not be written in ${dir} (${code})`);
  }
}
