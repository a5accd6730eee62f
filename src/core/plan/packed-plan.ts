// A plan in the form it is stored and passed between threads: the register's ids as one string with
// end offsets instead of an array of strings. Structured clone (IndexedDB writes, postMessage) copies
// a typed array or one long string at memory speed, but an array of 10^6 strings costs 120-200 ms of
// the page's time; packed, a 10^6-beneficiary plan clones in a few milliseconds.
import type { PlanState } from './plan-state.ts';
import type { Register } from './register.ts';

/**
 * ids as text, one per line: id i is text.slice(i === 0 ? 0 : ends[i - 1] + 1, ends[i]), exact for any
 * characters (a newline inside an id included). The separator keeps a word boundary between ids, so
 * the storage guard's key shapes (\bsk-..., \bAIza...) still see an id that is a key.
 */
export interface PackedIds {
  text: string;
  ends: Uint32Array;
}

export type PackedRegister = Omit<Register, 'ids'> & { ids: PackedIds };
export type PackedPlan = Omit<PlanState, 'register'> & { register: PackedRegister };

// Both ways are remembered (ids are never changed in place): a plan read from PLAN.json (a list of
// ids) and packed for the store is unpacked again for the list without slicing 10^6 strings twice.
const packedOf = new WeakMap<readonly string[], PackedIds>();
const idsOf = new WeakMap<PackedIds, string[]>();

/**
 * The ids packed. The text is joined when it is first read (a store's write, a structured clone): a
 * plan read from PLAN.json and written back as PLAN.json never joins its 10^6 ids (a quarter second).
 */
export function packIds(ids: readonly string[]): PackedIds {
  let packed = packedOf.get(ids);
  if (packed) return packed;
  const ends = new Uint32Array(ids.length);
  for (let i = 0, start = 0; i < ids.length; start = ends[i++] + 1) ends[i] = start + ids[i].length;
  let text: string | undefined;
  packed = {
    get text() {
      return (text ??= ids.join('\n'));
    },
    ends,
  };
  packedOf.set(ids, packed);
  idsOf.set(packed, ids as string[]);
  return packed;
}

/** The id list `packed` was made from, if it was made here (no text joined, no string sliced). */
export function knownIds(packed: PackedIds): readonly string[] | undefined {
  return idsOf.get(packed);
}

export function unpackIds(packed: PackedIds): string[] {
  const known = idsOf.get(packed);
  if (known) return known;
  const { text, ends } = packed;
  const ids = new Array<string>(ends.length);
  for (let i = 0, start = 0; i < ends.length; start = ends[i++] + 1) ids[i] = text.slice(start, ends[i]);
  idsOf.set(packed, ids);
  packedOf.set(ids, packed);
  return ids;
}

/** The plan with packed ids; typed arrays are shared, not copied. */
export function packPlan(plan: PlanState): PackedPlan {
  return { ...plan, register: { ...plan.register, ids: packIds(plan.register.ids) } };
}

export function unpackPlan(packed: PackedPlan): PlanState {
  return { ...packed, register: { ...packed.register, ids: unpackIds(packed.register.ids) } };
}
