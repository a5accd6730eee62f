// A plan travels as PLAN.json, the one plan file format (core/plan/plan-json.ts): the app exports
// what `allot plan --state` reads and writes, and imports it back. An import never overwrites a saved
// plan unless asked: a plan with the same id is replaced only on request, or imported as a copy under
// a new id. A damaged saved plan still exports what can be read: the plan as of its last readable
// week when its register is whole, else its records as they are, for repair.
import { base64, type Base64Codec } from '../../core/plan/base64.ts';
import { encodeTyped } from '../../core/plan/typed-base64.ts';
import { planFileText, readPlanFile } from '../../core/plan/plan-json.ts';
import { planFromParts, headRecord, savedPlanName } from '../../core/plan/plan-parts.ts';
import { newPlanId, type PlanListing, type PlanRecord, type PlanStore } from '../../core/plan/plan-record.ts';
import { PlanReadError } from '../../core/plan/restore-plan.ts';

/** A store that can also hand out a plan's records as they are (IndexedDB and memory stores; not PLAN.json). */
export interface RecordStore extends PlanStore {
  planRecords?(id: string): Promise<{ head: unknown; register: unknown; weeks: unknown[] }>;
}

export interface ExportedPlan {
  fileName: string;
  text: string;
  /** Set when the plan was damaged: what the file holds instead of the whole plan. */
  partial: string | null;
}

export type PlanImportResult =
  | { ok: true; listing: PlanListing }
  | { ok: false; errors: string[] }
  /** A saved plan has the file's id: replace it, or import the file as a copy. */
  | { ok: false; errors: []; exists: { name: string; savedWeek: number | null; fileWeek: number } };

const slug = (name: string) => name.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^-+|-+$/g, '') || 'plan';
const currentWeekOf = (record: PlanRecord) => record.plan.weeks[record.plan.weeks.length - 1].week;

/** PLAN.json of a saved plan; a damaged one gives what can still be read (`partial` says what). */
export async function exportPlan(store: RecordStore, id: string, codec?: Base64Codec): Promise<ExportedPlan> {
  try {
    const record = await store.getPlan(id);
    if (!record) throw new Error(`There is no saved plan "${id}".`);
    return {
      fileName: `${slug(record.name)}-week-${currentWeekOf(record)}.json`,
      text: planFileText(record, codec),
      partial: null,
    };
  } catch (error) {
    if (!(error instanceof PlanReadError) || !store.planRecords) throw error;
    return salvage(store.planRecords(id), id, error, codec);
  }
}

async function salvage(
  records: ReturnType<NonNullable<RecordStore['planRecords']>>,
  id: string,
  damage: PlanReadError,
  codec?: Base64Codec,
): Promise<ExportedPlan> {
  const { head, register, weeks } = await records;
  // The longest run of readable weeks, the last of them made the current one again.
  for (let k = weeks.length - 1; k >= 1; k--) {
    const kept = weeks
      .slice(0, k)
      .map((w, i) => (i === k - 1 ? { ...(w as object), outcomes: null, change: null } : w));
    try {
      const record = planFromParts(id, head, register, kept);
      const week = currentWeekOf(record);
      return {
        fileName: `${slug(record.name)}-week-${week}.json`,
        text: planFileText(record, codec),
        partial: `the plan as of week ${week}: ${damage.message}`,
      };
    } catch {
      // fewer weeks, or nothing readable
    }
  }
  const replacer = (_: string, v: unknown) =>
    v instanceof Uint8Array || v instanceof Int32Array || v instanceof Float64Array || v instanceof Uint32Array
      ? { [v.constructor.name]: encodeTyped(v as Uint8Array, codec ?? base64) }
      : v;
  const text = JSON.stringify(
    { format: 'allot-plan-damaged', problem: damage.message, head, register, weeks },
    replacer,
  );
  return {
    fileName: `${slug(savedPlanName(head, id).replace(/^the saved plan /, ''))}-damaged.json`,
    text,
    partial: `the saved records as they are, for repair: ${damage.message}`,
  };
}

/**
 * Saves the plan a PLAN.json holds (any version). A saved plan with the same id is replaced only with
 * `replace`, or the file is imported under a new id with `asCopy`; else the caller is asked.
 */
export async function importPlan(
  store: PlanStore,
  text: string,
  fileName: string,
  options: { replace?: boolean; asCopy?: boolean; now: number; random: () => number; codec?: Base64Codec },
): Promise<PlanImportResult> {
  const { now, random } = options;
  let record: PlanRecord;
  try {
    record = readPlanFile(
      text,
      fileName,
      {
        id: newPlanId(now, random),
        name: fileName.replace(/\.json$/i, ''),
        createdAt: now,
        updatedAt: now,
        policy: { kind: 'typed' },
      },
      options.codec,
    );
  } catch (error) {
    if (error instanceof PlanReadError) return { ok: false, errors: [error.message] };
    throw error;
  }
  let saved: PlanRecord | undefined;
  try {
    saved = await store.getPlan(record.id);
  } catch (error) {
    if (!(error instanceof PlanReadError)) throw error;
    saved = undefined; // a damaged plan with this id: the import may replace it, when asked
    if (!options.replace && !options.asCopy)
      return { ok: false, errors: [], exists: { name: record.name, savedWeek: null, fileWeek: currentWeekOf(record) } };
  }
  if (saved && !options.replace && !options.asCopy)
    return {
      ok: false,
      errors: [],
      exists: { name: saved.name, savedWeek: currentWeekOf(saved), fileWeek: currentWeekOf(record) },
    };
  if (options.asCopy) record = { ...record, id: newPlanId(now, random), name: `${record.name} (copy)` };
  await store.createPlan(record, { replace: options.replace === true });
  const { settings: _, ...listing } = headRecord(record);
  return { ok: true, listing };
}
