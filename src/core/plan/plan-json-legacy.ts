// PLAN.json versions 1 and 2, read and moved forward to the stored plan of version 3 (stored-plan.ts),
// which restore-plan.ts then checks like any other. Both versions held the whole history in the
// register (a byte per value, base64) and each week's list; features were columns of u8, i16, i32 or
// f64. Version 1 had no meta (the caller's fallback names the plan); version 2 added id, name, times
// and policy. Sizes are checked before anything of that size is made.
import type { Base64Codec } from './base64.ts';
import { packFeatureColumn, packStates } from './bit-columns.ts';
import { packBits } from './bit-pack.ts';
import { populationSizeProblem } from '../datasets/import-limits.ts';
import type { Checks } from './plan-checks.ts';
import { decodeTyped as decode } from './typed-base64.ts';
import { packIds } from './packed-ids.ts';
import { carryFromJson } from './restore-columns.ts';
import type { PlanMeta } from './plan-record.ts';
import { MISSING } from './register.ts';
import { stateWidth } from './stored-plan.ts';

const COLUMN_TYPES = { u8: Uint8Array, i16: Int16Array, i32: Int32Array, f64: Float64Array } as const;

/** The stored plan (unchecked beyond what moving it forward needs) of a version-1 or version-2 document. */
export function legacyStoredPlan(
  d: Record<string, unknown>,
  c: Checks,
  fallback: PlanMeta,
  codec: Base64Codec,
): unknown {
  const meta =
    d.version === 1
      ? fallback
      : { id: d.id, name: d.name, createdAt: d.createdAt, updatedAt: d.updatedAt, policy: d.policy };
  const r = c.object(d.register, 'register');
  const N = c.whole(r.numArms, 'register.numArms', 1, 2 ** 31 - 1);
  const S = c.whole(r.numStates, 'register.numStates', 2, 255);
  const tooBig = populationSizeProblem(N, S);
  if (tooBig) c.fail('register.numArms', tooBig);
  const ids = c.list(r.ids, 'register.ids', N);
  if (ids.length !== N || ids.some((id) => typeof id !== 'string'))
    c.fail('register.ids', `must be ${N} texts, one per beneficiary`);
  const F = Array.isArray((r.schema as { columns?: unknown } | null)?.columns)
    ? (r.schema as { columns: unknown[] }).columns.length
    : 0;
  const features = c.list(r.features, 'register.features', F).map((raw, f) => {
    const field = `register.features[${f}]`;
    const o = c.object(raw, field);
    const kind = COLUMN_TYPES[o.type as keyof typeof COLUMN_TYPES];
    if (!kind) c.fail(`${field}.type`, 'must be "u8", "i16", "i32" or "f64"');
    const values = decode(c, o.data, `${field}.data`, codec, kind as typeof Uint8Array);
    if (values.length !== N) c.fail(`${field}.data`, `holds ${values.length} values, expected ${N}`);
    return packFeatureColumn(values instanceof Float64Array ? values : Float64Array.from(values), N);
  });
  const h = c.object(r.history, 'register.history');
  const plane = (v: unknown, field: string) => {
    const x = decode(c, v, field, codec, Uint8Array);
    if (x.length !== N) c.fail(field, `holds ${x.length} values, expected ${N}`);
    return x;
  };
  const states = c
    .list(h.states, 'register.history.states', 100_000)
    .map((v, w) => plane(v, `register.history.states[${w}]`));
  const called = c
    .list(h.called, 'register.history.called', 100_000)
    .map((v, w) => plane(v, `register.history.called[${w}]`));
  if (called.length !== states.length)
    c.fail('register.history.called', `holds ${called.length} weeks, but "states" holds ${states.length}`);
  states.forEach((x, w) => {
    for (let arm = 0; arm < N; arm++)
      if (x[arm] >= S && x[arm] !== MISSING)
        c.fail(
          `register.history.states[${w}]`,
          `gives beneficiary ${arm} state ${x[arm]}, but states are 0 to ${S - 1}`,
        );
  });
  called.forEach((x, w) => {
    for (let arm = 0; arm < N; arm++)
      if (x[arm] > 1)
        c.fail(`register.history.called[${w}]`, `gives beneficiary ${arm} the value ${x[arm]}; calls are 0 or 1`);
  });
  const weeks = c.list(d.weeks, 'weeks', 100_000);
  // Every week but the last was applied, and each applied week added a week to the history.
  const base = states.length - (weeks.length - 1);
  if (weeks.length < 1 || base < 1)
    c.fail('weeks', `holds ${weeks.length} weeks, which the history's ${states.length} weeks cannot have come from`);
  const width = stateWidth(S);
  const packed = (x: Uint8Array) => packStates(x, width);
  return {
    meta,
    settings: d.settings,
    register: {
      // A version-2 register read from her files had carried columns as lists of text (as version 3 has).
      ...r,
      ids: packIds(ids as string[]),
      features,
      carry: carryFromJson(c, r.carry),
      transitions:
        r.transitions === null ? null : decode(c, r.transitions, 'register.transitions', codec, Float64Array),
      history: {
        firstWeek: h.firstWeek,
        states: states.slice(0, base).map(packed),
        called: called.slice(0, base - 1).map(packBits),
      },
    },
    weeks: weeks.map((raw, k) => {
      const w = c.object(raw, `weeks[${k}]`);
      const applied = k < weeks.length - 1;
      const change = applied ? { called: packBits(called[base - 1 + k]), states: packed(states[base + k]) } : null;
      return {
        ...w,
        planned: decode(c, w.planned, `weeks[${k}].planned`, codec, Int32Array),
        outcomes: w.outcomes ?? null,
        change,
      };
    }),
  };
}
