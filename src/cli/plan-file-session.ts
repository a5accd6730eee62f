// How `allot plan` touches files, so that nothing is lost and nothing is half-done: every path it
// will write is checked first; the plan file is locked while the command works (plan-lock.ts: a
// second command waits briefly or stops); the new plan and the calls CSV are written to temporary
// files, and moved into place only when all of the work succeeded and PLAN.json is still the file
// that was read (plan-file-store.ts); on any failure the temporary files go and nothing changes.
import { rename, unlink, writeFile } from 'node:fs/promises';
import type { Io } from './command.ts';
import { removeOnExit } from './exit-cleanup.ts';
import { checkDistinct, checkOutputPath } from './output-paths.ts';
import { PlanFileStore } from './plan-file-store.ts';
import { lockPlan } from './plan-lock.ts';

/** The list's file as text, bytes or pieces of bytes. */
export type ListBytes = string | Uint8Array | Iterable<Uint8Array>;

export interface PlanFiles {
  state: string;
  /** The calls CSV (--out), if any. */
  out?: string;
  /** Files the command reads, which must not be the files it writes. */
  inputs: Record<string, string | undefined>;
}

/**
 * Runs `work` on the locked, staged plan file; `writeList` stages the list (CSV text or XLSX bytes, or the CSV's
 * pieces, each written before the next is asked for). Resolves to work's result (an exit code).
 */
export async function withPlanFile(
  files: PlanFiles,
  io: Io,
  work: (store: PlanFileStore, writeList: (list: ListBytes) => Promise<void>) => Promise<number>,
): Promise<number> {
  checkDistinct({ '--state': files.state, '--out': files.out, ...files.inputs });
  await checkOutputPath(files.state, '--state');
  if (files.out !== undefined) await checkOutputPath(files.out, '--out');
  const release = await lockPlan(files.state, { onStale: (message) => io.stderr.write(`allot plan: ${message}\n`) });
  const store = new PlanFileStore(files.state, { staged: true });
  let list: { tmp: string; forget: () => void } | null = null;
  try {
    const code = await work(store, async (text) => {
      const tmp = `${files.out}.${process.pid}.tmp`;
      list = { tmp, forget: removeOnExit(tmp) };
      await writeFile(tmp, text).catch((error: NodeJS.ErrnoException) => {
        throw new Error(`cannot write ${files.out} (${error.code ?? error.message}); nothing was changed`);
      });
    });
    if (code !== 0) return code;
    await store.commit();
    if (list) await rename((list as { tmp: string }).tmp, files.out!);
    return 0;
  } finally {
    await store.discard();
    if (list) {
      const { tmp, forget } = list as { tmp: string; forget: () => void };
      await unlink(tmp).catch(() => {});
      forget();
    }
    await release();
  }
}
