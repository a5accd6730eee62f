// PLAN.json: a plan as one file, the same from `allot plan --state` and from the app's export, so a
// plan moves between machines and between the app and the command line. Version 4 writes the stored
// plan (stored-plan.ts): the register once (ids as a list of text, features as packed typed columns,
// the history up to the plan's first week as bit planes) and each week (its list, and once applied
// its outcomes and what they changed, with the mothers who joined: ids, features, carried values;
// version 3 is the same without anyone joining, read as it is); typed arrays are base64 of their bytes, little-endian
// as on
// every platform allot runs on. At 10^6 beneficiaries and 26 weeks that is about 30 bytes each.
// Versions 1 (the plan's state alone) and 2 (who the plan is beside it) are read and moved forward
// (plan-json-legacy.ts). Everything read is checked (restore-plan.ts) before it is used.
import { base64 as platformBase64, type Base64Codec } from './base64.ts';
import type { PackedColumn, PackedPlane } from './bit-columns.ts';
import { jsonPieces, RawText } from './json-pieces.ts';
import { Checks } from './plan-checks.ts';
import { legacyStoredPlan } from './plan-json-legacy.ts';
import { parsePlanJson } from './plan-json-parse.ts';
import { packIds, unpackIds } from './packed-ids.ts';
import type { PlanMeta, PlanRecord } from './plan-record.ts';
import { PLAN_FORMAT } from './plan-state.ts';
import { carryFromJson } from './restore-columns.ts';
import { restorePlan } from './restore-plan.ts';
import { storedPlan, type StoredJoined, type StoredWeek } from './stored-plan.ts';
import { decodeTyped, encodeTyped } from './typed-base64.ts';

/** The version PLAN.json is written in; every earlier one is read. */
export const PLAN_FILE_VERSION = 4;

/** PLAN.json of a plan (`codec`: the platform's base64 unless given, e.g. Node's Buffer). */
export function planFileText(record: PlanRecord, codec: Base64Codec = platformBase64): string {
  return planFilePieces(record, codec).join('');
}

/** PLAN.json in pieces (json-pieces.ts: each base64 text a piece), for a writer that needs no single string. */
export function planFilePieces(record: PlanRecord, codec: Base64Codec = platformBase64): string[] {
  const { meta, settings, register: r, weeks } = storedPlan(record);
  const b64 = (a: Uint8Array | Float64Array | Int32Array) => new RawText(encodeTyped(a, codec));
  const plane = (p: PackedPlane) => ({ data: b64(p.data), missing: p.missing && b64(p.missing) });
  const column = (c: PackedColumn) =>
    c.type === 'f64'
      ? { type: c.type, data: b64(c.data) }
      : { type: c.type, width: c.width, offset: c.offset, data: b64(c.data), missing: c.missing && b64(c.missing) };
  const register = {
    numArms: r.numArms,
    numStates: r.numStates,
    ids: unpackIds(r.ids),
    schema: r.schema,
    features: r.features.map(column),
    transitions: r.transitions && b64(r.transitions),
    history: { firstWeek: r.history.firstWeek, states: r.history.states.map(plane), called: r.history.called.map(b64) },
    budget: r.budget,
    discount: r.discount,
    horizon: r.horizon,
    provenance: r.provenance,
    warnings: r.warnings,
    // Her carried columns (values as a list of text, like the ids), the column report and her mapping.
    ...(r.carry && { carry: r.carry.map((k) => ({ name: k.name, values: unpackIds(k.values) })) }),
    ...(r.columns && { columns: r.columns }),
    ...(r.mapping && { mapping: r.mapping }),
  };
  const joined = (j: StoredJoined) => ({
    ids: unpackIds(j.ids),
    features: j.features.map(column),
    ...(j.carry && { carry: j.carry.map(unpackIds) }),
  });
  const week = ({ change, planned, ...w }: StoredWeek) => ({
    ...w,
    planned: b64(planned),
    change: change && {
      called: b64(change.called),
      states: plane(change.states),
      ...(change.joined && { joined: joined(change.joined) }),
    },
  });
  const { id, name, createdAt, updatedAt, policy } = meta;
  return jsonPieces({
    format: PLAN_FORMAT,
    version: PLAN_FILE_VERSION,
    id,
    name,
    createdAt,
    updatedAt,
    policy,
    settings,
    register,
    weeks: weeks.map(week),
  });
}

/**
 * The plan in PLAN.json text of any version, checked; a version-1 file (no meta) gets `fallback`.
 * Throws PlanReadError naming `fileName` and the field.
 */
