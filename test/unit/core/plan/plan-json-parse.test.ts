// parsePlanJson: the same value as JSON.parse for every text (long lists of plain strings cut by split,
// everything else JSON.parse's), and JSON.parse's own error for a text that is not JSON.
import { describe, expect, test } from 'vitest';
import { parsePlanJson } from '../../../../src/core/plan/plan-json-parse.ts';

const ids = (n: number, f = (i: number) => `m${i}`) => Array.from({ length: n }, (_, i) => f(i));
const long = JSON.stringify(ids(2000));

/** What JSON.parse throws for `text`, or null. */
const errorOf = (parse: (t: string) => unknown, text: string) => {
  try {
    parse(text);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('parsePlanJson', () => {
  test("gives JSON.parse's value, lists cut or not", () => {
    const texts = [
      `{"ids":${long},"n":1}`,
      `{"a":{"ids":${long}},"b":[${long},${long}],"c":"x"}`,
      // escapes, control characters written as escapes, a quote in a value: JSON.parse reads those lists
      `{"ids":${JSON.stringify(ids(2000, (i) => (i === 1500 ? 'a"b' : `m${i}`)))}}`,
      `{"ids":${JSON.stringify(ids(2000, (i) => (i === 1999 ? 'a\\b\n' : `m${i}`)))}}`,
      `{"ids":${JSON.stringify(ids(2000, (i) => (i === 3 ? '"]' : i === 4 ? '","' : `m${i}`)))}}`,
      // a list that is not all text, with a '"]' far after it; a list inside a string; white space
      `{"mixed":["a",1,${long.slice(1, -1)}],"later":["x"]}`,
      `{"s":"[\\"${'y'.repeat(5000)}\\"]","ids":${long}}`,
      `{"ids": [ "a" , ${long.slice(1)} }`.replace(' }', '}'),
      // empty strings, non-ASCII, surrogates as they are, the key "__proto__"
      `{"ids":${JSON.stringify(ids(3000, (i) => ['', 'é', '\u{1F600}', '\ud800', 'x'][i % 5]))}}`,
      `{"__proto__":${long},"ids":${long}}`,
      `[${long},"\\u0000",${long}]`,
      `${long}`,
      '[]',
      '{"a":[]}',
    ];
    for (const text of texts) {
      const want = JSON.parse(text);
      const got = parsePlanJson(text);
      expect(got).toEqual(want);
      expect(JSON.stringify(got)).toBe(JSON.stringify(want));
      if (typeof want === 'object' && want !== null && Object.hasOwn(want, '__proto__'))
        expect(Object.getPrototypeOf(got)).toBe(Object.prototype);
    }
  });

  test("refuses what JSON.parse refuses, with JSON.parse's message", () => {
    const texts = [
      `{"ids":${long.replace('"m5"', '"m\u00015"')}}`, // a control character inside a long list
      `{"ids":${long.replace('"m5"', '"m\u00005"')}}`,
      `{"ids":${long},}`,
      `{"ids":${long}`,
      `{"ids":${long.slice(0, -1)}`,
      `{"ids":${long}} x`,
      `{"ids":${long},"s":"unterminated}`,
    ];
    for (const text of texts) {
      const message = errorOf(JSON.parse, text);
      expect(message).not.toBeNull();
      expect(errorOf(parsePlanJson, text)).toBe(message);
    }
  });
});
