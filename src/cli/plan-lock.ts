// An advisory lock on a plan file, so that two `allot plan` commands on one PLAN.json never both read
// it, both apply a week, and both write (one week lost in silence). The lock is a file beside the
// plan (PLAN.json.lock), made only if it does not exist (O_EXCL), holding the process id, host and
// time. A second command stops (or, if asked, waits briefly), saying who holds it. A lock whose process
// is gone (killed, crashed) is stale: it is recognised, reported and removed, with that process's
// temporary file.
import { hostname } from 'node:os';
import { open, readFile, stat, unlink } from 'node:fs/promises';
import { removeOnExit } from './exit-cleanup.ts';

export interface LockOptions {
  /**
   * How long to wait for another command's lock, in milliseconds (default 0: stop at once, since a
   * week's outcomes applied after another command's would be applied to the week after it).
   */
  waitMs?: number;
  /** Told when a stale lock was removed (for a line on stderr). */
  onStale?: (message: string) => void;
}

/** Another command holds the plan: nothing was changed. */
export class PlanLockedError extends Error {
  override name = 'PlanLockedError';
}

interface Holder {
  pid: number;
  host: string;
  since: string;
}

/** Locks `path` (waiting up to waitMs); resolves to the function that releases the lock. */
export async function lockPlan(path: string, { waitMs = 0, onStale }: LockOptions = {}): Promise<() => Promise<void>> {
  const lockPath = `${path}.lock`;
  const deadline = Date.now() + waitMs;
  for (;;) {
    const handle = await open(lockPath, 'wx').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'EEXIST') return null;
      throw new Error(
        `cannot lock ${path} (${error.code ?? error.message}): the folder must be writable (nothing was changed)`,
      );
    });
    if (handle) {
      const forget = removeOnExit(lockPath);
      const me: Holder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
      try {
        await handle.writeFile(JSON.stringify(me));
      } finally {
        await handle.close();
      }
      return async () => {
        forget();
        // Only our own lock is removed (a stale-lock clean-up by another command may have replaced it).
        const now = await holderOf(lockPath);
        if (now?.pid === me.pid && now.host === me.host) await unlink(lockPath).catch(() => {});
      };
    }
    const holder = await holderOf(lockPath);
    if (await isStale(lockPath, holder)) {
      // Still the same stale lock (another command may have just replaced it): then it goes.
      const again = await holderOf(lockPath);
      if (again?.pid !== holder?.pid || again?.since !== holder?.since) continue;
      await unlink(lockPath).catch(() => {});
      if (holder) await unlink(`${path}.${holder.pid}.tmp`).catch(() => {});
      onStale?.(
        `removed a stale lock on ${path}: ` +
          `${
            holder
              ? `process ${holder.pid} (since ${holder.since}) is no ` + `longer running`
              : 'it was left empty by a command that stopped at once'
          }`,
      );
      continue;
    }
    if (Date.now() >= deadline) {
      const who = holder
        ? `process ${holder.pid}${holder.host !== hostname() ? ` on ${holder.host}` : ''}, since ${holder.since}`
        : 'a command that is starting';
      throw new PlanLockedError(
        `another command holds ${path} (${who}); try again when it has finished (nothing was changed; if no allot ` +
          `command is running, delete ${lockPath})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function holderOf(lockPath: string): Promise<Holder | null> {
  try {
    const h = JSON.parse(await readFile(lockPath, 'utf8')) as Partial<Holder>;
    return Number.isInteger(h.pid) && typeof h.host === 'string'
      ? { pid: h.pid!, host: h.host, since: String(h.since) }
      : null;
  } catch {
    return null;
  }
}

/** A lock of a process of this host that no longer runs, or an unreadable lock older than 10 seconds. */
async function isStale(lockPath: string, holder: Holder | null): Promise<boolean> {
  if (!holder) {
    const info = await stat(lockPath).catch(() => null);
    return info !== null && Date.now() - info.mtimeMs > 10_000;
  }
  if (holder.host !== hostname()) return false;
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
