import { describe, expect, test } from 'vitest';
import {
  firstJsonError,
  jsonPathPlace,
  parseJsonFile,
  parseJsonPath,
} from '../../../../src/core/datasets/json-place.ts';

describe('places in JSON text', () => {
  test('the first character that cannot continue valid JSON, whatever the engine says', () => {
    expect(firstJsonError('{"a": [1, 2]}')).toBe(-1);
    expect(firstJsonError('{"a": [1, 2,]}')).toBe(12);
    expect(firstJsonError('{"a": 1,}')).toBe(8);
    expect(firstJsonError('{"a": tru}')).toBe(6);
    expect(firstJsonError('{"a": "x\\q"}')).toBe(9);
    expect(firstJsonError('{"a": 01}')).toBe(7);
    expect(firstJsonError('{"a": [1')).toBe(8);
    expect(firstJsonError('[1] 2')).toBe(4);
    for (const text of ['{}', '[]', '"\\u00e9"', '-0.5e-3', 'null', ' {"a": {"b": [true, false, null]}} ']) {
      expect(firstJsonError(text)).toBe(-1);
      expect(() => JSON.parse(text)).not.toThrow();
    }
  });

  test('a syntax error is reported with its line and column and the text near it', () => {
    expect(() => parseJsonFile('{\n  "a": 1,\n  b: 2\n}', 'f.json', 'an object')).toThrow(
      'f.json, line 3, column 3: not valid JSON near "b: 2"',
    );
    expect(() => parseJsonFile('{"a": [1, 2', 'f.json', 'an object')).toThrow(
      'f.json, line 1, column 12: not valid JSON (the file ends too early)',
    );
    expect(() => parseJsonFile(' \n', 'f.json', 'an object')).toThrow('f.json is empty: expected an object');
  });

  test(
    'a value is found by its path; a missing key points at its parent; repeated keys at the last, as ' +
      'JSON.parse keeps',
    () => {
      const text = '{\n  "a": {"b": [10, {"c": 3}]},\n  "d": "x",\n  "d": "y"\n}';
      expect(parseJsonPath('a.b[1].c')).toEqual(['a', 'b', 1, 'c']);
      expect(parseJsonPath('groups["Age"][2]')).toEqual(['groups', 'Age', 2]);
      expect(jsonPathPlace(text, ['a', 'b', 1, 'c'])).toEqual({ line: 2, column: 25 });
      expect(jsonPathPlace(text, ['a', 'b', 0])).toEqual({ line: 2, column: 15 });
      expect(jsonPathPlace(text, ['a', 'missing'])).toEqual({ line: 2, column: 8 });
      expect(jsonPathPlace(text, ['a', 'b', 5])).toEqual({ line: 2, column: 14 });
      expect(jsonPathPlace(text, ['d'])).toEqual({ line: 4, column: 8 });
    },
  );
});
