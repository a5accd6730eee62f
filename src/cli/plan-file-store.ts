// PLAN.json as the plan use-case's store (core/plan/plan-record.ts: PlanStore), so that `allot plan`
// runs the same WeeklyPlan as the app's plan worker: one file holds one plan, in the one plan file
// format (core/plan/plan-json.ts), under the same rules the app's store applies before it writes (a
// new list is for the current week; a week's outcomes are the next week's, or replace the last one).
// A write goes to a temporary file beside PLAN.json and is then moved into place: a new plan only
// where no file is (a create never overwrites), an update only if the file is still the one that was
// read (another program's write is never lost). `staged`: the move waits for commit(), so that a
// command checks and prepares everything (its calls CSV too) before anything is replaced.
import { closeSync, openSync, writeSync } from 'node:fs';
import { link, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Base64Codec } from '../core/plan/base64.ts';
import { planFilePieces, readPlanFile } from '../core/plan/plan-json.ts';
import { headRecord } from '../core/plan/plan-parts.ts';
import {
  checkCurrentWeek,
  checkNotApplied,
  checkPlanWeek,
  PlanExistsError,
  type PlanListing,
  type PlanRecord,
  type PlanStore,
  type PlanWeekUpdate,
} from '../core/plan/plan-record.ts';
import { removeOnExit } from './exit-cleanup.ts';
import { nodeBase64 } from './node-base64.ts';

/** What identifies the file that was read: a write checks it is still the same. */
type Version = { size: number; mtimeMs: number; ino: number } | null;

export class PlanFileStore implements PlanStore {
  /** The file as read (null: there was none); undefined until read. */
  private version: Version | undefined;
  private pending: { tmp: string; create: boolean; forget: () => void } | null = null;
  /** The plan last read and the file it was read from (a read of PLAN.json at 10^6 takes a second). */
  private last: { version: NonNullable<Version>; record: PlanRecord } | null = null;

  constructor(
    readonly path: string,
    private readonly options: { staged?: boolean; codec?: Base64Codec } = {},
  ) {}

  async getPlan(id: string): Promise<PlanRecord | undefined> {
    const record = await this.read();
    return record && record.id === id ? record : undefined;
  }