export function readPlanFile(
  text: string,
  fileName: string,
  fallback: PlanMeta,
  codec: Base64Codec = platformBase64,
): PlanRecord {
  const c = new Checks(fileName);
  let data: unknown;
  try {
    data = parsePlanJson(text);
  } catch (error) {
    return c.fail('', `is not valid JSON (${(error as Error).message})`);
  }
  const d = c.object(data, '');
  if (d.format !== PLAN_FORMAT) c.fail('format', `must be "${PLAN_FORMAT}": this is not an allot plan`);
  if (d.version === 1 || d.version === 2) return restorePlan(legacyStoredPlan(d, c, fallback, codec), fileName);
  if (d.version !== 3 && d.version !== PLAN_FILE_VERSION) {
    c.fail(
      'version',
      `is ${JSON.stringify(d.version)}; this allot reads plan versions 1 to ` +
        `${PLAN_FILE_VERSION}${
          typeof d.version === 'number' && d.version > PLAN_FILE_VERSION
            ? ' (the file comes from a newer allot: update allot to read it)'
            : ''
        }`,
    );
  }
  return restorePlan(storedFromJson(d, c, codec), fileName);
}

/** The stored plan a version-3 file holds, its base64 decoded (restorePlan checks the rest). */
function storedFromJson(d: Record<string, unknown>, c: Checks, codec: Base64Codec): unknown {
  const bytes = (v: unknown, field: string) => decodeTyped(c, v, field, codec, Uint8Array);
  const plane = (v: unknown, field: string) => {
    const o = c.object(v, field);
    return {
      data: bytes(o.data, `${field}.data`),
      missing: o.missing === null ? null : bytes(o.missing, `${field}.missing`),
    };
  };
  const r = c.object(d.register, 'register');
  const idList = c.list(r.ids, 'register.ids', 2 ** 31 - 1);
  if (Number.isInteger(r.numArms) && idList.length !== r.numArms)
    c.fail(
      'register.ids',
      `holds ${idList.length} ids, but "register.numArms" is ${String(r.numArms)}: every beneficiary needs her id`,
    );
  for (let i = 0; i < idList.length; i++)
    if (typeof idList[i] !== 'string') c.fail(`register.ids[${i}]`, 'must be text');
  const ids = packIds(idList as string[]);
  const columns = (raw: unknown, at: string) =>
    c.list(raw, at, 100_000).map((col, f) => {
      const field = `${at}[${f}]`;
      const o = c.object(col, field);
      if (o.type === 'f64') return { type: 'f64', data: decodeTyped(c, o.data, `${field}.data`, codec, Float64Array) };
      return {
        ...o,
        data: bytes(o.data, `${field}.data`),
        missing: o.missing === null || o.missing === undefined ? null : bytes(o.missing, `${field}.missing`),
      };
    });
  const features = columns(r.features, 'register.features');
  // Ids and carried values as lists of text (restore-joined.ts checks them).
  const texts = (v: unknown, field: string) => {
    const list = c.list(v, field, 2 ** 31 - 1);
    for (let i = 0; i < list.length; i++) if (typeof list[i] !== 'string') c.fail(`${field}[${i}]`, 'must be text');
    return packIds(list as string[]);
  };
  const joined = (v: unknown, field: string) => {
    const o = c.object(v, field);
    const carry =
      o.carry === undefined
        ? undefined
        : c.list(o.carry, `${field}.carry`, 100_000).map((x, k) => texts(x, `${field}.carry[${k}]`));
    return {
      ids: texts(o.ids, `${field}.ids`),
      features: columns(o.features, `${field}.features`),
      ...(carry && { carry }),
    };
  };
  const h = c.object(r.history, 'register.history');
  const history = {
    firstWeek: h.firstWeek,
    states: c
      .list(h.states, 'register.history.states', 100_000)
      .map((p, w) => plane(p, `register.history.states[${w}]`)),
    called: c
      .list(h.called, 'register.history.called', 100_000)
      .map((b, w) => bytes(b, `register.history.called[${w}]`)),
  };
  const transitions =
    r.transitions === null ? null : decodeTyped(c, r.transitions, 'register.transitions', codec, Float64Array);
  const weeks = c.list(d.weeks, 'weeks', 100_000).map((raw, k) => {
    const field = `weeks[${k}]`;
    const w = c.object(raw, field);
    const change = w.change === null || w.change === undefined ? null : c.object(w.change, `${field}.change`);
    return {
      ...w,
      planned: decodeTyped(c, w.planned, `${field}.planned`, codec, Int32Array),
      change: change && {
        called: bytes(change.called, `${field}.change.called`),
        states: plane(change.states, `${field}.change.states`),
        ...(change.joined !== undefined && { joined: joined(change.joined, `${field}.change.joined`) }),
      },
    };
  });
  const { id, name, createdAt, updatedAt, policy } = d;
  const carry = carryFromJson(c, r.carry);
  return {
    meta: { id, name, createdAt, updatedAt, policy },
    settings: d.settings,
    register: { ...r, ids, features, transitions, history, ...(carry && { carry }) },
    weeks,
  };
}
