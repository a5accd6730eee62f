// PLAN.json: a plan as text and back, exactly: who it is (id, name, times, where its policy came
// from) and its PlanState. Typed arrays are written as base64 of their bytes (little-endian, as every
// platform allot runs on), features column by column in the narrowest exact type (most are 0/1: one
// byte), so a plan of 10^6 beneficiaries and 26 weeks is tens of megabytes.
// Versions: 1 held the PlanState alone (read with a name from its file); 2 adds who the plan is.
import type { FeatureSchema } from '../instance/types.ts';
import { packIds, packPlan, unpackIds, unpackPlan } from './packed-plan.ts';
import type { PlanPolicySource, PlanRecord } from './plan-record.ts';
import type { PlanSettings } from './plan-settings.ts';
import { PLAN_FORMAT, PLAN_VERSION, type PlanState, type WeekRecord } from './plan-state.ts';
import type { Register } from './register.ts';

/** The version PLAN.json is written in; every earlier one is read. */
export const PLAN_FILE_VERSION = 2;

/** Who the plan is, apart from its state. */
type PlanMeta = Omit<PlanRecord, 'plan'>;

/** PLAN.json of a stored plan (its ids unpacked on the way). */
export function planRecordToJson({ plan, ...meta }: PlanRecord): string {
  return planToJson(unpackPlan(plan), meta);
}

/** A stored plan from PLAN.json (any version); a version-1 file gets `fallback`'s meta. Errors name the file and the field. */
export function parsePlanRecordJson(text: string, fileName: string, fallback: PlanMeta): PlanRecord {
  const { plan, meta } = parsePlan(text, fileName);
  return { ...(meta ?? fallback), plan: packPlan(plan) };
}

type Column = { type: 'u8' | 'i16' | 'i32' | 'f64'; data: string };

export function planToJson(plan: PlanState, meta: PlanMeta): string {
  const r = plan.register;
  const F = r.schema.columns.length;
  const columns: Column[] = [];
  for (let f = 0; f < F; f++) {
    const values = new Float64Array(r.numArms);
    let lo = Infinity, hi = -Infinity, whole = true;
    for (let arm = 0; arm < r.numArms; arm++) {
      const v = (values[arm] = r.features[arm * F + f]);
      if (v < lo) lo = v;
      if (v > hi) hi = v;
      if (!Number.isInteger(v) || Object.is(v, -0)) whole = false;
    }
    const type = !whole ? 'f64' : lo >= 0 && hi <= 255 ? 'u8' : lo >= -32768 && hi <= 32767 ? 'i16' : lo >= -(2 ** 31) && hi < 2 ** 31 ? 'i32' : 'f64';
    const typed = type === 'u8' ? Uint8Array.from(values) : type === 'i16' ? Int16Array.from(values) : type === 'i32' ? Int32Array.from(values) : values;
    columns.push({ type, data: toBase64(typed) });
  }
  const register = {
    numArms: r.numArms, numStates: r.numStates, ids: r.ids, schema: r.schema, features: columns,
    transitions: r.transitions ? toBase64(r.transitions) : null,
    history: { firstWeek: r.history.firstWeek, states: r.history.states.map(toBase64), called: r.history.called.map(toBase64) },
    budget: r.budget, discount: r.discount, horizon: r.horizon, provenance: r.provenance, warnings: r.warnings,
    // her carried columns (values as text), the column report and her mapping, when read from her files
    ...(r.carry && { carry: r.carry.map((c) => ({ name: c.name, values: unpackIds(c.values) })) }), ...(r.columns && { columns: r.columns }), ...(r.mapping && { mapping: r.mapping }),
  };
  const weeks = plan.weeks.map((w) => ({ ...w, planned: toBase64(w.planned) }));
  const { id, name, createdAt, updatedAt, policy } = meta;
  return JSON.stringify({ format: PLAN_FORMAT, version: PLAN_FILE_VERSION, id, name, createdAt, updatedAt, policy, settings: plan.settings, register, weeks });
}

