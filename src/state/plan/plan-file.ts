// A plan as PLAN.json, out of and into the plan worker's storage, apart from PlanSession so that the
// session keeps to its steps: the export (a damaged plan's file says what it holds) and the import, with
// its question when a saved plan has the file's id (replace it, or import a copy).
import type { PlanListing } from '../../core/plan/plan-record.ts';
import type { PlanClient } from '../../workers/plan/plan-client.ts';
import { ProblemList, runStep, type StepTarget } from './plan-step.ts';

/** A file whose plan has the id of a saved one: the question to answer (replace it, or import a copy). */
export interface ImportQuestion {
  file: Blob;
  fileName: string;
  name: string;
  savedWeek: number | null;
  fileWeek: number;
}

export interface PlanFileTarget extends StepTarget {
  plans: PlanListing[];
  importing: ImportQuestion | null;
}

/** PLAN.json of a saved plan; `partial` says what a damaged plan's file holds. */
export async function exportPlanFile(
  target: StepTarget,
  client: PlanClient,
  id: string,
): Promise<{ fileName: string; file: Blob; partial: string | null } | null> {
  let out: Awaited<ReturnType<PlanClient['exportPlan']>> | null = null;
  await runStep(target, 'Writing the plan file…', async () => void (out = await client.exportPlan(id)));
  return out;
}

/**
 * Saves the plan a PLAN.json holds; its id, or null on problems or a question (`target.importing`).
 * `close(id)`: the plan replaced is closed if it is open.
 */
export async function importPlanFile(
  target: PlanFileTarget,
  client: PlanClient,
  read: { file: Blob; fileName: string; options: { replace?: boolean; asCopy?: boolean }; now: number },
  close: (id: string) => void,
): Promise<string | null> {
  const { file, fileName, options, now } = read;
  target.importing = null;
  let id: string | null = null;
  await runStep(target, 'Reading the plan file…', async () => {
    const result = await client.importPlan(file, fileName, { ...options, now });
    if ('exists' in result) return void (target.importing = { file, fileName, ...result.exists });
    if (!result.ok) throw new ProblemList(result.errors);
    const saved = result.listing.id;
    id = saved;
    close(saved);
    target.plans = [result.listing, ...target.plans.filter((p) => p.id !== saved)];
  });
  return id;
}
