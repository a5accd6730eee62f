// A week's states in memory: with two states, as PLAN.json stores them (a bit a beneficiary, 1 engaged, and
// a plane of the unobserved, null when every state was seen), so that a plan read keeps the file's planes
// instead of writing 26 MB of bytes into fresh pages at 10^6 x 26 weeks; with more states, or as a reader
// of files makes them, a byte each (MISSING unobserved). The bits have no index, so code that would read a
// byte per value does not compile: readers take `stateAt`, `weekBytes`, or the planes a byte of eight arms
// at a time.
import { packedBytes } from './bit-pack.ts';
import type { PackedPlane } from './bit-columns.ts';
import { firstOf, type BitPlane } from './bit-plane.ts';

/** A state not observed (register.ts MISSING, repeated to keep this module free of that import). */
const MISSING = 255;

/** Two states as bits (bit i: 1 engaged), with `missing` marking those not observed (their bit 0). */
export interface StatePlane extends BitPlane {
  readonly missing: Uint8Array | null;
}

export type WeekStates = Uint8Array | StatePlane;

export const isStatePlane = (w: WeekStates): w is StatePlane => !ArrayBuffer.isView(w);

/** Her state that week (MISSING when not observed). */
export function stateAt(w: WeekStates, arm: number): number {
  if (ArrayBuffer.isView(w)) return w[arm];
  const i = arm >> 3,
    b = arm & 7;
  return w.missing && (w.missing[i] >> b) & 1 ? MISSING : (w.bits[i] >> b) & 1;
}

/** The week a byte each (itself when it is bytes; else fresh). */
export function weekBytes(w: WeekStates): Uint8Array {
  if (ArrayBuffer.isView(w)) return w;
  const out = new Uint8Array(w.length),
    { bits, missing } = w;
  for (let arm = 0; arm < out.length; arm++) out[arm] = (bits[arm >> 3] >> (arm & 7)) & 1;
  if (missing) for (let arm = 0; arm < out.length; arm++) if ((missing[arm >> 3] >> (arm & 7)) & 1) out[arm] = MISSING;
  return out;
}

/** Whether some state of the week was not observed. */
export function anyMissing(w: WeekStates): boolean {
  if (ArrayBuffer.isView(w)) return w.includes(MISSING);
  return w.missing !== null && w.missing.some((x) => x !== 0);
}

/** The week with `n` beneficiaries, those past its own unobserved (itself when it has n). */
export function grownWeek(w: WeekStates, n: number): WeekStates {
  if (w.length === n) return w;
  if (ArrayBuffer.isView(w)) {
    const out = new Uint8Array(n).fill(MISSING, w.length);
    out.set(w);
    return out;
  }
  const bits = new Uint8Array(packedBytes(n, 1)),
    missing = new Uint8Array(packedBytes(n, 1));
  bits.set(w.bits);
  if (w.missing) missing.set(w.missing);
  for (let arm = w.length; arm < n; arm++) missing[arm >> 3] |= 1 << (arm & 7);
  return { bits, missing, length: n };
}

/** The first n states of a week of bits as PLAN.json packs them (`missing` null when every one was observed). */
export function packedWeek(w: StatePlane, n: number): PackedPlane {
  const data = firstOf(w, n).bits;
  const missing = w.missing && firstOf({ bits: w.missing, length: w.length }, n).bits;
  return { data, missing: missing?.some((x) => x !== 0) ? missing : null };
}
