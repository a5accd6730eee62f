// The plan worker's side of storage: a plan is written and read here, on the worker's own IndexedDB
// connection (storage/open-store.ts, the same database as the page's), so that neither the structured
// clone of a 10^6-beneficiary register nor its key check ever runs on the page's thread. The writes
// are the store's own (one transaction per plan and week: nothing is half-saved).
import { headRecord as headOf, type PlanHeadRecord } from '../../core/plan/plan-parts.ts';
import type { PlanState } from '../../core/plan/plan-state.ts';
import type { PlanMeta, PlanRecord } from '../../core/plan/plan-record.ts';

export type { PlanMeta } from '../../core/plan/plan-record.ts';

/** The page's view of an open plan: its listing and settings (never the register). */
export type PlanHead = PlanHeadRecord;

/** The stored form of a plan. */
export function planRecord(meta: PlanMeta, plan: PlanState): PlanRecord {
  return { ...meta, plan };
}

/** The head: the plan's listing and settings, without its register. */
export function planHead(meta: PlanMeta, plan: PlanState): PlanHead {
  return headOf({ ...meta, plan });
}

/** The meta and the plan of a stored record. */
export function fromRecord({ plan, ...meta }: PlanRecord): { meta: PlanMeta; plan: PlanState } {
  return { meta, plan };
}
