// The register: a program's beneficiaries as a plan sees them. Each has an id, features (in an
// Instance's FeatureSchema, numeric ones banded into groups by band-numeric.ts), her current state,
// and either her transitions (given by the file) or an engagement history from which they are
// estimated (estimate-transitions.ts). A register compiles to an Instance (registerToInstance), so the
// reward compiler and the engine work on it unchanged.
//
// Layouts are columnar, so that a register of 10^6 beneficiaries holds no object per person:
//   features:    a column per feature, each in its narrowest exact type (feature-table.ts)
//   transitions: numArms x numStates x 2 x numStates (as Instance.transitions), or null when estimated
//   history:     each week's states (week-states.ts: two states as a plan file's bits, else a byte each)
//                and its calls as a bit plane (bit-plane.ts) (week-major, so a new week appends without copying)
import { createInstance } from '../instance/create-instance.ts';
import { asTable, rowMajor, type FeatureTable } from '../instance/feature-table.ts';
import { bandNumericFeatures } from './band-numeric.ts';
import type { ColumnMapping, ColumnReport } from '../datasets/column-mapping.ts';
import type { FeatureSchema, Instance, Provenance } from '../instance/types.ts';
import { packIds, unpackIds, type PackedIds } from './packed-ids.ts';
import { zeroPlane, type BitPlane } from './bit-plane.ts';
import { anyMissing, stateAt, weekBytes, type WeekStates } from './week-states.ts';

/** A state not observed that week. */
export const MISSING = 255;

/**
 * Weeks firstWeek .. firstWeek + states.length - 1. stateAt(states[w], arm) is her state at the start of that
 * week (MISSING when unknown); bitAt(called[w], arm) is 1 when she was called during that week. The
 * transition of week w is states[w] --called[w]--> states[w + 1]. The last week's state is the current state.
 */
export interface History {
  firstWeek: number;
  states: WeekStates[];
  called: BitPlane[];
}

export interface Register {
  numArms: number;
  numStates: number;
  ids: PackedIds;
  schema: FeatureSchema;
  features: FeatureTable;
  /** Given transitions (numArms x S x 2 x S), or null: estimated from the history. */
  transitions: Float64Array | null;
  /** The engagement history (at least one week: the current one, whose states are the current states). */
  history: History;
  /** Calls per week, discount and planning horizon (the horizon only matters for simulations). */
  budget: number;
  discount: number;
  horizon: number;
  provenance: Provenance;
  warnings: string[];
  /** Columns she marked "carry" (name, phone, village): not features; her values travel into the call list. */
  carry?: CarryColumn[];
  /** What the reader did with every column of her files (registers read from files). */
  columns?: ColumnReport[];
  /** Her mapping as used (the column names, the state's labels): the week's outcomes are read the same way. */
  mapping?: ColumnMapping;
}

/** A carried column: its name as she wrote it, and each beneficiary's value (packed like the ids). */
export interface CarryColumn {
  name: string;
  values: PackedIds;
}

/**
 * numArms: the current state of each beneficiary: her state in the last week of the history, or, when
 * it was not observed (the week's outcomes had no row for her), her last observed state.
 */
export function currentState(register: Pick<Register, 'history'>): Uint8Array {
  const { states } = register.history;
  const last = states[states.length - 1];
  if (ArrayBuffer.isView(last) && !last.includes(MISSING)) return last;
  const whole = !anyMissing(last);
  // a week of bits all observed: its bytes made once and kept (the list's caches know the states by identity)
  if (whole && !ArrayBuffer.isView(last)) {
    let bytes = lastBytes.get(last);
    if (!bytes) lastBytes.set(last, (bytes = weekBytes(last)));
    return bytes;
  }
  // a fresh copy: the last week's states as bytes, each unobserved one her last observed
  const state = ArrayBuffer.isView(last) ? last.slice() : weekBytes(last);
  for (let arm = 0; arm < state.length; arm++) {
    for (let w = states.length - 2; state[arm] === MISSING && w >= 0; w--) state[arm] = stateAt(states[w], arm);
  }
  return state;
}

const lastBytes = new WeakMap<object, Uint8Array>();

/** The week the next list is for: the last week of the history (its calls are what the plan decides). */
export function currentWeek(history: History): number {
  return history.firstWeek + Math.max(0, history.states.length - 1);
}

/** A history of no weeks but the current one: the current state alone (a register from a wide CSV). */
export function historyOfState(state: Uint8Array, week = 1): History {
  return { firstWeek: week, states: [state.slice()], called: [zeroPlane(state.length)] };
}

/**
 * The register as an Instance with the given transitions (its own when given, or posterior means):
 * every arm starts in her current state, so simulations and indices see the program as it is now.
 */
export function registerToInstance(
  register: Register,
  transitions: Float64Array = register.transitions ?? missingTransitions(),
): Instance {
  const { numArms: N, numStates: S } = register;
  const initial = new Float64Array(N * S);
  const state = currentState(register);
  for (let arm = 0; arm < N; arm++) initial[arm * S + state[arm]] = 1;
  // Every array is fresh, so the instance takes them as they are (adopt): a row-major table of 10^6 x F
  // doubles is made once, not made and copied.
  return createInstance(
    {
      numArms: N,
      numStates: S,
      ids: unpackIds(register.ids),
      transitions: Float64Array.from(transitions),
      schema: register.schema,
      features: rowMajor(register.features),
      initial,
      budget: Math.min(register.budget, N),
      horizon: register.horizon,
      discount: register.discount,
      provenance: register.provenance,
    },
    { adopt: true },
  );
}

function missingTransitions(): never {
  throw new Error(
    'this register has no given transitions: estimate them from its history (estimateFromHistory) and pass the ' +
      'posterior means',
  );
}

/**
 * A register from a population with given transitions and no current states (an instance JSON, a
 * population CSV without a `state` column): each beneficiary's current state is drawn from her initial
 * distribution with `randomNext` (seeded), and a warning says so.
 */
export function registerFromInstance(instance: Instance, budget: number, randomNext: () => number): Register {
  const { numArms: N, numStates: S } = instance;
  const state = new Uint8Array(N);
  for (let arm = 0; arm < N; arm++) {
    let u = randomNext(),
      s = 0;
    while (s < S - 1 && u >= instance.initial[arm * S + s]) u -= instance.initial[arm * S + s++];
    state[arm] = s;
  }
  return {
    numArms: N,
    numStates: S,
    ids: packIds(instance.ids),
    schema: bandNumericFeatures(instance.schema, instance.features, N),
    features: asTable(instance.features, N, instance.schema.columns.length),
    transitions: instance.transitions,
    history: historyOfState(state),
    budget,
    discount: instance.discount,
    horizon: instance.horizon,
    provenance: instance.provenance,
    warnings: [
      ...instance.warnings,
      "the population has no current states: each beneficiary's state was drawn from her initial distribution " +
        '(seeded); give a state column to use the real ones',
    ],
  };
}
