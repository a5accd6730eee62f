// PLAN.json's typed columns as base64: the table-driven encoder against Node's own base64 (the
// obviously correct twin) at every length of the last group, and read back by fromBase64.
import { describe, expect, test } from 'vitest';
import { fromBase64, toBase64 } from '../../../../src/core/plan/plan-json.ts';
import { seededRandom } from '../../../../src/core/random/seeded-random.ts';

describe('PLAN.json base64', () => {
  test('equals Node\'s base64 for every length from 0 to 64 and a 1 MB array, and reads back', () => {
    const random = seededRandom(7).next;
    for (const n of [...Array.from({ length: 65 }, (_, i) => i), (1 << 20) + 1]) {
      const bytes = Uint8Array.from({ length: n }, () => Math.floor(256 * random()));
      const text = toBase64(bytes);
      expect(text).toBe(Buffer.from(bytes).toString('base64'));
      expect(fromBase64(text)).toEqual(bytes);
    }
  });

  test('encodes a view at an offset by its own bytes only', () => {
    const all = Float64Array.from([1.5, -2, 3e300, Number.NaN]);
    const view = new Float64Array(all.buffer, 8, 2);
    expect(toBase64(view)).toBe(Buffer.from(all.buffer, 8, 16).toString('base64'));
  });
});