/** Parses and checks PLAN.json; errors name the file and the field. The meta is null in a version-1 file. */
export function parsePlan(text: string, fileName = 'the plan file'): { plan: PlanState; meta: PlanMeta | null } {
  const fail = (what: string): never => {
    throw new Error(`${fileName}: ${what}`);
  };
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return fail(`not valid JSON (${(error as Error).message})`);
  }
  if (!data || typeof data !== 'object' || data.format !== PLAN_FORMAT) fail(`not an allot plan (expected "format": "${PLAN_FORMAT}")`);
  if (data.version !== 1 && data.version !== PLAN_FILE_VERSION) fail(`plan version ${String(data.version)} is not supported (this allot reads versions 1 to ${PLAN_FILE_VERSION})`);
  let meta: PlanMeta | null = null;
  if (data.version === PLAN_FILE_VERSION) {
    const { id, name, createdAt, updatedAt, policy } = data as Record<string, any>;
    if (typeof id !== 'string' || id === '' || typeof name !== 'string') fail('"id" and "name" must be text');
    if (!Number.isFinite(createdAt) || !Number.isFinite(updatedAt)) fail('"createdAt" and "updatedAt" must be times in milliseconds');
    if (!policy || !['run-selected', 'run-candidate', 'typed'].includes(policy.kind)) fail('"policy" must say where the reward came from ("kind": "run-selected", "run-candidate" or "typed")');
    meta = { id, name, createdAt, updatedAt, policy: policy as PlanPolicySource };
  }
  const reg = data.register as Record<string, any>;
  if (!reg || typeof reg !== 'object') fail('"register" is missing');
  const N = reg.numArms, S = reg.numStates;
  if (!Number.isInteger(N) || N < 1) fail('"register.numArms" must be a positive whole number');
  if (!Number.isInteger(S) || S < 2) fail('"register.numStates" must be a whole number >= 2');
  if (!Array.isArray(reg.ids) || reg.ids.length !== N || reg.ids.some((id: unknown) => typeof id !== 'string')) fail(`"register.ids" must be ${N} strings`);
  const schema = reg.schema as FeatureSchema;
  if (!schema || !Array.isArray(schema.columns) || !Array.isArray(schema.groups)) fail('"register.schema" must have "columns" and "groups"');
  const F = schema.columns.length;
  if (!Array.isArray(reg.features) || reg.features.length !== F) fail(`"register.features" must hold ${F} columns`);
  const features = new Float64Array(N * F);
  (reg.features as Column[]).forEach((column, f) => {
    const values = typedFrom(column?.type, column?.data, N, `register.features[${f}]`, fail);
    for (let arm = 0; arm < N; arm++) features[arm * F + f] = values[arm];
  });
  const transitions = reg.transitions === null ? null : (typedFrom('f64', reg.transitions, N * S * 2 * S, 'register.transitions', fail) as Float64Array);
  const h = reg.history;
  if (!h || !Number.isInteger(h.firstWeek) || !Array.isArray(h.states) || !Array.isArray(h.called) || h.states.length !== h.called.length || h.states.length < 1) {
    fail('"register.history" must have "firstWeek" and as many "states" as "called" weeks (at least one)');
  }
  const states = (h.states as string[]).map((x, w) => typedFrom('u8', x, N, `register.history.states[${w}]`, fail) as Uint8Array);
  const called = (h.called as string[]).map((x, w) => typedFrom('u8', x, N, `register.history.called[${w}]`, fail) as Uint8Array);
  for (const [name, v] of [['budget', reg.budget], ['discount', reg.discount], ['horizon', reg.horizon]] as const) if (typeof v !== 'number') fail(`"register.${name}" must be a number`);
  const register: Register = {
    numArms: N, numStates: S, ids: reg.ids, schema, features, transitions, history: { firstWeek: h.firstWeek, states, called },
    budget: reg.budget, discount: reg.discount, horizon: reg.horizon, provenance: reg.provenance, warnings: Array.isArray(reg.warnings) ? reg.warnings : [],
  };
  if (Array.isArray(reg.carry)) {
    register.carry = (reg.carry as { name: unknown; values: unknown }[]).map((c, i) => {
      if (typeof c?.name !== 'string' || !Array.isArray(c.values) || c.values.length !== N || c.values.some((v) => typeof v !== 'string')) fail(`"register.carry[${i}]" must have a "name" and ${N} "values" (text)`);
      return { name: c.name as string, values: packIds(c.values as string[]) };
    });
  }
  if (Array.isArray(reg.columns)) register.columns = reg.columns;
  if (reg.mapping && typeof reg.mapping === 'object') register.mapping = reg.mapping;
  const settings = data.settings as PlanSettings;
  if (!settings || typeof settings.reward !== 'string' || typeof settings.budget !== 'number' || !Array.isArray(settings.exclude) || !Array.isArray(settings.shares)) fail('"settings" must have "reward", "budget", "exclude" and "shares"');
  if (!Array.isArray(data.weeks) || data.weeks.length < 1) fail('"weeks" must list at least one week');
  const weeks = (data.weeks as Record<string, any>[]).map((w, i): WeekRecord => {
    if (!Number.isInteger(w.week)) fail(`"weeks[${i}].week" must be a whole number`);
    return { week: w.week, tieSeed: w.tieSeed, reward: w.reward, budget: w.budget, planned: typedFrom('i32', w.planned, -1, `weeks[${i}].planned`, fail) as Int32Array, outcomes: w.outcomes ?? null };
  });
  return { plan: { format: PLAN_FORMAT, version: PLAN_VERSION, register, settings, weeks }, meta };
}

