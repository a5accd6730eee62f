// Mothers who join and leave: a real register is not fixed (Kilkari enrols new mothers every week).
// An enrolment appends beneficiaries (new ids, their features in the register's schema, their current
// state); their earlier weeks are MISSING, so the estimator gives them the prior until their own weeks
// arrive. An exit keeps her in the register and its history (what happened stays counted) and marks
// her as left, so she is never listed again. Columnar: one array per column, grown once per enrolment.
import { grownTo } from './bit-plane.ts';
import { appendTables, asTable } from '../instance/feature-table.ts';
import { MISSING, type History, type Register } from './register.ts';
import { grownWeek, weekBytes } from './week-states.ts';
import { findIds } from './id-flags.ts';
import { appendIds, type PackedIds } from './packed-ids.ts';

export interface Enrolment {
  ids: readonly string[];
  /** ids.length x numFeatures, row-major, in the register's schema (the reader maps the file's columns). */
  features: Float64Array;
  /** ids.length: her state now (0..S-1). */
  state: Uint8Array;
  /** For a register with given transitions: ids.length x S x 2 x S, else absent (estimated from her weeks). */
  transitions?: Float64Array;
  /** For messages: the file, and each row's line. */
  fileName: string;
  lines?: Int32Array;
}

const MAX_ERRORS = 20;

/** The register with the enrolments appended (a new register; the one given is not changed), or what is wrong. */
export type EnrolResult = { ok: true; register: Register; joined: number } | { ok: false; errors: string[] };

export function enrol(register: Register, enrolment: Enrolment): EnrolResult {
  const { numArms: N, numStates: S, schema } = register;
  const { ids, features, state, fileName } = enrolment;
  const n = ids.length,
    F = schema.columns.length;
  const errors: string[] = [];
  const where = (j: number) => `${fileName}${enrolment.lines ? `, line ${enrolment.lines[j]}` : `, row ${j + 1}`}`;
  const add = (message: string) => {
    if (errors.length < MAX_ERRORS) errors.push(message);
    else if (errors.length === MAX_ERRORS) errors.push('... and more errors; fix these first');
  };
  if (features.length !== n * F) {
    add(`${fileName}: ${features.length} feature values for ${n} enrolments of ${F} features each`);
  }
  if (state.length !== n) add(`${fileName}: ${state.length} states for ${n} enrolments`);
  if (register.transitions && enrolment.transitions?.length !== n * S * 2 * S) {
    const hers = `so each enrolment needs hers (${S * 2 * S} probabilities)`;
    add(`${fileName}: the register gives every beneficiary's transitions, ${hers}`);
  }
  if (errors.length) return { ok: false, errors };
  const trimmed = ids.map((id) => id.trim());
  const known = findIds(register.ids, trimmed).arm;
  const first = new Map<string, number>();
  trimmed.forEach((id, j) => {
    if (id === '') add(`${where(j)}: the id is empty`);
    else if (known[j] >= 0) add(`${where(j)}: "${id}" is already in the register; an enrolment needs a new id`);
    else if (first.has(id)) add(`${where(j)}: "${id}" is enrolled twice (also ${where(first.get(id)!)})`);
    else first.set(id, j);
    if (!(state[j] < S)) add(`${where(j)}: state ${state[j]} is out of range (states are 0..${S - 1})`);
    for (let f = 0; f < F; f++) {
      const name = schema.columns[f].name;
      if (!Number.isFinite(features[j * F + f])) add(`${where(j)}: the feature "${name}" is not a number`);
    }
  });
  if (enrolment.transitions && register.transitions) {
    for (let row = 0; row < n * S * 2; row++) {
      let sum = 0;
      for (let t = 0; t < S; t++) sum += enrolment.transitions[row * S + t];
      if (Math.abs(sum - 1) > 1e-6) {
        const j = Math.floor(row / (S * 2));
        add(`${where(j)}: her transition probabilities from one state and action add up to ${sum}, not 1`);
        break;
      }
    }
  }
  if (errors.length) return { ok: false, errors };
  const grow = (column: Uint8Array, fill: number) => {
    const out = new Uint8Array(N + n).fill(fill, N);
    out.set(column);
    return out;
  };
  const { states, called } = register.history;
  const last = states.length - 1;
  const history: History = {
    firstWeek: register.history.firstWeek,
    states: states.map((s, w) => {
      if (w !== last) return grownWeek(s, N + n);
      const out = grow(weekBytes(s), MISSING);
      out.set(state, N);
      return out;
    }),
    called: called.map((c) => grownTo(c, N + n)),
  };
  const allFeatures = appendTables(register.features, asTable(features, n, F));
  let transitions: Float64Array | null = null;
  if (register.transitions) {
    transitions = new Float64Array((N + n) * S * 2 * S);
    transitions.set(register.transitions);
    transitions.set(enrolment.transitions!, N * S * 2 * S);
  }
  return {
    ok: true,
    joined: n,
    register: {
      ...register,
      numArms: N + n,
      ids: appendIds(register.ids, trimmed),
      features: allFeatures,
      transitions,
      history,
    },
  };
}

/**
 * Marks the ids as left (delivered, moved, opted out): `left` (numArms, 1 = left) grows by the new ones.
 * Unknown ids and ids already left are returned, not errors: a file of exits may repeat last week's.
 */
export interface Exits {
  left: Uint8Array;
  count: number;
  unknown: string[];
  already: string[];
}

export function exitArms(ids: PackedIds, left: Uint8Array, exits: readonly string[]): Exits {
  const trimmed = exits.map((id) => id.trim());
  const { arm: position } = findIds(ids, trimmed);
  const out = left.slice();
  const unknown: string[] = [],
    already: string[] = [];
  let count = 0;
  for (let k = 0; k < trimmed.length; k++) {
    const id = trimmed[k],
      arm = position[k];
    if (arm < 0) unknown.push(id);
    else if (out[arm]) already.push(id);
    else {
      out[arm] = 1;
      count++;
    }
  }
  return { left: out, count, unknown, already };
}

/** `left` for a register grown by enrolments (the new ones have not left). */
export function growLeft(left: Uint8Array, numArms: number): Uint8Array {
  const out = new Uint8Array(numArms);
  out.set(left.subarray(0, Math.min(left.length, numArms)));
  return out;
}
