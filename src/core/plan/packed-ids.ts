// A register's ids (and a carried column's values) as one string with end offsets, never as an array of
// strings. 10^6 ids as strings are 10^6 heap objects (about 32 MB) that every full collection marks again: in
// the week's list at 10^6 that marking took 30-50 ms of CPU on V8's other threads. Packed, they are two
// objects, and a structured clone (IndexedDB, postMessage) copies them at memory speed (an array of 10^6
// strings cost 120-200 ms of the page's time). Where one id is needed as a string, idAt slices it; the
// passes over every id (hashes: id-flags.ts, holdout.ts) read the text's UTF-16 units in place.
// The text is made flat (joined or decoded at once): a rope of added pieces reads its units about twice as slowly.

/**
 * ids as text, one per line: id i is text.slice(idStart(ids, i), ends[i]), exact for any characters (a
 * newline inside an id included). The separator keeps a word boundary between ids, so the storage guard's
 * key shapes (\bsk-..., \bAIza...) still see an id that is a key.
 */
export interface PackedIds {
  text: string;
  ends: Uint32Array;
}

export function packIds(list: readonly string[]): PackedIds {
  const ends = new Uint32Array(list.length);
  for (let i = 0, start = 0; i < list.length; start = ends[i++] + 1) ends[i] = start + list[i].length;
  return { text: list.join('\n'), ends };
}

/** Where id i starts in the text. */
export function idStart(ids: PackedIds, i: number): number {
  return i === 0 ? 0 : ids.ends[i - 1] + 1;
}

/** Id i as a string. */
export function idAt(ids: PackedIds, i: number): string {
  return ids.text.slice(idStart(ids, i), ids.ends[i]);
}

/** Every id as a string (for the few ids of a file, or a pass that needs them all once: not kept). */
export function unpackIds(ids: PackedIds): string[] {
  const { text, ends } = ids;
  const out = new Array<string>(ends.length);
  for (let i = 0, start = 0; i < ends.length; start = ends[i++] + 1) out[i] = text.slice(start, ends[i]);
  return out;
}

/** Ids from..to-1. */
export function sliceIds(ids: PackedIds, from: number, to: number): PackedIds {
  if (from >= to) return packIds([]);
  const start = idStart(ids, from);
  return { text: ids.text.slice(start, ids.ends[to - 1]), ends: ids.ends.slice(from, to).map((end) => end - start) };
}

/** The ids, then `more` after them. */
export function appendIds(ids: PackedIds, more: readonly string[]): PackedIds {
  if (more.length === 0) return ids;
  if (ids.ends.length === 0) return packIds(more);
  const tail = packIds(more),
    ends = new Uint32Array(ids.ends.length + more.length),
    shift = ids.text.length + 1;
  ends.set(ids.ends);
  for (let i = 0; i < more.length; i++) ends[ids.ends.length + i] = tail.ends[i] + shift;
  // joined, not added: `a + b` makes a rope, whose units read about twice as slowly in the passes over every id
  return { text: [ids.text, tail.text].join('\n'), ends };
}
