// A ZIP archive of stored (uncompressed) entries, enough for an XLSX file (xlsx-sheet.ts): local file
// headers, the central directory and its end record (PKWARE APPNOTE 4.3), CRC-32 per entry, UTF-8 names.
// No compression: a call list of 10^4 lines is a few MB, and the core stays free of a deflate library.
import { utf8Bytes as utf8 } from '../datasets/utf8.ts';

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (IEEE 802.3, as ZIP uses it) of the bytes. */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export interface ZipEntry {
  name: string;
  data: Uint8Array;
}

/** The entries, in order, stored; dated 1 January 1980 (the DOS epoch): the same entries, the same bytes. */
export function zipStore(entries: readonly ZipEntry[]): Uint8Array {
  const names = entries.map((e) => utf8(e.name));
  const crcs = entries.map((e) => crc32(e.data));
  const localSize = entries.reduce((sum, e, i) => sum + 30 + names[i].length + e.data.length, 0);
  const centralSize = names.reduce((sum, n) => sum + 46 + n.length, 0);
  if (localSize + centralSize > 0xffffffff || entries.length > 0xffff) {
    throw new RangeError('the archive is too large for a ZIP without ZIP64');
  }
  const out = new Uint8Array(localSize + centralSize + 22);
  const view = new DataView(out.buffer);
  const offsets: number[] = [];
  let at = 0;
  const u16 = (v: number) => {
    view.setUint16(at, v, true);
    at += 2;
  };
  const u32 = (v: number) => {
    view.setUint32(at, v, true);
    at += 4;
  };
  // version 2.0, flags: bit 11 (names in UTF-8), method 0 (stored), time 0:00, date 1980-01-01
  const common = (i: number) => {
    (u16(20), u16(0x0800), u16(0), u16(0), u16(0x21));
    (u32(crcs[i]), u32(entries[i].data.length), u32(entries[i].data.length), u16(names[i].length), u16(0));
  };
  entries.forEach((e, i) => {
    offsets.push(at);
    u32(0x04034b50);
    common(i);
    out.set(names[i], at);
    at += names[i].length;
    out.set(e.data, at);
    at += e.data.length;
  });
  const central = at;
  entries.forEach((_, i) => {
    u32(0x02014b50);
    u16(20);
    common(i);
    (u16(0), u16(0), u16(0), u32(0), u32(offsets[i]));
    out.set(names[i], at);
    at += names[i].length;
  });
  const size = at - central;
  (u32(0x06054b50), u16(0), u16(0), u16(entries.length), u16(entries.length), u32(size), u32(central), u16(0));
  return out;
}
