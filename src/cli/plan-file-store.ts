// PLAN.json as the plan use-case's store (core/plan/plan-record.ts: PlanStore), so that `allot plan`
// runs the same WeeklyPlan as the app's plan worker: one file holds one plan, written whole or not at
// all (writeWhole), under the same rules the app's IndexedDB store applies before it writes (a list is
// the plan's current week's; a week's outcomes are the next week's, or replace the last one).
import { readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { checkCurrentWeek, checkNotApplied, checkPlanWeek, planListing, type PlanListing, type PlanRecord, type PlanStore, type PlanWeekRecord, type PlanWeekUpdate } from '../core/plan/plan-record.ts';
import { parsePlanRecordJson, planRecordToJson } from '../core/plan/plan-json.ts';

export class PlanFileStore implements PlanStore {
  constructor(readonly path: string) {}

  async getPlan(id: string): Promise<PlanRecord | undefined> {
    const record = await this.read();
    return record && record.id === id ? record : undefined;
  }

  /** The plan in the file (undefined when there is no file); errors name the file and the field. */
  async read(): Promise<PlanRecord | undefined> {
    const text = await readFile(this.path, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw new Error(`cannot read ${this.path}: ${error.message}`);
    });
    if (text === undefined) return undefined;
    // A version-1 file has no meta: it is named after its file.
    return parsePlanRecordJson(text, this.path, { id: 'plan-file', name: basename(this.path).replace(/\.json$/i, ''), createdAt: 0, updatedAt: 0, policy: { kind: 'typed' } });
  }

  async savePlan(plan: PlanRecord, current: PlanWeekRecord): Promise<void> {
    checkCurrentWeek(plan, current);
    const stored = await this.read();
    if (stored && stored.id !== plan.id) throw new Error(`${this.path} already holds another plan ("${stored.name}"); nothing was changed`);
    checkNotApplied(stored && planListing(stored), current.week);
    await writeWhole(this.path, planRecordToJson(plan));
  }

  async listPlans(): Promise<PlanListing[]> {
    const record = await this.read();
    return record ? [planListing(record)] : [];
  }

  async applyPlanWeek({ plan, week, replace }: PlanWeekUpdate): Promise<void> {
    const stored = await this.getPlan(plan.id);
    checkPlanWeek(stored && planListing(stored), plan.id, week, replace);
    await writeWhole(this.path, planRecordToJson(plan));
  }

  async deletePlan(id: string): Promise<void> {
    if (await this.getPlan(id)) await unlink(this.path);
  }
}

export const exists = (path: string): Promise<boolean> => stat(path).then(() => true, () => false);

/** Writes `text` (or bytes) to a temporary file beside `path`, then renames it: the file is whole or unchanged. */
export async function writeWhole(path: string, text: string | Uint8Array): Promise<void> {
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, text);
  await rename(tmp, path);
}
