import { describe, expect, test } from 'vitest';
import { parseArmsCsv } from '../../../../src/core/datasets/arms-csv.ts';
import { CsvError } from '../../../../src/core/datasets/csv.ts';

function refused(text: string): CsvError {
  try {
    parseArmsCsv(text, 'arms.csv');
  } catch (error) {
    if (error instanceof CsvError) return error;
    throw error;
  }
  throw new Error('the file was accepted');
}

describe('the 2-state arm CSV', () => {
  test('refuses a header without a q column, naming the missing column', () => {
    const e = refused('q00,q01,q10\n0.1,0.2,0.3\n');
    expect(e.message).toBe(
      'arms.csv, line 1: the header has no "q11" column (expected q00,q01,q10,q11 and optionally r0,r1)',
    );
  });

  test('refuses a probability outside [0, 1], NaN and an empty value, naming line and column', () => {
    expect(refused('id,q00,q01,q10,q11\na,0.1,0.2,0.3,0.4\nb,0.1,1.5,0.3,0.4\n').message).toBe(
      'arms.csv, line 3, column 3 ("q01"): 1.5 is not a probability in [0, 1]',
    );
    expect(refused('q00,q01,q10,q11\n0.1,0.2,NaN,0.4\n').message).toBe(
      'arms.csv, line 2, column 3 ("q10"): "NaN" is not a number',
    );
    expect(refused('q00,q01,q10,q11,r0,r1\n0.1,0.2,0.3,0.4,,1\n').message).toBe(
      'arms.csv, line 2, column 5 ("r0"): the value is empty',
    );
  });

  test('refuses a row with too few fields and a lone reward column', () => {
    expect(refused('q00,q01,q10,q11\n0.1,0.2,0.3\n').message).toMatch(
      /^arms\.csv, line 2: expected 4 fields as in the header, found 3/,
    );
    expect(refused('q00,q01,q10,q11,r1\n0.1,0.2,0.3,0.4,2\n').message).toMatch(/has r1 but no r0/);
  });

  test('refuses a header with no arms', () => {
    expect(refused('q00,q01,q10,q11\n').message).toBe('arms.csv, line 1: the file has a header but no arms');
  });

  test(
    'reads both next states of every (state, action), default rewards 0 and 1, ids, and ignores ' + 'other columns',
    () => {
      const arms = parseArmsCsv('id,note,q00,q01,q10,q11\nx,hello,0.1,0.2,0.3,0.4\ny,,0,1,0.5,0.25\n');
      expect(arms.ids).toEqual(['x', 'y']);
      expect(Array.from(arms.transitions.subarray(0, 8))).toEqual([0.9, 0.1, 0.8, 0.2, 0.7, 0.3, 0.6, 0.4]);
      expect(Array.from(arms.transitions.subarray(8))).toEqual([1, 0, 0, 1, 0.5, 0.5, 0.75, 0.25]);
      expect(Array.from(arms.rewards)).toEqual([0, 1, 0, 1]);
    },
  );

  test('reads rewards of any sign; ids default to row numbers', () => {
    const arms = parseArmsCsv('r1,q00,q01,q10,q11,r0\n10,0.1,0.2,0.3,0.4,-2.5\n');
    expect(arms.ids).toEqual(['0']);
    expect(Array.from(arms.rewards)).toEqual([-2.5, 10]);
  });
});

describe('the fast reader for files without quotes', () => {
  /** The same text with its last data row's first field quoted, which sends it to the general reader. */
  const quoted = (text: string) => text.replace(/\n([^\n,;]+)([,;][^\n]*)\n$/, '\n"$1"$2\n');

  test('gives the same arms and the same errors as the general CSV reader', () => {
    const plain = '\n\nid,q00,q01,q10,q11,r0,r1\r\na,0.1,0.2,0.3,0.4,0,1\r\n\r\nb,0.5,0.6,0.7,0.8,-1,2\n';
    expect(quoted(plain)).toContain('"b"');
    expect(parseArmsCsv(plain)).toEqual(parseArmsCsv(quoted(plain)));
    for (const bad of [
      'q00,q01,q10,q11\n0.1,0.2,0.3\n',
      'q00,q01,q10,q11\n\n0.1,0.2,0.3,x\n',
      'q00;q01;q10;q11\n1;2;3;4\n',
      'q00,q01,q10,q11\n0.1,0.2,0.3,0.4,5\n',
    ]) {
      expect(quoted(bad)).toContain('"');
      const fast = refused(bad),
        general = refused(quoted(bad));
      expect([fast.message, fast.line, fast.column]).toEqual([general.message, general.line, general.column]);
    }
  });
});
