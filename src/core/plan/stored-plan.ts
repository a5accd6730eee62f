// A plan as it is stored, in IndexedDB records and in PLAN.json alike: the register once, as it was
// when the plan began (ids, features as packed typed columns, the history up to the plan's first
// week as bit planes), and one record per week: its list (the arms in rank order), and once applied
// its outcomes and what they changed (the calls made that week, the states after it). A week's
// outcomes add a week record and never rewrite the register: at 10^6 beneficiaries and 10^5 calls
// a week, about 1 MB instead of the whole plan.
//
// The register can grow: mothers who join with a week are stored with that week's change (their ids,
// features and carried values; their state now is in the week's states), never in the register
// record, which keeps the arms the plan began with. A week's calls cover the arms before it, its
// states after it the arms after it.
//
// Packing is cached per typed array (registers and history weeks are never changed in place), so a
// plan read and written again, or written once more after a week, packs only what is new.
import { bitsFor, packFeatures, packStates, type PackedColumn, type PackedPlane } from './bit-columns.ts';
import { firstOf, planeBetween } from './bit-plane.ts';
import { packedWeek, type WeekStates } from './week-states.ts';
import type { FeatureTable } from '../instance/feature-table.ts';
import { sliceIds, type PackedIds } from './packed-ids.ts';
import type { PlanMeta, PlanRecord } from './plan-record.ts';
import type { PlanSettings } from './plan-settings.ts';
import type { PlanState, WeekRecord } from './plan-state.ts';
import type { Register } from './register.ts';

/** Weeks firstWeek .. firstWeek + states.length - 1 (the last: the plan's first week); calls of all but the last. */
export interface StoredHistory {
  firstWeek: number;
  states: PackedPlane[];
  called: Uint8Array[];
}

export type StoredRegister = Omit<Register, 'features' | 'history'> & {
  /** One per schema column, in the narrowest exact form (bit-columns.ts). */
  features: PackedColumn[];
  history: StoredHistory;
};

/** What a week's outcomes changed: the calls made that week (a bit plane) and every state after it. */
export interface WeekChange {
  called: Uint8Array;
  states: PackedPlane;
  /** Mothers who joined with the week, appended after the arms before it (absent: none). */
  joined?: StoredJoined;
}

/** New mothers as stored: ids, features (packed as the register's) and, per carried column, their values. */
export interface StoredJoined {
  ids: PackedIds;
  features: PackedColumn[];
  carry?: PackedIds[];
}

/** The arms a plan began with: its register's now, less those who joined with its applied weeks. */
export function armsAtStart(plan: Pick<PlanState, 'register' | 'weeks'>): number {
  return plan.register.numArms - plan.weeks.reduce((n, w) => n + (w.outcomes?.joined ?? 0), 0);
}

/** The beneficiaries from..to of a feature table (views, not copies). */
const rowsBetween = (t: FeatureTable, from: number, to: number): FeatureTable => ({
  numArms: to - from,
  columns: t.columns.map((c) => (ArrayBuffer.isView(c) ? c.subarray(from, to) : planeBetween(c, from, to))),
});

/** The first `n` of a column (itself when it has n). */
const first = <T extends Uint8Array | Float64Array>(a: T, n: number): T =>
  a.length === n ? a : (a.subarray(0, n) as T);

/** A week of the plan: its record (PlanState.weeks) and, once its outcomes are applied, their change. */
export interface StoredWeek extends WeekRecord {
  change: WeekChange | null;
}

export interface StoredPlan {
  meta: PlanMeta;
  settings: PlanSettings;
  register: StoredRegister;
  weeks: StoredWeek[];
}

/** Bits per stored state: 1 for 2 states. */
export const stateWidth = (numStates: number): number => Math.max(1, bitsFor(numStates - 1));

const featureCache = new WeakMap<FeatureTable, PackedColumn[]>();
const stateCache = new WeakMap<Uint8Array, { width: number; plane: PackedPlane }>();

export function storedPlan(record: PlanRecord): StoredPlan {
  const { plan, ...meta } = record;
  return {
    meta,
    settings: plan.settings,
    register: storedRegister(plan),
    weeks: plan.weeks.map((_, k) => storedWeek(plan, k)),
  };
}

/** The register as the plan began: its history up to the plan's first week. */
export function storedRegister(plan: PlanState): StoredRegister {
  const { features, history, ...rest } = plan.register;
  const base = plan.weeks[0].week - history.firstWeek + 1;
  const width = stateWidth(rest.numStates);
  const N = armsAtStart(plan),
    S = rest.numStates;
  const grown = N < rest.numArms;
  const start = grown
    ? {
        numArms: N,
        ids: sliceIds(rest.ids, 0, N),
        transitions: rest.transitions && first(rest.transitions, N * S * 2 * S),
        ...(rest.carry && {
          carry: rest.carry.map((k) => ({ ...k, values: sliceIds(k.values, 0, N) })),
        }),
      }
    : {};
  return {
    ...rest,
    ...start,
    features: grown ? packFeatures(rowsBetween(features, 0, N)) : packedFeatures(features),
    history: {
      firstWeek: history.firstWeek,
      states: history.states.slice(0, base).map((s) => packedStates(s, N, width)),
      called: history.called.slice(0, base - 1).map((c) => firstOf(c, N).bits),
    },
  };
}

/** Week k of the plan as stored: its record, and its change once applied. */
export function storedWeek(plan: PlanState, k: number): StoredWeek {
  const week = plan.weeks[k];
  if (!week.outcomes) return { ...week, change: null };
  const { history, numStates } = plan.register;
  const i = week.week - history.firstWeek;
  let before = armsAtStart(plan);
  for (let j = 0; j < k; j++) before += plan.weeks[j].outcomes?.joined ?? 0;
  const n = week.outcomes.joined ?? 0,
    after = before + n;
  const change: WeekChange = {
    called: firstOf(history.called[i], before).bits,
    states: packedStates(history.states[i + 1], after, stateWidth(numStates)),
  };
  if (n) {
    const r = plan.register;
    const slice = (ids: PackedIds) => sliceIds(ids, before, after);
    change.joined = {
      ids: slice(r.ids),
      features: packFeatures(rowsBetween(r.features, before, after)),
      ...(r.carry && { carry: r.carry.map((c) => slice(c.values)) }),
    };
  }
  return { ...week, change };
}

/** Tells the caches what a restored plan's arrays pack to, so that writing it again packs nothing twice. */
export function rememberPacked(
  features: FeatureTable,
  columns: PackedColumn[],
  states: [Uint8Array, PackedPlane][],
  width: number,
): void {
  featureCache.set(features, columns);
  for (const [s, plane] of states) stateCache.set(s, { width, plane });
}

function packedFeatures(features: FeatureTable): PackedColumn[] {
  let columns = featureCache.get(features);
  if (!columns) featureCache.set(features, (columns = packFeatures(features)));
  return columns;
}

/** The first N states of a week, packed (a week of bits is its own packing: week-states.ts). */
function packedStates(week: WeekStates, N: number, width: number): PackedPlane {
  if (!ArrayBuffer.isView(week)) return packedWeek(week, N);
  const states = first(week, N);
  const hit = stateCache.get(states);
  if (hit && hit.width === width) return hit.plane;
  const plane = packStates(states, width);
  stateCache.set(states, { width, plane });
  return plane;
}
