// A stored plan (stored-plan.ts: from IndexedDB records or a decoded PLAN.json) checked and turned
// back into the plan the use-case works on. Nothing in it is trusted: every field is checked for its
// type and range, lengths must agree with the register (numArms values, numStates states), weeks must
// follow each other, an applied week's counts must match the calls and states it recorded; sizes are
// checked before anything of that size is made, so no edit can make a read hang or run out of memory.
// Ids are normalized to Unicode NFC; two ids that become one are refused.
import { readFeatureSchema } from '../instance/read-feature-schema.ts';
import { validateSchema } from '../instance/create-instance.ts';
import type { FeatureSchema, Provenance } from '../instance/types.ts';
import { MAX_HORIZON, populationSizeProblem } from '../datasets/import-limits.ts';
import { unpackFeatures, unpackStates, type PackedPlane } from './bit-columns.ts';
import { packedBytes } from './bit-pack.ts';
import { asPlane, clearedTail, grownTo, zeroPlane, type BitPlane } from './bit-plane.ts';
import { anyMissing, grownWeek, stateAt, weekBytes, type WeekStates } from './week-states.ts';
import { checkColumn, checkJoined, type JoinedArms } from './restore-joined.ts';
import { appendTables } from '../instance/feature-table.ts';
import { appendIds, unpackIds } from './packed-ids.ts';
import { checkIds } from './restore-ids.ts';
import { checkMeta, checkOutcomes, checkPlanned, checkSettings, Checks, PlanReadError } from './plan-checks.ts';
import type { PlanRecord } from './plan-record.ts';
import { PLAN_FORMAT, PLAN_VERSION, type PlanState, type WeekRecord } from './plan-state.ts';
import { MISSING } from './register.ts';
import { checkCarry, checkColumnReport, checkMapping } from './restore-columns.ts';
import { rememberPacked, stateWidth } from './stored-plan.ts';

export { PlanReadError } from './plan-checks.ts';

