// An independent reader of the XLSX files the core writes, for the tests: the ZIP walked from its end
// record through its central directory, each entry's CRC-32 checked with Node's zlib, and sheet 1's
// cells read back by reference (numbers as numbers, inline strings as text).
import { crc32 as nodeCrc32 } from 'node:zlib';
import { expect } from 'vitest';

/** The entries of a ZIP, read from its central directory (the end record's offset), each CRC checked. */
export function readZip(bytes: Uint8Array): Map<string, string> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = bytes.length - 22;
  expect(view.getUint32(end, true)).toBe(0x06054b50);
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  // the directory's size is the bytes between its start and the end record
  expect(view.getUint32(end + 12, true)).toBe(end - at);
  const out = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    expect(view.getUint32(at, true)).toBe(0x02014b50);
    const method = view.getUint16(at + 10, true),
      crc = view.getUint32(at + 16, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true),
      local = view.getUint32(at + 42, true);
    const name = Buffer.from(bytes.subarray(at + 46, at + 46 + nameLength)).toString('utf8');
    expect(view.getUint32(local, true)).toBe(0x04034b50);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = bytes.subarray(start, start + size);
    expect(method).toBe(0);
    expect(nodeCrc32(data) >>> 0, name).toBe(crc);
    out.set(name, Buffer.from(data).toString('utf8'));
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return out;
}

const unescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** Sheet 1's cells by reference: numbers as numbers, inline strings as text. */
export function readSheet(xml: string): Map<string, string | number> {
  const cells = new Map<string, string | number>();
  for (const m of xml.matchAll(/<c r="([A-Z]+\d+)"(?: s="\d+")?( t="inlineStr")?>(.*?)<\/c>/g)) {
    const text = m[2] ? /<is><t xml:space="preserve">(.*?)<\/t><\/is>/s.exec(m[3])![1] : /<v>(.*?)<\/v>/.exec(m[3])![1];
    cells.set(m[1], m[2] ? unescape(text) : Number(text));
  }
  return cells;
}
