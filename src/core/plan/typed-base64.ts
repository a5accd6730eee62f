// Typed arrays as base64 of their little-endian bytes, for PLAN.json. Each text is remembered beside
// its array (both ways), so that a plan read and written again, or written again after a week,
// encodes only the arrays that are new (packed arrays are cached per source array: stored-plan.ts).
import type { Base64Codec } from './base64.ts';
import type { Checks } from './plan-checks.ts';

type Typed = Uint8Array | Int32Array | Float64Array;
type TypedKind = typeof Uint8Array | typeof Int32Array | typeof Float64Array;

const texts = new WeakMap<ArrayBufferView, string>();

export function encodeTyped(a: Typed, codec: Base64Codec): string {
  let t = texts.get(a);
  if (t === undefined) texts.set(a, (t = codec.encode(new Uint8Array(a.buffer, a.byteOffset, a.byteLength))));
  return t;
}

/** The typed array that base64 text holds, or a PlanReadError naming the field. */
export function decodeTyped<T extends TypedKind>(
  c: Checks,
  v: unknown,
  field: string,
  codec: Base64Codec,
  kind: T,
): InstanceType<T> {
  if (typeof v !== 'string') return c.fail(field, 'must be base64 text');
  let bytes = codec.decode(v);
  if (bytes === null) return c.fail(field, 'is not valid base64');
  const width = kind.BYTES_PER_ELEMENT;
  if (bytes.length % width !== 0)
    return c.fail(field, `holds ${bytes.length} bytes, not a whole number of ${width}-byte values`);
  if (bytes.byteOffset % width !== 0) bytes = bytes.slice();
  const out = new kind(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.length / width) as InstanceType<T>;
  texts.set(out, v);
  return out;
}