/** The plan a stored plan holds, or PlanReadError naming `where` ("PLAN.json", "the saved plan ...") and the field. */
export function restorePlan(raw: unknown, where: string): PlanRecord {
  const c = new Checks(where);
  const s = c.object(raw, '');
  const meta = checkMeta(c, s.meta);
  const r = c.object(s.register, 'register');
  const N = c.whole(r.numArms, 'register.numArms', 1, 2 ** 31 - 1);
  const S = c.whole(r.numStates, 'register.numStates', 2, 255);
  const tooBig = populationSizeProblem(N, S);
  if (tooBig) c.fail('register.numArms', tooBig);
  const ids = checkIds(c, r.ids, N);
  const schema = checkSchema(c, r.schema);
  const F = schema.columns.length;
  const columns = c
    .list(r.features, 'register.features')
    .map((col, f) => checkColumn(c, col, `register.features[${f}]`, N));
  if (columns.length !== F) c.fail('register.features', `holds ${columns.length} columns, but the schema has ${F}`);
  const transitions = r.transitions === null ? null : checkTransitions(c, r.transitions, N, S);

  const width = stateWidth(S);
  const h = c.object(r.history, 'register.history');
  const firstWeek = c.safe(h.firstWeek, 'register.history.firstWeek');
  const baseStates = c.list(h.states, 'register.history.states', 100_000);
  if (baseStates.length < 1) c.fail('register.history.states', 'must hold at least one week (the current states)');
  const baseCalled = c.list(h.called, 'register.history.called', 100_000);
  if (baseCalled.length !== baseStates.length - 1)
    c.fail(
      'register.history.called',
      `holds ${baseCalled.length} weeks, expected ${baseStates.length - 1} (one per week but the last)`,
    );
  const planes: [WeekStates, PackedPlane][] = baseStates.map((p, w) =>
    checkStates(c, p, `register.history.states[${w}]`, N, S, width),
  );
  const calls: BitPlane[] = baseCalled.map((b, w) => checkBits(c, b, `register.history.called[${w}]`, N));

  const rawWeeks = c.list(s.weeks, 'weeks', 100_000);
  if (rawWeeks.length < 1) c.fail('weeks', 'must hold at least one week (the current one)');
  const firstPlanWeek = firstWeek + baseStates.length - 1;
  // Mothers who joined with a week come after the arms before it: n counts the arms so far.
  let seen = new Uint8Array(N),
    n = N;
  const joined: JoinedArms[] = [];
  const carried = Array.isArray(r.carry) ? r.carry.length : 0;
  let known: Set<string> | null = null;
  const weeks = rawWeeks.map((raw, k): WeekRecord => {
    const f = `weeks[${k}]`;
    const w = c.object(raw, f);
    const week = c.safe(w.week, `${f}.week`);
    if (week !== firstPlanWeek + k)
      c.fail(
        `${f}.week`,
        `is ${week}, but weeks follow each other from week ${firstPlanWeek} (the register's last week): expected ` +
          `${firstPlanWeek + k}`,
      );
    const budget = c.whole(w.budget, `${f}.budget`, 0, n);
    const planned = checkPlanned(c, w.planned, `${f}.planned`, n, budget, seen);
    const record: WeekRecord = {
      week,
      tieSeed: c.whole(w.tieSeed, `${f}.tieSeed`, 0, 2 ** 32 - 1),
      reward: c.text(w.reward, `${f}.reward`),
      budget,
      planned,
      outcomes: null,
    };
    const last = k === rawWeeks.length - 1;
    if (last) {
      if (w.outcomes !== null || w.change !== null)
        c.fail(`${f}.outcomes`, 'must be null: the last week is the current one, whose outcomes are not applied yet');
      return record;
    }
    const change = c.object(w.change, `${f}.change`);
    const called = checkBits(c, change.called, `${f}.change.called`, n);
    const outcomes = c.object(w.outcomes, `${f}.outcomes`);
    const more =
      outcomes.joined === undefined ? 0 : c.whole(outcomes.joined, `${f}.outcomes.joined`, 1, 2 ** 31 - 1 - n);
    if (more && change.joined === undefined)
      c.fail(`${f}.change.joined`, `is missing, but ${more} mothers joined with the week`);
    if (!more && change.joined !== undefined)
      c.fail(`${f}.outcomes.joined`, "is missing, but the week's change holds mothers who joined");
    if (more) {
      known ??= new Set(unpackIds(ids));
      joined.push(checkJoined(c, change.joined, `${f}.change.joined`, more, F, carried, known));
      n += more;
      const grown = new Uint8Array(n);
      grown.set(seen);
      seen = grown;
    }
    const after = checkStates(c, change.states, `${f}.change.states`, n, S, width);
    calls.push(called);
    planes.push(after);
    record.outcomes = checkOutcomes(c, w.outcomes, `${f}.outcomes`, {
      ...counts(called, after[0], S, seen),
      ...(more && { joined: more }),
    });
    return record;
  });
  // Every week's columns as long as the register now: the weeks before she joined are unobserved, uncalled.
  const states = planes.map(([x]) => grownWeek(x, n));
  // A week's outcomes may leave a state unobserved (a file of the called only): her current state is
  // then her last observed one, and some week must have observed it.
  const unknown = anyMissing(states[states.length - 1]);
  for (let arm = 0; unknown && arm < n; arm++) {
    let w = states.length - 1;
    while (w >= 0 && stateAt(states[w], arm) === MISSING) w--;
    if (w < 0)
      c.fail(
        rawWeeks.length > 1
          ? `weeks[${rawWeeks.length - 2}].change.states`
          : `register.history.states[${baseStates.length - 1}]`,
        `leaves beneficiary ${arm}'s current state unknown; every current state is needed`,
      );
  }

  const settings = checkSettings(c, s.settings, n);
  let features = unpackFeatures(columns, N);
  const bytes = planes.filter((p): p is [Uint8Array, PackedPlane] => ArrayBuffer.isView(p[0]) && p[0].length === n);
  rememberPacked(features, columns, bytes, width);
  // The calls stay bits, as the file has them (bit-plane.ts), and so do two states (week-states.ts).
  const history = { firstWeek, states, called: [...calls.map((x) => grownTo(x, n)), zeroPlane(n)] };
  let carry = checkCarry(c, r.carry, N);
  let allIds = ids;
  if (joined.length) {
    for (const j of joined) features = appendTables(features, j.features);
    allIds = appendIds(
      ids,
      joined.flatMap((j) => j.ids),
    );
    carry = carry?.map((k, i) => ({
      ...k,
      values: appendIds(
        k.values,
        joined.flatMap((j) => j.carry[i]),
      ),
    }));
  }
  const register = {
    numArms: n,
    numStates: S,
    ids: allIds,
    schema,
    features,
    transitions,
    history,
    budget: c.whole(r.budget, 'register.budget', 0, Number.MAX_SAFE_INTEGER),
    discount: discountOf(c, r.discount),
    horizon: c.whole(r.horizon, 'register.horizon', 1, MAX_HORIZON),
    provenance: c.object(r.provenance, 'register.provenance') as unknown as Provenance,
    warnings: c.list(r.warnings, 'register.warnings', 1000).map((x, i) => c.text(x, `register.warnings[${i}]`)),
    ...present({ carry, columns: checkColumnReport(c, r.columns), mapping: checkMapping(c, r.mapping) }),
  };
  const plan: PlanState = { format: PLAN_FORMAT, version: PLAN_VERSION, register, settings, weeks };
  return { ...meta, plan };
}

