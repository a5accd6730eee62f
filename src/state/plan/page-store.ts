// What the Plan screen keeps in the page's store (not the plan worker's), apart from PlanSession so that
// the session keeps to its steps: the policies and populations to plan from, a register saved as a
// population, and the setup kept across a reload (under `plan-draft`).
import type { Instance } from '../../core/instance/types.ts';
import type { PopulationRecord } from '../../storage/records.ts';
import type { Store } from '../../storage/store.ts';
import { runRepository, type AnyRunRecord } from '../run-records.ts';
import { PLAN_DRAFT_KEY, readDraft, type PlanDraft } from './plan-draft.ts';
import { policyOptions, type PolicyOption } from './policy-options.ts';

/** The policies to plan with (the saved runs' candidates) and the populations saved on the Data screen. */
export async function planChoices(
  store: () => Store,
): Promise<{ options: PolicyOption[]; populations: PopulationRecord[] }> {
  const runs = runRepository(store);
  const ofRun = async (run: AnyRunRecord) => policyOptions(run, await runs.candidates(run));
  const options = (await Promise.all((await runs.list()).map(ofRun))).flat();
  return { options, populations: await store().listPopulations() };
}

/** Saves `instance` (a register as a population) under `id`: saved again, it is replaced. */
export async function savePopulation(
  store: () => Store,
  id: string,
  name: string,
  instance: Instance,
  now: number,
): Promise<PopulationRecord> {
  const record = { id, name, createdAt: now, instance };
  await store().putPopulation(record);
  return record;
}

/** The setup kept from before a reload (null: none, or the store refused). */
export async function loadPlanDraft(store: () => Store): Promise<PlanDraft | null> {
  return readDraft(
    await store()
      .getSetting(PLAN_DRAFT_KEY)
      .catch(() => undefined),
  );
}

/** Keeps the setup (a snapshot: files as Blobs); null forgets it; a refusal of the store loses only the snapshot. */
export async function savePlanDraft(store: () => Store, draft: PlanDraft | null): Promise<void> {
  await store()
    .putSetting(PLAN_DRAFT_KEY, draft)
    .catch(() => {});
}
