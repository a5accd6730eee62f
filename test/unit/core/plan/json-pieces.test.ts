// jsonPieces: the pieces of a document join to exactly JSON.stringify's text, with each RawText alone
// at an odd place (the CLI writes those as Latin-1), whatever surrounds it.
import { describe, expect, test } from 'vitest';
import { jsonPieces, RawText } from '../../../../src/core/plan/json-pieces.ts';

/** The document with each RawText as its string: what JSON.stringify must write. */
const plain = (v: unknown): unknown =>
  v instanceof RawText
    ? v.text
    : Array.isArray(v)
      ? v.map(plain)
      : v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]))
        : v;

describe('jsonPieces', () => {
  test("joins to JSON.stringify's text, RawText pieces alone at odd places", () => {
    const docs: unknown[] = [
      { a: new RawText('QUJD'), b: [new RawText(''), null, 1.5, -0, NaN, 'é\n"\u2028'], c: undefined },
      [new RawText('AA=='), [new RawText('AAA=')], { x: () => 1, y: Symbol('s'), z: [undefined, 2] }],
      { ids: ['a', 'b\u0000', '"'], deep: { deeper: { raw: new RawText('QQ==') } }, d: new Date(0), '1': true },
      new RawText('QUI='),
      'plain',
      { empty: {}, list: [], n: null },
      [undefined, () => 0, new RawText('x')],
    ];
    for (const doc of docs) {
      const pieces = jsonPieces(doc);
      expect(pieces.join('')).toBe(JSON.stringify(plain(doc)));
      expect(pieces.length % 2).toBe(1);
      const raws: string[] = [];
      const collect = (v: unknown): void => {
        if (v instanceof RawText) raws.push(v.text);
        else if (v !== null && typeof v === 'object' && !(v instanceof Date)) Object.values(v).forEach(collect);
      };
      collect(doc);
      expect(pieces.filter((_, i) => i % 2 === 1)).toEqual(raws);
    }
  });
});