/** The fields that are there (a register without carried columns has no `carry`). */
function present<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * What a week's change says happened: calls made, planned calls made, engaged after, and the states
 * observed when not all (`seen` marks the planned arms).
 */
function counts(calls: BitPlane, week: WeekStates, S: number, seen: Uint8Array) {
  const after = weekBytes(week);
  let n = 0,
    asPlanned = 0,
    engaged = 0,
    observed = 0;
  const bits = calls.bits;
  for (let arm = 0; arm < calls.length; arm++) {
    const called = (bits[arm >> 3] >> (arm & 7)) & 1;
    n += called;
    asPlanned += called & seen[arm];
    if (after[arm] === S - 1) engaged++;
    if (after[arm] !== MISSING) observed++;
  }
  return { called: n, calledAsPlanned: asPlanned, engaged, observed: observed < calls.length ? observed : undefined };
}

function checkSchema(c: Checks, raw: unknown): FeatureSchema {
  const schema = readFeatureSchema(raw, 'register.schema', (path, what) => c.fail(path, what));
  try {
    validateSchema(schema);
  } catch (error) {
    if (error instanceof PlanReadError) throw error;
    c.fail('register.schema', (error as Error).message);
  }
  return schema;
}

function checkStates(
  c: Checks,
  raw: unknown,
  field: string,
  N: number,
  S: number,
  width: number,
): [WeekStates, PackedPlane] {
  const o = c.object(raw, field);
  const plane: PackedPlane = {
    data: c.typed(o.data, Uint8Array, `${field}.data`, packedBytes(N, width)),
    missing: o.missing === null ? null : c.typed(o.missing, Uint8Array, `${field}.missing`, packedBytes(N, 1)),
  };
  // two states stay the file's bits (the stray bits past the N-th, never written, cleared)
  if (width === 1)
    return [{ bits: cleared(plane.data, N), missing: plane.missing && cleared(plane.missing, N), length: N }, plane];
  const states = unpackStates(plane, width, N);
  if (2 ** width > S)
    for (let arm = 0; arm < N; arm++)
      if (states[arm] >= S && states[arm] !== MISSING)
        c.fail(`${field}.data`, `gives beneficiary ${arm} state ${states[arm]}, but states are 0 to ${S - 1}`);
  return [states, plane];
}

/** A week's calls as the plane it is (no byte per value); stray bits past the N-th (never written) cleared. */
function checkBits(c: Checks, raw: unknown, field: string, N: number): BitPlane {
  return asPlane(cleared(c.typed(raw, Uint8Array, field, packedBytes(N, 1)), N), N);
}

/** A plane's bytes with the bits past the N-th cleared (a copy only when some is set). */
const cleared = (bits: Uint8Array, N: number): Uint8Array =>
  N & 7 && bits.length && bits[bits.length - 1] >> (N & 7) ? clearedTail(bits, N) : bits;

function checkTransitions(c: Checks, raw: unknown, N: number, S: number): Float64Array {
  const t = c.typed(raw, Float64Array, 'register.transitions', N * S * 2 * S);
  for (let row = 0; row < t.length; row += S) {
    let sum = 0;
    for (let s = 0; s < S; s++) {
      const p = t[row + s];
      if (!(p >= 0 && p <= 1))
        c.fail('register.transitions', `holds ${p} at ${row + s}; probabilities are from 0 to 1`);
      sum += p;
    }
    if (Math.abs(sum - 1) > 1e-6) c.fail('register.transitions', `row ${row / S} sums to ${sum}, not 1`);
  }
  return t;
}

function discountOf(c: Checks, v: unknown): number {
  return typeof v === 'number' && v >= 0 && v < 1
    ? v
    : c.fail('register.discount', `must be a number in [0, 1), not ${String(v)}`);
}
