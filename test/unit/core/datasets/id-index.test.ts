// IdIndex numbers ids given as bytes (the history's rows) and as text (the worker column) in one table: each id
// its number in order of first appearance, the same for its text and its UTF-8 bytes, checked against a Map.
import { describe, expect, it } from 'vitest';
import { IdIndex } from '../../../../src/core/datasets/id-index.ts';
import { utf8Bytes } from '../../../../src/core/datasets/utf8.ts';
import { seededRandom } from '../../../../src/core/random/seeded-random.ts';

const NAMES = ['asha', 'Asha', 'asha ', 'ASHA 7', 'Śakuntalā', 'राधा', '😀 w', '', 'a', 'é', 'é'];

describe('IdIndex', () => {
  it('numbers texts and bytes alike, as a Map of the texts does, through its growths', () => {
    const random = seededRandom(3);
    const index = new IdIndex();
    const reference = new Map<string, number>();
    for (let j = 0; j < 20000; j++) {
      const name = random.int(4) === 0 ? NAMES[random.int(NAMES.length)] : `w${random.int(5000)}`;
      const asBytes = random.int(2) === 0;
      const bytes = utf8Bytes(name);
      const got = asBytes ? index.add(bytes, 0, bytes.length) : index.addText(name);
      const known = reference.get(name);
      if (known === undefined) reference.set(name, reference.size);
      expect(got).toBe(known === undefined ? reference.size - 1 : -(known + 1));
      expect(index.find(bytes, 0, bytes.length)).toBe(reference.get(name));
    }
    expect(index.size).toBe(reference.size);
    expect(index.texts()).toEqual([...reference.keys()]);
  });
});
