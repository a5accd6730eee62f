// Which of a register's arms carry one of a few given ids (the exclusion list, those who left), as a
// typed mask over arm positions. A Set of the given ids asked 10^6 times cost 65-95 ms a list (each
// lookup hashes her id in V8's string table); here the given ids go into a small open-addressing table
// by a hash of their UTF-16 units, and each id of the register is hashed once, in a typed loop, and
// compared as a string only when the hash matches. The register's hashes are kept for its next list (hashing
// 10^6 ids cost 70-100 ms of a list at load 10; a register's ids are never changed in place: joining makes a new
// array).

type Flagged = { flags: Uint8Array; found: Uint8Array };

const lastFlags = new WeakMap<readonly string[], { wanted: string[]; flagged: Flagged }[]>();
/**
 * flags[arm] = 1 when register id `arm` is one of `wanted`; found[k] = 1 when wanted[k] is in the register. Read only:
 * kept per ids array with a copy of the last two lists of wanted ids (the exclusions, those who left), for the
 * register's next list with the same ids (a replan, the default list, a week's draws), where the pass over 10^6 ids
 * cost 15-20 ms; comparing the few wanted ids costs a few hundred microseconds.
 */
export function flagIds(ids: readonly string[], wanted: readonly string[]): Flagged {
  let kept = lastFlags.get(ids);
  if (!kept) lastFlags.set(ids, (kept = []));
  const hit = kept.find((k) => k.flagged.flags.length === ids.length && sameIds(k.wanted, wanted));
  if (hit) return hit.flagged;
  const flagged = flagAll(ids, wanted);
  if (kept.length >= 2) kept.shift();
  kept.push({ wanted: wanted.slice(), flagged });
  return flagged;
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}

/** flagIds' work: a pass over the register's ids. */
function flagAll(ids: readonly string[], wanted: readonly string[]): Flagged {
  const N = ids.length,
    K = wanted.length;
  const flags = new Uint8Array(N),
    found = new Uint8Array(K);
  if (K === 0) return { flags, found };
  let size = 16;
  while (size < 2 * K) size *= 2;
  const mask = size - 1;
  // slot -> 1 + k of the wanted id there (0: empty), and its hash (compared before the strings, which cost more
  // than the rest of the loop when a third of the slots are full); duplicates of an id share the first's slot
  const slot = new Int32Array(size),
    slotHash = new Uint32Array(size),
    same = new Int32Array(K).fill(-1);
  for (let k = 0; k < K; k++) {
    const h = hashOf(wanted[k]);
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
  for (let arm = 0; arm < N; arm++) {
    const h = hash[arm];
    for (let i = h & mask; slot[i] !== 0; i = (i + 1) & mask) {
      const k = slot[i] - 1;
      if (slotHash[i] !== h || wanted[k] !== ids[arm]) continue;
      flags[arm] = 1;
      found[k] = 1;
      break;
    }
  }
  for (let k = 0; k < K; k++) if (same[k] >= 0) found[k] = found[same[k]];
  return { flags, found };
}

const hashes = new WeakMap<readonly string[], Uint32Array>();
/** hashOf each id, kept per ids array (read only; remade if the array's length changed). */
function idHashes(ids: readonly string[]): Uint32Array {
  let hash = hashes.get(ids);
  if (hash?.length !== ids.length) {
    hash = new Uint32Array(ids.length);
    for (let arm = 0; arm < ids.length; arm++) hash[arm] = hashOf(ids[arm]);
    hashes.set(ids, hash);
  }
  return hash;
}

/** FNV-1a over the id's UTF-16 units, mixed (murmur3's finalizer) so that the table's low bits spread. */
function hashOf(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  return (h ^ (h >>> 13)) >>> 0;
}