  /** The plan in the file (undefined when there is no file); a refusal names the file and the field. */
  async read(): Promise<PlanRecord | undefined> {
    const version = await versionOf(this.path);
    // Every read of one command sees the file it first read: another program's write in between is refused, not
    // overwritten.
    if (this.version !== undefined && !sameVersion(version, this.version)) throw changed(this.path);
    // The same file read again in one command (to open the plan, then to check it before a write): its plan as read.
    if (this.last && version && sameVersion(version, this.last.version)) return this.last.record;
    const text = await readFile(this.path, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw new Error(`cannot read ${this.path}: ${error.message}`);
    });
    this.version = text === undefined ? null : version;
    if (text === undefined) return undefined;
    // A version-1 file has no meta: it is named after its file.
    const fallback = {
      id: 'plan-file',
      name: basename(this.path).replace(/\.json$/i, ''),
      createdAt: 0,
      updatedAt: 0,
      policy: { kind: 'typed' as const },
    };
    const record = readPlanFile(text, this.path, fallback, this.options.codec ?? nodeBase64);
    this.last = { version: version!, record };
    return record;
  }

  async createPlan(plan: PlanRecord, { replace = false }: { replace?: boolean } = {}): Promise<void> {
    if (replace)
      throw new Error(`${this.path}: a plan file is replaced by applying outcomes to it, not by creating it again`);
    if (await versionOf(this.path))
      throw new PlanExistsError(
        `${this.path} already exists: apply a week's outcomes to it with --outcomes, or give another --state path ` +
          `(nothing was changed)`,
      );
    await this.write(plan, true);
  }

  async saveCurrentWeek(plan: PlanRecord): Promise<void> {
    checkCurrentWeek(plan);
    const stored = await this.read();
    if (stored && stored.id !== plan.id)
      throw new Error(`${this.path} already holds another plan ("${stored.name}"); nothing was changed`);
    checkNotApplied(stored && headRecord(stored), plan.plan.weeks[plan.plan.weeks.length - 1].week);
    await this.write(plan, stored === undefined);
  }

  async listPlans(): Promise<PlanListing[]> {
    const record = await this.read();
    if (!record) return [];
    const { settings: _, ...listing } = headRecord(record);
    return [listing];
  }

  async applyPlanWeek({ plan, week, replace }: PlanWeekUpdate): Promise<void> {
    const stored = await this.getPlan(plan.id);
    checkPlanWeek(stored && headRecord(stored), plan.id, week, replace);
    await this.write(plan, false);
  }

  async deletePlan(id: string): Promise<void> {
    if (await this.getPlan(id)) await unlink(this.path);
  }

  /** Moves the written plan into place (staged mode): throws, with nothing changed, if that is no longer safe. */
  async commit(): Promise<void> {
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    try {
      if (p.create) {
        // link fails when PLAN.json exists: a plan made meanwhile is never overwritten.
        await link(p.tmp, this.path).catch(async (error: NodeJS.ErrnoException) => {
          if (error.code === 'EEXIST')
            throw new PlanExistsError(
              `${this.path} was created by another program while this command worked; nothing was changed`,
            );
          // A file system without hard links: checked, then renamed (the lock keeps other allot commands out).
          if (await versionOf(this.path))
            throw new PlanExistsError(
              `${this.path} was created by another program while this command worked; nothing was changed`,
            );
          await rename(p.tmp, this.path);
        });
      } else {
        const now = await versionOf(this.path);
        if (!sameVersion(now, this.version ?? null)) throw changed(this.path);
        await rename(p.tmp, this.path);
      }
    } finally {
      await unlink(p.tmp).catch(() => {});
      p.forget();
    }
    this.version = await versionOf(this.path);
  }

  /** Removes a written plan that was not moved into place. */
  async discard(): Promise<void> {
    const p = this.pending;
    this.pending = null;
    if (!p) return;
    await unlink(p.tmp).catch(() => {});
    p.forget();
  }

  private async write(plan: PlanRecord, create: boolean): Promise<void> {
    await this.discard();
    const tmp = `${this.path}.${process.pid}.tmp`;
    const forget = removeOnExit(tmp);
    this.pending = { tmp, create, forget };
    try {
      writePieces(tmp, planFilePieces(plan, this.options.codec ?? nodeBase64));
    } catch (error) {
      await this.discard();
      throw new Error(
        `cannot write ${this.path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); nothing ` +
          `was changed`,
      );
    }
    if (!this.options.staged) await this.commit();
  }
}

export const exists = (path: string): Promise<boolean> =>
  stat(path).then(
    () => true,
    () => false,
  );

async function versionOf(path: string): Promise<Version> {
  const info = await stat(path).catch(() => null);
  return info && { size: info.size, mtimeMs: info.mtimeMs, ino: info.ino };
}

const changed = (path: string) =>
  new Error(
    `${path} was changed by another program while this command worked; nothing was saved (run the command again on ` +
      `the new file)`,
  );

const sameVersion = (a: Version, b: Version) =>
  a === null || b === null ? a === b : a.size === b.size && a.mtimeMs === b.mtimeMs && a.ino === b.ino;

/**
 * Writes PLAN.json's pieces (core/plan/json-pieces.ts) one after another, so that no string or buffer as large as
 * the file is made: the base64 pieces (odd places) as Latin-1, which Node writes from the string's own bytes.
 */
export function writePieces(path: string, pieces: readonly string[]): void {
  const fd = openSync(path, 'w');
  try {
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i],
        encoding = i % 2 === 1 ? 'latin1' : 'utf8';
      const size = Buffer.byteLength(piece, encoding);
      const written = writeSync(fd, piece, null, encoding);
      // A short write (a full disk says so on the next write): the rest from the piece's bytes.
      for (let done = written, rest = done < size ? Buffer.from(piece, encoding) : null; rest && done < size;)
        done += writeSync(fd, rest, done, size - done);
    }
  } finally {
    closeSync(fd);
  }
}

/** Writes `text` (or bytes) to a temporary file beside `path`, then renames it: the file is whole or unchanged. */
export async function writeWhole(path: string, text: string | Uint8Array): Promise<void> {
  const tmp = `${path}.${process.pid}.tmp`;
  const forget = removeOnExit(tmp);
  try {
    await writeFile(tmp, text);
    await rename(tmp, path);
  } finally {
    await unlink(tmp).catch(() => {});
    forget();
  }
}
