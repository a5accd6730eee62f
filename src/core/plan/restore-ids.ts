// A stored plan's ids checked (restore-plan.ts checks the rest; the ids are a job of their own, and the
// largest part of a read after the columns): every id there and not empty, the packed offsets where the
// text says, and the ids in Unicode NFC, two that become one refused.
import { isAscii, mergedIdsWords, nfcIds } from '../datasets/nfc-ids.ts';
import { knownIds, packIds, unpackIds, type PackedIds } from './packed-plan.ts';
import type { Checks } from './plan-checks.ts';

/** The register's ids (a list read from PLAN.json, or packed from a store), in NFC. */
export function checkIds(c: Checks, raw: unknown, N: number): PackedIds {
  const o = c.object(raw, 'register.ids');
  const known = knownIds(o as unknown as PackedIds);
  // A list read from PLAN.json is checked as a list (its text is joined only if a store needs it).
  if (known) {
    if (known.length !== N) c.fail('register.ids', `holds ${known.length} ids, expected ${N}`);
    let ascii = true;
    for (let i = 0; i < N; i++) {
      const id = known[i];
      if (id.length === 0) c.fail('register.ids', `id ${i} is empty; every beneficiary needs her own id`);
      for (let k = 0; k < id.length && ascii; k++) if (id.charCodeAt(k) > 127) ascii = false;
    }
    return ascii ? (o as unknown as PackedIds) : nfcChecked(c, known, o as unknown as PackedIds);
  }
  const text = c.text(o.text, 'register.ids.text', Number.MAX_SAFE_INTEGER);
  const ends = c.typed(o.ends, Uint32Array, 'register.ids.ends', N);
  for (let i = 0, start = 0; i < N; start = ends[i++] + 1) {
    const end = ends[i];
    if (!(end > start && end <= text.length) || (i < N - 1 ? text.charCodeAt(end) !== 10 : end !== text.length)) {
      c.fail(
        'register.ids',
        `id ${i} is ${end === start ? 'empty' : 'not where the offsets say'}; every beneficiary needs her own id`,
      );
    }
  }
  return isAscii(text) ? { text, ends } : nfcChecked(c, unpackIds({ text, ends }), { text, ends });
}

/** The ids in NFC (packed anew when any changed); two that become one are refused. */
function nfcChecked(c: Checks, ids: readonly string[], packed: PackedIds): PackedIds {
  const normalized = nfcIds(ids);
  if (!normalized) return packed;
  if (normalized.merged.length) {
    const [a, b] = normalized.merged[0];
    c.fail(
      'register.ids',
      `holds ${mergedIdsWords(a, b)}, one id once normalized (Unicode NFC): two beneficiaries cannot share an id`,
    );
  }
  return packIds(normalized.ids);
}
