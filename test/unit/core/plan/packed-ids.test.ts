// A register's packed ids (packed-ids.ts) and the passes that read them in place, each against an obvious twin on
// lists of strings: slices and appends against array slice and concat, findIds and flagIds against a Map (the
// last arm of a repeated id, as a Map keeps it) and a Set, the holdout's split against idUniform per id, the NFC
// check against nfcIds, and IdIndex.packedTexts against packIds(texts()). Ids hold newlines, commas, quotes, "é"
// in one character and in two, emoji, and nothing.
import { describe, expect, test } from 'vitest';
import { IdIndex } from '../../../../src/core/datasets/id-index.ts';
import { nfcIds, nfcPackedIds } from '../../../../src/core/datasets/nfc-ids.ts';
import { utf8Bytes } from '../../../../src/core/datasets/utf8.ts';
import { holdoutArms, idUniform } from '../../../../src/core/plan/holdout.ts';
import { findIds, flagIds } from '../../../../src/core/plan/id-flags.ts';
import { appendIds, idAt, packIds, sliceIds, unpackIds, type PackedIds } from '../../../../src/core/plan/packed-ids.ts';
import { seededRandom, type Random } from '../../../../src/core/random/seeded-random.ts';

const PARTS = ['a', 'Z', '0', '\n', ',', '"', ' ', '\r', 'é', 'e\u0301', '😀'];
const ASCII = PARTS.slice(0, 8);
const idOf = (r: Random, parts = PARTS) => Array.from({ length: r.int(4) }, () => parts[r.int(parts.length)]).join('');
const idsOf = (r: Random, n: number, parts = PARTS) => Array.from({ length: n }, () => idOf(r, parts));

/** The packed ids are those of the list, whichever way they were read. */
function expectIds(packed: PackedIds, list: string[]) {
  expect(packed).toEqual(packIds(list));
  expect(unpackIds(packed)).toEqual(list);
  expect(list.map((_, i) => idAt(packed, i))).toEqual(list);
}

describe('packed ids', () => {
  test('an empty register packs to nothing and back', () => {
    expect(unpackIds(packIds([]))).toEqual([]);
  });

  test('round-trip exactly, whatever characters the ids hold (commas, newlines, empty, non-ASCII)', () => {
    const ids = ['a', '', 'b,c', 'line\nbreak', 'Ärzt 😀', '42'];
    const packed = packIds(ids);
    expect(packed.text).toBe(ids.join('\n'));
    expectIds(packed, ids);
  });

  test('keep a word boundary between ids, so an id shaped like a key still looks like one', () => {
    expect(packIds(['a', 'AIzaSyA1234567890abcdefghijklmnopqrstuv']).text).toMatch(/\bAIza/);
  });

  test('slices and appends are those of the lists, slices of an appended list included', () => {
    const r = seededRandom(1);
    for (let round = 0; round < 2000; round++) {
      const list = idsOf(r, r.int(7)),
        more = idsOf(r, r.int(4));
      const packed = packIds(list),
        n = list.length;
      const from = r.int(n + 1),
        to = r.int(n + 1);
      expectIds(sliceIds(packed, from, to), list.slice(from, to));
      const grown = appendIds(packed, more);
      expectIds(grown, [...list, ...more]);
      expectIds(sliceIds(grown, 0, n), list);
      expectIds(sliceIds(grown, n, n + more.length), more);
    }
  });

  test('findIds and flagIds find the arms a Map finds (its last of a repeated id) and flag those a Set has', () => {
    const r = seededRandom(2);
    for (let round = 0; round < 2000; round++) {
      const list = idsOf(r, r.int(8));
      const wanted = [...idsOf(r, r.int(5)), ...list.filter(() => r.next() < 0.3)];
      const arm = new Map(list.map((id, a) => [id, a]));
      const set = new Set(wanted);
      const found = findIds(packIds(list), wanted);
      expect(Array.from(found.arm)).toEqual(wanted.map((id) => arm.get(id) ?? -1));
      expect(Array.from(found.flags)).toEqual(list.map((id) => (set.has(id) ? 1 : 0)));
      const kept = flagIds(packIds(list), wanted);
      expect(kept).toEqual(found);
    }
  });

  test("the holdout's split of packed ids is idUniform of each id", () => {
    const r = seededRandom(3);
    for (let round = 0; round < 500; round++) {
      const list = idsOf(r, r.int(30)),
        share = r.next(),
        seed = r.int(1000);
      const split = holdoutArms(packIds(list), share, seed);
      expect(Array.from(split)).toEqual(list.map((id) => (idUniform(seed, id) < share ? 1 : 0)));
    }
  });

  test('nfcPackedIds normalizes as nfcIds does, and says nothing of ids already in NFC', () => {
    const r = seededRandom(4);
    for (let round = 0; round < 2000; round++) {
      const list = idsOf(r, r.int(6));
      const packed = nfcPackedIds(packIds(list)),
        plain = nfcIds(list);
      if (!plain) expect(packed).toBeNull();
      else {
        expectIds(packed!.ids, plain.ids);
        expect(packed!.merged).toEqual(plain.merged);
      }
    }
  });

  test("IdIndex.packedTexts are its texts packed: ASCII or not, added as bytes or text, past a chunk's 8,192", () => {
    const r = seededRandom(5);
    for (let round = 0; round < 1000; round++) {
      const parts = r.next() < 0.5 ? ASCII : PARTS;
      const index = new IdIndex(r.int(2) ? 0 : 8);
      for (let i = r.int(8); i > 0; i--) {
        const id = idOf(r, parts);
        if (r.next() < 0.5) index.addText(id);
        else {
          const bytes = utf8Bytes(id);
          index.add(bytes, 0, bytes.length);
        }
      }
      expectIds(index.packedTexts(), index.texts());
    }
    const big = new IdIndex();
    for (let i = 0; i < 30_000; i++) big.addText(`id${i}${i % 7 === 0 ? '\n,"' : ''}`);
    expectIds(big.packedTexts(), big.texts());
  });
});
