// The features file's byte table reads every cell as the text table does (its reference twin, csvCells):
// the same kind, number (bit for bit, -0 included), text and line, for written numbers of every shape
// and for cells the fast path leaves to the text (exponents, "0,5", spaces outside ASCII, 16 digits).
import { describe, expect, test } from 'vitest';
import { readByteTable } from '../../../../src/core/datasets/byte-table.ts';
import { csvCells } from '../../../../src/core/datasets/cell-table.ts';
import { parseCsv } from '../../../../src/core/datasets/csv.ts';
import { seededRandom } from '../../../../src/core/random/seeded-random.ts';
import { utf8Bytes } from '../../../../src/core/datasets/utf8.ts';

const SHAPES = [
  '0',
  '1',
  '-0',
  '+3',
  '007',
  '1.',
  '.5',
  '-.25',
  '0.1',
  '3.14159',
  '-0.000',
  '123456789012345',
  '1234567890123456',
  '0.30000000000000004',
  '1e3',
  '2E-2',
  '1e999',
  'NaN',
  'inf',
  '',
  '  ',
  ' 12 ',
  '\u00a012',
  'abc',
  'पालघर',
  '.',
  '-',
  '1.2.3',
  '+-1',
  '"4,5"',
  '9007199254740993',
  '0.1234567890123456789',
];

function cellsAlike(text: string) {
  const bytes = readByteTable(utf8Bytes(text), 'f'),
    strings = csvCells(parseCsv(text, 'f'));
  expect(bytes.rowCount).toBe(strings.rowCount);
  for (let r = 0; r < strings.rowCount; r++) {
    expect(bytes.line(r)).toBe(strings.line(r));
    for (let c = 0; c < strings.header.length; c++) {
      const where = `row ${r} column ${c}: ${JSON.stringify(strings.text(r, c))}`;
      expect(bytes.text(r, c), where).toBe(strings.text(r, c));
      expect(bytes.kind(r, c), where).toBe(strings.kind(r, c));
      expect(Object.is(bytes.number(r, c), strings.number(r, c)), where).toBe(true);
    }
  }
}

describe('ByteTable', () => {
  test('every written shape reads as the text table reads it (comma and semicolon files)', () => {
    cellsAlike(['id,x', ...SHAPES.map((v, i) => `${i},${v.includes(',') ? v : `"${v}"`}`)].join('\n'));
    cellsAlike(['id;x', ...SHAPES.map((v, i) => `${i};${v.replace(/"/g, '')}`), '99;0,5', '100;-1,25'].join('\r\n'));
  });

  test('random decimals read bit for bit as Number() reads them (seeded)', () => {
    const random = seededRandom(11).next;
    const rows = Array.from({ length: 3000 }, (_, i) => {
      const digits = 1 + Math.floor(random() * 17);
      let v = '';
      for (let d = 0; d < digits; d++) v += Math.floor(random() * 10);
      const dot = Math.floor(random() * (digits + 1));
      const written = random() < 0.7 ? `${v.slice(0, dot)}.${v.slice(dot)}` : v;
      return `${i},${random() < 0.3 ? '-' : ''}${written}`;
    });
    cellsAlike(['id,x', ...rows].join('\n'));
  });
});
