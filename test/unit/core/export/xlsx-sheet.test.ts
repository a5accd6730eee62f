// The spreadsheet files the core writes: cells made inert for a CSV opened in Excel, numbers rounded
// for reading, UTF-8 against Node's encoder, the stored ZIP read back by an independent reader (its
// directory walked, each entry's CRC-32 checked with Node's zlib), and the XLSX's sheet read back cell
// by cell: numbers as numbers, text as inline strings whatever it begins with, the header frozen.
import { describe, expect, test } from 'vitest';
import { inertCell, readableNumber } from '../../../../src/core/export/spreadsheet-cell.ts';
import { utf8Bytes as utf8 } from '../../../../src/core/datasets/utf8.ts';
import { columnName, xlsxSheet } from '../../../../src/core/export/xlsx-sheet.ts';
import { crc32, zipStore } from '../../../../src/core/export/zip-store.ts';
import { readSheet, readZip } from './read-xlsx.ts';

describe('cells for spreadsheets', () => {
  test('text a spreadsheet would run as a formula gets an apostrophe; numbers and plain-number text do not', () => {
    for (const t of ['=1+1', '+cmd', '-x', '@SUM(A1)', '\tx', '\rx', '-1+2']) expect(inertCell(t)).toBe(`'${t}`);
    for (const t of ['-2', '+1.5', '-.5e3', 'a=b', ' =x', 'Ages 51-60', '']) expect(inertCell(t)).toBe(t);
    expect(inertCell(-0.25)).toBe(-0.25);
  });

  test('rounds numbers to significant digits for reading', () => {
    expect(readableNumber(0.123456789)).toBe(0.1235);
    expect(readableNumber(123456.7)).toBe(123500);
    expect(readableNumber(-0.0000123456)).toBe(-0.00001235);
    expect(readableNumber(0)).toBe(0);
    expect(readableNumber(NaN)).toBeNaN();
  });

  test("UTF-8 equals Node's encoder, surrogate pairs and lone surrogates included", () => {
    for (const s of ['', 'abc', 'Ages · 51–60 “x”', 'हिन्दी', '😀 a\u{10FFFF}', 'x\uD800y', '\uDC00']) {
      expect(Buffer.from(utf8(s))).toEqual(Buffer.from(s, 'utf8'));
    }
  });
});

describe('a stored ZIP', () => {
  test('CRC-32 of the check string is the standard one', () => {
    expect(crc32(utf8('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array(0))).toBe(0);
  });

  test('reads back entry by entry, names in UTF-8, and the same entries give the same bytes', () => {
    const entries = [
      { name: 'a.txt', data: utf8('hello') },
      { name: 'dir/ü.xml', data: utf8('<x/>') },
      { name: 'empty', data: new Uint8Array(0) },
    ];
    const zip = zipStore(entries);
    expect(Array.from(readZip(zip))).toEqual([
      ['a.txt', 'hello'],
      ['dir/ü.xml', '<x/>'],
      ['empty', ''],
    ]);
    expect(zipStore(entries)).toEqual(zip);
  });
});

describe('an XLSX sheet', () => {
  test('names columns as spreadsheets do', () => {
    const names = ['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA'];
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual(names);
  });

  test("has the workbook's parts, a frozen bold header, numbers as numbers and any text as text", () => {
    const rows = [
      ['=HYPERLINK("a")', 1, 'a < b & "c"', NaN],
      ['-older', 0.25, null, -3],
      ['x\u0001y', 1e-7, 'हिन्दी', 2],
    ];
    const bytes = xlsxSheet({ name: 'Week 27: calls?', header: ['id', 'rank', 'reason', '=x'], rows });
    const parts = readZip(bytes);
    expect([...parts.keys()]).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    expect(parts.get('xl/workbook.xml')).toContain('<sheet name="Week 27  calls " sheetId="1" r:id="rId1"/>');
    const sheet = parts.get('xl/worksheets/sheet1.xml')!;
    expect(sheet).toContain('<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>');
    expect(sheet).toContain('<c r="A1" s="1" t="inlineStr">');
    expect(sheet).not.toContain('<f>');
    expect(Object.fromEntries(readSheet(sheet))).toEqual({
      A1: 'id',
      B1: 'rank',
      C1: 'reason',
      D1: '=x',
      A2: '=HYPERLINK("a")',
      B2: 1,
      C2: 'a < b & "c"',
      A3: '-older',
      B3: 0.25,
      D3: -3,
      A4: 'xy',
      B4: 1e-7,
      C4: 'हिन्दी',
      D4: 2,
    });
  });
});
