// Ids compared as people read them: "é" typed as one character and as "e" with an accent mark are the
// same id once normalized to Unicode NFC (the form keyboards and most systems produce). Every id
// allot reads (registers, outcomes, exclusion lists, stored plans) is normalized on the way in; two
// ids of one file that become one are two rows for one person, which the reader says in words.
import { packIds, unpackIds, type PackedIds } from '../plan/packed-ids.ts';

/** Whether text is plain ASCII, which NFC leaves as it is (the common case, checked first). */
export function isAscii(text: string): boolean {
  return !/[^\x00-\x7f]/.test(text);
}

/** The ids in NFC and the pairs of different ids that became one; null when every id already is NFC. */
export function nfcIds(ids: readonly string[]): { ids: string[]; merged: [string, string][] } | null {
  let out: string[] | null = null;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i];
    if (isAscii(id)) continue;
    const n = id.normalize('NFC');
    if (n === id) continue;
    out ??= ids.slice();
    out[i] = n;
  }
  if (!out) return null;
  // Only an id that changed can have become another one.
  const merged: [string, string][] = [];
  const first = new Map<string, string>();
  for (let i = 0; i < ids.length; i++) {
    const before = first.get(out[i]);
    if (before === undefined) first.set(out[i], ids[i]);
    else if (before !== ids[i]) merged.push([before, ids[i]]);
  }
  return { ids: out, merged };
}

/** nfcIds of packed ids (a register's): null at once when the text is ASCII. */
export function nfcPackedIds(ids: PackedIds): { ids: PackedIds; merged: [string, string][] } | null {
  if (isAscii(ids.text)) return null;
  const nfc = nfcIds(unpackIds(ids));
  return nfc && { ids: packIds(nfc.ids), merged: nfc.merged };
}

/** Two ids that became one, in words that show how they differ: "José" and "José" (U+00E9 against U+0065 U+0301). */
export function mergedIdsWords(a: string, b: string): string {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  const points = (s: string) =>
    Array.from(s, (ch) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).join(' ');
  return (
    `${JSON.stringify(a)} and ${JSON.stringify(b)} (${points(a.slice(start, a.length - end))} against ` +
    `${points(b.slice(start, b.length - end))})`
  );
}
