// The records a store keeps for one plan, the same in IndexedDB and in the memory store: its head
// (the listing and the settings: small, read to list plans), its register (written once, when the
// plan is made or imported) and one record per week (stored-plan.ts). Applying a week writes the
// head and two week records; a new list for the current week writes the head and one.
import type { PlanListing, PlanRecord, PlanWeekUpdate } from './plan-record.ts';
import type { PlanSettings } from './plan-settings.ts';
import { restorePlan } from './restore-plan.ts';
import { storedPlan, storedWeek, type StoredRegister, type StoredWeek } from './stored-plan.ts';

/** The 'plans' record: what lists the plan, and its settings. */
export interface PlanHeadRecord extends PlanListing {
  settings: PlanSettings;
}

/** The 'plan-registers' record. */
export interface PlanRegisterRecord {
  id: string;
  register: StoredRegister;
}

/** A 'plan-weeks' record, keyed [planId, week]. */
export interface PlanWeekRecord extends StoredWeek {
  planId: string;
}

export function headRecord({ plan, ...meta }: PlanRecord): PlanHeadRecord {
  return {
    ...meta,
    numArms: plan.register.numArms,
    reward: plan.settings.reward,
    budget: plan.settings.budget,
    settings: plan.settings,
    weeks: plan.weeks.map((w) => ({ week: w.week, applied: w.outcomes !== null })),
  };
}

/** Every record of a plan (a new or imported plan). */
export function planParts(record: PlanRecord): {
  head: PlanHeadRecord;
  register: PlanRegisterRecord;
  weeks: PlanWeekRecord[];
} {
  const stored = storedPlan(record);
  return {
    head: headRecord(record),
    register: { id: record.id, register: stored.register },
    weeks: stored.weeks.map((w) => ({ ...w, planId: record.id })),
  };
}

/** The records a new list for the current week changes. */
export function currentWeekParts(record: PlanRecord): { head: PlanHeadRecord; weeks: PlanWeekRecord[] } {
  const k = record.plan.weeks.length - 1;
  return { head: headRecord(record), weeks: [{ ...storedWeek(record.plan, k), planId: record.id }] };
}

/** The records applying a week changes: the head, the week applied (with what it changed) and the next week's list. */
export function appliedWeekParts({ plan }: PlanWeekUpdate): { head: PlanHeadRecord; weeks: PlanWeekRecord[] } {
  const n = plan.plan.weeks.length;
  return {
    head: headRecord(plan),
    weeks: [n - 2, n - 1].map((k) => ({ ...storedWeek(plan.plan, k), planId: plan.id })),
  };
}

/** How a saved plan is named in messages. */
export function savedPlanName(head: unknown, id: string): string {
  const name = (head as { name?: unknown } | null)?.name;
  return typeof name === 'string' && name !== '' ? `the saved plan "${name}"` : `the saved plan ${id}`;
}

/**
 * The plan that stored records hold, checked (PlanReadError names "the saved plan ..." and the field). Weeks in key
 * order.
 */
export function planFromParts(id: string, head: unknown, register: unknown, weeks: unknown[]): PlanRecord {
  const h = (head ?? {}) as Partial<PlanHeadRecord>;
  const meta = { id: h.id, name: h.name, createdAt: h.createdAt, updatedAt: h.updatedAt, policy: h.policy };
  return restorePlan(
    { meta, settings: h.settings, register: (register as { register?: unknown } | null)?.register, weeks },
    savedPlanName(head, id),
  );
}

/**
 * The listings of saved plans, most recently updated first: each head without its settings, or, when
 * a head is not what a listing must be, the plan marked damaged with what is wrong (never a raw error).
 */
export function sortedListings(heads: unknown[]): PlanListing[] {
  const listings = heads.map((raw): PlanListing => {
    const h = (raw ?? {}) as Partial<PlanHeadRecord>;
    const id = typeof h.id === 'string' ? h.id : String(h.id);
    const ok =
      typeof h.name === 'string' &&
      Number.isFinite(h.createdAt) &&
      Number.isFinite(h.updatedAt) &&
      Number.isInteger(h.numArms) &&
      typeof h.reward === 'string' &&
      Number.isFinite(h.budget) &&
      Array.isArray(h.weeks) &&
      h.weeks.every((w) => Number.isSafeInteger(w?.week) && typeof w?.applied === 'boolean') &&
      typeof h.policy === 'object' &&
      h.policy !== null;
    if (ok) {
      const { settings: _, ...listing } = h as PlanHeadRecord;
      return listing;
    }
    return {
      id,
      name: typeof h.name === 'string' ? h.name : '',
      createdAt: Number(h.createdAt) || 0,
      updatedAt: Number(h.updatedAt) || 0,
      policy: { kind: 'typed' },
      numArms: Number(h.numArms) || 0,
      reward: typeof h.reward === 'string' ? h.reward : '',
      budget: Number(h.budget) || 0,
      weeks: [],
      damaged: typeof h.damaged === 'string' ? h.damaged : `${savedPlanName(raw, id)}: its listing is not readable`,
    };
  });
  return listings.sort((a, b) => b.updatedAt - a.updatedAt);
}
