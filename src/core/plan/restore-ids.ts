// A stored plan's ids checked (restore-plan.ts checks the rest; the ids are a job of their own, and the
// largest part of a read after the columns): every id there and not empty, the packed offsets where the
// text says, and the ids in Unicode NFC, two that become one refused.
import { mergedIdsWords, nfcPackedIds } from '../datasets/nfc-ids.ts';
import type { PackedIds } from './packed-ids.ts';
import type { Checks } from './plan-checks.ts';

/** The register's ids (packed: from a store, or PLAN.json's list packed), in NFC. */
export function checkIds(c: Checks, raw: unknown, N: number): PackedIds {
  const o = c.object(raw, 'register.ids');
  if (o.ends instanceof Uint32Array && o.ends.length !== N)
    c.fail('register.ids', `holds ${o.ends.length} ids, expected ${N}`);
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
  const normalized = nfcPackedIds({ text, ends });
  if (!normalized) return { text, ends };
  if (normalized.merged.length) {
    const [a, b] = normalized.merged[0];
    c.fail(
      'register.ids',
      `holds ${mergedIdsWords(a, b)}, one id once normalized (Unicode NFC): two beneficiaries cannot share an id`,
    );
  }
  return normalized.ids;
}
