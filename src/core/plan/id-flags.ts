// Which of a register's arms carry one of a few given ids (the exclusion list, those who left, the program's
// list for its holdout), as a typed mask over arm positions. A Set of the given ids asked 10^6 times cost 65-95
// ms a list (each lookup hashes her id in V8's string table); here the given ids go into a small open-addressing
// table by a hash of their UTF-16 units, and each id of the register is hashed once, in place in the packed text
// (packed-ids.ts), and compared unit by unit only when the hash matches. The register's hashes are kept for its
// next list (hashing 10^6 ids cost 70-100 ms of a list at load 10; a register's ids are never changed in place:
// joining makes new ones).
import { idStart, type PackedIds } from './packed-ids.ts';

type Flagged = { flags: Uint8Array; arm: Int32Array };

const lastFlags = new WeakMap<PackedIds, { wanted: string[]; flagged: Flagged }[]>();
/**
 * flags[arm] = 1 when register id `arm` is one of `wanted`; arm[k]: the arm whose id is wanted[k], or -1 when the
 * register has none. Read only: kept per register's ids with a copy of the last three lists of wanted ids (the
 * exclusions, those who left, the holdout's list), for the register's next list with the same ids (a replan, the
 * default list, a week's draws), where the pass over 10^6 ids cost 15-20 ms; comparing the few wanted ids costs a
 * few hundred microseconds.
 */
export function flagIds(ids: PackedIds, wanted: readonly string[]): Flagged {
  let kept = lastFlags.get(ids);
  if (!kept) lastFlags.set(ids, (kept = []));
  const hit = kept.find((k) => sameIds(k.wanted, wanted));
  if (hit) return hit.flagged;
  const flagged = findIds(ids, wanted);
  if (kept.length >= 3) kept.shift();
  kept.push({ wanted: wanted.slice(), flagged });
  return flagged;
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}

/**
 * flagIds' work, not kept: a pass over the register's ids (for ids asked once: a week's outcomes, exits,
 * enrolments; K wanted ids take a table of 2K to 4K slots).
 */
export function findIds(ids: PackedIds, wanted: readonly string[]): Flagged {
  const N = ids.ends.length,
    K = wanted.length;
  const flags = new Uint8Array(N),
    at = new Int32Array(K).fill(-1);
  if (K === 0) return { flags, arm: at };
  let size = 16;
  while (size < 2 * K) size *= 2;
  const mask = size - 1;
  // slot -> 1 + k of the wanted id there (0: empty), and its hash (compared before the strings, which cost more
  // than the rest of the loop when a third of the slots are full); duplicates of an id share the first's slot
  const slot = new Int32Array(size),
    slotHash = new Uint32Array(size),
    same = new Int32Array(K).fill(-1);
  for (let k = 0; k < K; k++) {
    const h = hashOf(wanted[k], 0, wanted[k].length);
    for (let i = h & mask; ; i = (i + 1) & mask) {
      if (slot[i] === 0) {
        slot[i] = k + 1;
        slotHash[i] = h;
        break;
      }
      if (wanted[slot[i] - 1] === wanted[k]) {
        same[k] = slot[i] - 1;
        break;
      }
    }
  }
  const hash = idHashes(ids);
  const { text, ends } = ids;
  for (let arm = 0; arm < N; arm++) {
    const h = hash[arm];
    for (let i = h & mask; slot[i] !== 0; i = (i + 1) & mask) {
      const k = slot[i] - 1;
      if (slotHash[i] !== h || !sameText(wanted[k], text, idStart(ids, arm), ends[arm])) continue;
      flags[arm] = 1;
      at[k] = arm;
      break;
    }
  }
  for (let k = 0; k < K; k++) if (same[k] >= 0) at[k] = at[same[k]];
  return { flags, arm: at };
}

/** Whether `id` is text[start, end). */
function sameText(id: string, text: string, start: number, end: number): boolean {
  if (id.length !== end - start) return false;
  for (let i = 0; i < id.length; i++) if (id.charCodeAt(i) !== text.charCodeAt(start + i)) return false;
  return true;
}

const hashes = new WeakMap<PackedIds, Uint32Array>();
/** hashOf each id, kept per register's ids (read only). */
function idHashes(ids: PackedIds): Uint32Array {
  let hash = hashes.get(ids);
  if (!hash) {
    const { text, ends } = ids;
    hash = new Uint32Array(ends.length);
    for (let arm = 0, start = 0; arm < ends.length; start = ends[arm++] + 1) hash[arm] = hashOf(text, start, ends[arm]);
    hashes.set(ids, hash);
  }
  return hash;
}

/** FNV-1a over the UTF-16 units of text[start, end), mixed (murmur3's finalizer): the table's low bits spread. */
function hashOf(text: string, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  return (h ^ (h >>> 13)) >>> 0;
}