const WIDTH = { u8: 1, i16: 2, i32: 4, f64: 8 } as const;

function typedFrom(type: unknown, data: unknown, length: number, field: string, fail: (what: string) => never): Uint8Array | Int16Array | Int32Array | Float64Array {
  if (typeof data !== 'string' || !(typeof type === 'string' && type in WIDTH)) return fail(`"${field}" must be base64 text of type u8, i16, i32 or f64`);
  const bytes = fromBase64(data);
  if (bytes === null) return fail(`"${field}" is not valid base64`);
  const width = WIDTH[type as keyof typeof WIDTH];
  if (bytes.length % width !== 0 || (length >= 0 && bytes.length !== length * width)) return fail(`"${field}" holds ${bytes.length} bytes, expected ${length >= 0 ? length * width : `a multiple of ${width}`}`);
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length);
  return type === 'u8' ? new Uint8Array(buffer) : type === 'i16' ? new Int16Array(buffer) : type === 'i32' ? new Int32Array(buffer) : new Float64Array(buffer);
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const CODES = new Uint8Array(ALPHABET.length).map((_, i) => ALPHABET.charCodeAt(i));
const VALUES = new Int16Array(128).fill(-1).map((v, c) => (ALPHABET.indexOf(String.fromCharCode(c)) >= 0 ? ALPHABET.indexOf(String.fromCharCode(c)) : v));

/** The base64 of every 12 bits: two characters in one 16-bit code (little-endian), four per 3 bytes. */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const PAIRS = new Uint16Array(4096).map((_, v) => (LITTLE_ENDIAN ? CODES[v >> 6] | (CODES[v & 63] << 8) : (CODES[v >> 6] << 8) | CODES[v & 63]));

/** TextDecoder where the platform has one (browsers, workers, Node); the core's ES2022 types do not name it. */
const Decoder = (globalThis as { TextDecoder?: new () => { decode(bytes: Uint8Array): string } }).TextDecoder;
const ascii = Decoder ? new Decoder() : null;

/**
 * Standard base64 (RFC 4648, with = padding) of a typed array's bytes. Two characters are written at a
 * time from a 12-bit table, and the text made by the platform's decoder where there is one: PLAN.json
 * holds a national register's history (52 MB at 10^6 x 26 weeks), where a byte at a time and
 * String.fromCharCode cost a sixth of `allot plan`.
 */
export function toBase64(array: ArrayBufferView): string {
  const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
  const n = bytes.length, whole = n - (n % 3);
  const out = new Uint8Array(Math.ceil(n / 3) * 4);
  const pairs = new Uint16Array(out.buffer, 0, out.length >> 1);
  let o = 0;
  for (let i = 0; i < whole; i += 3) {
    const v = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    pairs[o++] = PAIRS[v >> 12];
    pairs[o++] = PAIRS[v & 4095];
  }
  if (whole < n) {
    const b0 = bytes[whole], b1 = whole + 1 < n ? bytes[whole + 1] : 0, k = 2 * o;
    out[k] = CODES[b0 >> 2];
    out[k + 1] = CODES[((b0 & 3) << 4) | (b1 >> 4)];
    out[k + 2] = whole + 1 < n ? CODES[(b1 & 15) << 2] : 61;
    out[k + 3] = 61;
  }
  if (ascii) return ascii.decode(out);
  const parts: string[] = [];
  for (let i = 0; i < out.length; i += 0x8000) parts.push(String.fromCharCode.apply(null, out.subarray(i, i + 0x8000) as unknown as number[]));
  return parts.join('');
}

/** The bytes of standard base64 text, or null when it is not base64. */
export function fromBase64(text: string): Uint8Array | null {
  if (text.length % 4 !== 0) return null;
  const pad = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const out = new Uint8Array((text.length / 4) * 3 - pad);
  const body = text.length - pad;
  let o = 0, acc = 0, bits = 0;
  for (let i = 0; i < body; i++) {
    const code = text.charCodeAt(i);
    const v = code < 128 ? VALUES[code] : -1;
    if (v < 0) return null;
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 255;
    }
  }
  return out;
}
