// One table as an XLSX workbook (Office Open XML, ECMA-376): a single sheet, a bold header row that
// stays in view, numbers as numbers and text as inline strings (never formulas, whatever it begins
// with), columns sized to their text. Written by hand over zip-store.ts so that the core needs no
// spreadsheet library; the parts are the minimum Excel, LibreOffice and Google Sheets open.
import { utf8Bytes as utf8 } from '../datasets/utf8.ts';
import { zipStore } from './zip-store.ts';

export interface SheetTable {
  /** The sheet's name (at most 31 characters, without []:*?/\). */
  name: string;
  header: string[];
  /** Rows of cells: a number (non-finite: empty), text, or null (empty). */
  rows: (string | number | null)[][];
  /** Widths in characters per column (default: from the header and the first 200 rows, 6 to 60). */
  widths?: number[];
}

const xml = (s: string) =>
  s
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const SPREADSHEET = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const PACKAGE = 'http://schemas.openxmlformats.org/package/2006';
const OFFICE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
const CONTENT_TYPES = [
  `${HEAD}<Types xmlns="${PACKAGE}/content-types">`,
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>',
  '<Default Extension="xml" ContentType="application/xml"/>',
  `<Override PartName="/xl/workbook.xml" ContentType="${MIME}.sheet.main+xml"/>`,
  `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${MIME}.worksheet+xml"/>`,
  `<Override PartName="/xl/styles.xml" ContentType="${MIME}.styles+xml"/></Types>`,
].join('');
const relationships = (targets: [string, string][]) =>
  `${HEAD}<Relationships xmlns="${PACKAGE}/relationships">` +
  targets.map(([type, to], i) => `<Relationship Id="rId${i + 1}" Type="${OFFICE}/${type}" Target="${to}"/>`).join('') +
  '</Relationships>';
const ROOT_RELS = relationships([['officeDocument', 'xl/workbook.xml']]);
const WORKBOOK_RELS = relationships([
  ['worksheet', 'worksheets/sheet1.xml'],
  ['styles', 'styles.xml'],
]);
// Style 0: the default; style 1: bold (the header).
const font = (bold: boolean) => `<font>${bold ? '<b/>' : ''}<sz val="11"/><name val="Calibri"/></font>`;
const STYLES = [
  `${HEAD}<styleSheet xmlns="${SPREADSHEET}">`,
  `<fonts count="2">${font(false)}${font(true)}</fonts>`,
  '<fills count="2"><fill><patternFill patternType="none"/></fill>',
  '<fill><patternFill patternType="gray125"/></fill></fills>',
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>',
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>',
  '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>',
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>',
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>',
].join('');

/** The column's letters: 0 -> A, 25 -> Z, 26 -> AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function cell(value: string | number | null, ref: string, style = 0): string {
  const s = style ? ` s="${style}"` : '';
  if (value === null || (typeof value === 'number' && !Number.isFinite(value))) return '';
  if (typeof value === 'number') return `<c r="${ref}"${s}><v>${value}</v></c>`;
  return `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${xml(value)}</t></is></c>`;
}

function sheetXml(table: SheetTable): string {
  const { header, rows } = table;
  const widths =
    table.widths ??
    header.map((h, c) => {
      let w = h.length;
      for (const row of rows.slice(0, 200)) w = Math.max(w, String(row[c] ?? '').length);
      return Math.min(60, Math.max(6, w + 1));
    });
  const out: string[] = [
    `${HEAD}<worksheet xmlns="${SPREADSHEET}">`,
    '<sheetViews><sheetView workbookViewId="0">',
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>',
    `<cols>${widths.map((w, c) => `<col min="${c + 1}" max="${c + 1}" width="${w}" customWidth="1"/>`).join('')}`,
    '</cols>',
    '<sheetData>',
    `<row r="1">${header.map((h, c) => cell(h, `${columnName(c)}1`, 1)).join('')}</row>`,
  ];
  const letters = header.map((_, c) => columnName(c));
  rows.forEach((row, r) => {
    const cells = row.map((v, c) => cell(v, `${letters[c] ?? columnName(c)}${r + 2}`));
    out.push(`<row r="${r + 2}">${cells.join('')}</row>`);
  });
  out.push('</sheetData></worksheet>');
  return out.join('');
}

/** The workbook's bytes (see the top of this file). */
export function xlsxSheet(table: SheetTable): Uint8Array {
  const name = xml(table.name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1');
  const workbook =
    `${HEAD}<workbook xmlns="${SPREADSHEET}" xmlns:r="${OFFICE}">` +
    `<sheets><sheet name="${name}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
  return zipStore([
    { name: '[Content_Types].xml', data: utf8(CONTENT_TYPES) },
    { name: '_rels/.rels', data: utf8(ROOT_RELS) },
    { name: 'xl/workbook.xml', data: utf8(workbook) },
    { name: 'xl/_rels/workbook.xml.rels', data: utf8(WORKBOOK_RELS) },
    { name: 'xl/styles.xml', data: utf8(STYLES) },
    { name: 'xl/worksheets/sheet1.xml', data: utf8(sheetXml(table)) },
  ]);
}
