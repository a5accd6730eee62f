// Packed columns against a slow, obviously correct twin (bit i*width + j of the stream is bit j of
// value i, least significant first): features of every width, NaN and doubles, registers whose size
// is not a multiple of 8, and bit planes of 0/1 values and of values that are not.
import { describe, expect, test } from 'vitest';
import { asTable, rowMajor } from '../../../../src/core/instance/feature-table.ts';
import {
  packFeatureColumn,
  packFeatures,
  packStates,
  unpackFeatures,
  unpackStates,
} from '../../../../src/core/plan/bit-columns.ts';
import { packBits, unpackBits } from '../../../../src/core/plan/bit-pack.ts';
import { seededRandom } from '../../../../src/core/random/seeded-random.ts';

/** The twin: value i's bits one by one. */
function slowPack(values: number[], width: number, offset: number): number[] {
  const out = new Array(Math.ceil((values.length * width) / 8)).fill(0);
  values.forEach((v, i) => {
    for (let j = 0; j < width; j++)
      if (Math.floor((v - offset) / 2 ** j) % 2 === 1) out[(i * width + j) >> 3] |= 1 << ((i * width + j) & 7);
  });
  return out;
}

describe('packed feature columns', () => {
  test.each([1, 7, 8, 9, 63, 1000])('of %i beneficiaries pack as the twin does and unpack exactly', (N) => {
    const random = seededRandom(N);
    const widths = [0, 1, 2, 3, 5, 8, 11, 16, 23, 24];
    const offsets = [0, 1, -3, 6, 1e6, -1e9, 0, 40, 2 ** 40, 7];
    const cols: number[][] = widths.map((w, f) =>
      Array.from(
        { length: N },
        (_, i) => offsets[f] + (w === 0 ? 0 : i === 0 ? 2 ** w - 1 : i === 1 ? 0 : random.int(2 ** w)),
      ),
    );
    cols.push(Array.from({ length: N }, () => random.next() * 10)); // doubles
    cols.push(Array.from({ length: N }, (_, i) => (i % 3 === 1 ? NaN : i % 2))); // 0/1 with missing values
    cols.push(Array.from({ length: N }, (_, i) => (i === 0 ? -0 : i))); // -0 stays exact: a double
    const F = cols.length;
    const features = new Float64Array(N * F);
    for (let arm = 0; arm < N; arm++) for (let f = 0; f < F; f++) features[arm * F + f] = cols[f][arm];
    const table = asTable(features, N, F);
    const packed = packFeatures(table);
    widths.forEach((_w, f) => {
      const c = packed[f];
      if (c.type !== 'bits') throw new Error(`column ${f} is ${c.type}`);
      const span = Math.max(...cols[f]) - Math.min(...cols[f]);
      expect(c.width).toBe(span === 0 ? 0 : Math.floor(Math.log2(span)) + 1);
      expect(Array.from(c.data)).toEqual(slowPack(cols[f], c.width, c.offset));
      expect(c.missing).toBeNull();
    });
    expect(packed[widths.length].type).toBe('f64');
    expect(packed[widths.length + 1]).toMatchObject({ type: 'bits', width: N > 1 ? 1 : 0 });
    expect(packed[widths.length + 2].type).toBe('f64');
    const unpacked = unpackFeatures(packed, N);
    // each column back in the type the table holds it in (bytes where every value is one)
    expect(unpacked.columns.map((c) => c.constructor.name)).toEqual(table.columns.map((c) => c.constructor.name));
    const back = rowMajor(unpacked);
    expect(back.length).toBe(features.length);
    for (let k = 0; k < features.length; k++) expect(Object.is(back[k], features[k])).toBe(true);
  });
});

describe('0/1 byte columns (packed a word at a time)', () => {
  test('pack as the same values held as doubles do, constant, in the tail, off a word boundary', () => {
    for (const N of [8, 9, 15, 16, 37, 1000]) {
      const cases: number[][] = [
        Array.from({ length: N }, (_, i) => ((i * 5) % 7 < 3 ? 1 : 0)),
        Array.from({ length: N }, () => 0),
        Array.from({ length: N }, () => 1),
        Array.from({ length: N }, (_, i) => (i === N - 1 ? 1 : 0)), // the one 1 in the last value
        Array.from({ length: N }, (_, i) => (i === N - 1 ? 0 : 1)),
        Array.from({ length: N }, (_, i) => (i === N - 1 ? 2 : i % 2)), // a 2 after the whole words
        Array.from({ length: N }, (_, i) => (i === 3 ? 2 : i % 2)),
      ];
      for (const values of cases) {
        const twin = packFeatureColumn(Float64Array.from(values), N);
        expect(packFeatureColumn(Uint8Array.from(values), N), `${N}: ${values.join('')}`).toEqual(twin);
        const shifted = new Uint8Array(N + 1).subarray(1);
        shifted.set(values);
        expect(packFeatureColumn(shifted, N)).toEqual(twin);
      }
    }
  });

  test("a week's 2 states pack as the twin does, unobserved ones (255) in the words or the tail", () => {
    for (const N of [8, 13, 64, 1001]) {
      for (const at of [-1, 2, N - 1]) {
        const states = Uint8Array.from({ length: N }, (_, i) => (i === at ? 255 : (i * 3) % 5 < 2 ? 1 : 0));
        const plane = packStates(states, 1);
        expect(plane.missing === null).toBe(at < 0);
        expect(Array.from(plane.data)).toEqual(
          slowPack(
            Array.from(states, (v) => (v === 255 ? 0 : v)),
            1,
            0,
          ),
        );
        expect(Array.from(unpackStates(plane, 1, N))).toEqual(Array.from(states));
      }
    }
  });
});

describe('bit planes', () => {
  test('pack 0/1 values eight to a byte, as the twin does, and back', () => {
    for (const N of [0, 5, 8, 13, 64, 1001]) {
      const values = Uint8Array.from({ length: N }, (_, i) => ((i * 7) % 3 === 0 ? 1 : 0));
      const bits = packBits(values);
      expect(Array.from(bits)).toEqual(slowPack(Array.from(values), 1, 0));
      expect(Array.from(unpackBits(bits, N))).toEqual(Array.from(values));
    }
  });

  test('count any non-zero value as 1, at any offset of its buffer', () => {
    const values = Uint8Array.from({ length: 37 }, (_, i) => (i % 4 === 0 ? 2 + i : 0));
    const expected = slowPack(
      Array.from(values, (v) => (v ? 1 : 0)),
      1,
      0,
    );
    expect(Array.from(packBits(values))).toEqual(expected);
    const shifted = new Uint8Array(values.length + 1).subarray(1);
    shifted.set(values);
    expect(Array.from(packBits(shifted))).toEqual(expected);
  });

  test("keep a week's states at their width with unobserved ones marked apart", () => {
    const states = Uint8Array.from([0, 2, 1, 255, 2, 0, 0, 1, 255, 1]);
    for (const width of [2, 3]) {
      const plane = packStates(states, width);
      expect(plane.missing).not.toBeNull();
      expect(Array.from(unpackStates(plane, width, states.length))).toEqual(Array.from(states));
    }
    const two = Uint8Array.from([0, 1, 1, 0, 1]);
    expect(packStates(two, 1).missing).toBeNull();
    expect(Array.from(unpackStates(packStates(two, 1), 1, 5))).toEqual([0, 1, 1, 0, 1]);
  });
});
