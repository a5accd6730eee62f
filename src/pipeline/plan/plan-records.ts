// The plan worker's side of storage: a plan is written and read here, on the worker's own IndexedDB
// connection (storage/open-store.ts, the same database as the page's), so that neither the structured
// clone of a 10^6-beneficiary register nor its key check ever runs on the page's thread. The writes
// are the store's own (one transaction per plan and week: nothing is half-saved).
import { packIds, unpackPlan, type PackedIds, type PackedPlan } from '../../core/plan/packed-plan.ts';
import type { PlanSettings } from '../../core/plan/plan-settings.ts';
import type { PlanState } from '../../core/plan/plan-state.ts';
import type { WeeklyList } from '../../core/plan/weekly-list.ts';
import { planListing } from '../../core/plan/plan-record.ts';
import type { PlanListing, PlanPolicySource, PlanRecord, PlanWeekRecord } from '../../core/plan/plan-record.ts';

/** Who a plan is, apart from its register: what the page keeps of an open plan. */
export interface PlanMeta {
  id: string;
  name: string;
  createdAt: number;
  updatedAt: number;
  policy: PlanPolicySource;
}

/** The page's view of an open plan: its listing and settings (never the register). */
export interface PlanHead extends PlanListing {
  settings: PlanSettings;
}

/** Packed ids per register's ids: a new list on the same register packs them once. */
const packed = new WeakMap<readonly string[], PackedIds>();

export function planRecord(meta: PlanMeta, plan: PlanState): PlanRecord {
  const { ids } = plan.register;
  let p = packed.get(ids);
  if (!p) packed.set(ids, (p = packIds(ids)));
  const out: PackedPlan = { ...plan, register: { ...plan.register, ids: p } };
  return { ...meta, plan: out };
}

export function weekRecord(planId: string, list: WeeklyList, now: number): PlanWeekRecord {
  return { planId, week: list.week, createdAt: now, list };
}

export function planHead(meta: PlanMeta, plan: PlanState): PlanHead {
  return { ...planListing(planRecord(meta, plan)), settings: plan.settings };
}

/** The meta and the unpacked plan of a stored record. */
export function fromRecord({ plan, ...meta }: PlanRecord): { meta: PlanMeta; plan: PlanState } {
  const state = unpackPlan(plan);
  packed.set(state.register.ids, plan.register.ids);
  return { meta, plan: state };
}
