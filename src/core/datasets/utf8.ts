// UTF-8 bytes to text and back, for the byte-level CSV reader (csv-tokenizer.ts) and the files the core
// writes (export/xlsx-sheet.ts, zip-store.ts): the core has no TextDecoder or TextEncoder (it runs on ES2022
// alone), and most fields are short ASCII, read here without a decoder call. Invalid sequences and lone
// surrogates become U+FFFD, as TextDecoder and TextEncoder do.

/** The text of bytes[start, end), UTF-8. */
export function utf8Text(bytes: Uint8Array, start: number, end: number): string {
  let i = start;
  while (i < end && bytes[i] < 0x80) i++;
  if (i === end) return asciiText(bytes, start, end);
  let out = asciiText(bytes, start, i);
  const codes: number[] = [];
  while (i < end) {
    const b = bytes[i];
    let cp = 0xfffd,
      size = 1;
    if (b < 0x80) cp = b;
    else if (b >= 0xc2 && b < 0xe0 && cont(bytes, i + 1, end))
      ((cp = ((b & 0x1f) << 6) | (bytes[i + 1] & 0x3f)), (size = 2));
    else if (b >= 0xe0 && b < 0xf0 && cont(bytes, i + 1, end) && cont(bytes, i + 2, end)) {
      const v = ((b & 0x0f) << 12) | ((bytes[i + 1] & 0x3f) << 6) | (bytes[i + 2] & 0x3f);
      if (v >= 0x800 && (v < 0xd800 || v > 0xdfff)) ((cp = v), (size = 3));
    } else if (b >= 0xf0 && b < 0xf5 && cont(bytes, i + 1, end) && cont(bytes, i + 2, end) && cont(bytes, i + 3, end)) {
      const v =
        ((b & 0x07) << 18) | ((bytes[i + 1] & 0x3f) << 12) | ((bytes[i + 2] & 0x3f) << 6) | (bytes[i + 3] & 0x3f);
      if (v >= 0x10000 && v <= 0x10ffff) ((cp = v), (size = 4));
    }
    if (cp > 0xffff) codes.push(0xd800 + ((cp - 0x10000) >> 10), 0xdc00 + ((cp - 0x10000) & 0x3ff));
    else codes.push(cp);
    i += size;
    if (codes.length >= 4096) out += String.fromCharCode(...codes.splice(0));
  }
  return out + String.fromCharCode(...codes);
}

const ONE = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c));

const cont = (bytes: Uint8Array, i: number, end: number) => i < end && (bytes[i] & 0xc0) === 0x80;

/** The common short fields without an array or a call per character. */
function asciiText(bytes: Uint8Array, start: number, end: number): string {
  const n = end - start;
  if (n <= 0) return '';
  if (n === 1) return ONE[bytes[start]];
  if (n <= 12) {
    let out = '';
    for (let i = start; i < end; i++) out += ONE[bytes[i]];
    return out;
  }
  let out = '';
  for (let i = start; i < end; i += 8192)
    out += String.fromCharCode.apply(null, bytes.subarray(i, Math.min(end, i + 8192)) as unknown as number[]);
  return out;
}

/** The UTF-8 bytes of `text` (lone surrogates as U+FFFD). */
export function utf8Bytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length * 3);
  return out.subarray(0, utf8Into(text, out));
}

/** Writes the UTF-8 bytes of `text` into `out` (at least 3 bytes per character) and returns how many. */
export function utf8Into(text: string, out: Uint8Array): number {
  let o = 0;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c < 0x80) {
      out[o++] = c;
      continue;
    }
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        i++;
      }
    }
    if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
    if (c < 0x800) out[o++] = 0xc0 | (c >> 6);
    else if (c < 0x10000) ((out[o++] = 0xe0 | (c >> 12)), (out[o++] = 0x80 | ((c >> 6) & 0x3f)));
    else ((out[o++] = 0xf0 | (c >> 18)), (out[o++] = 0x80 | ((c >> 12) & 0x3f)), (out[o++] = 0x80 | ((c >> 6) & 0x3f)));
    out[o++] = 0x80 | (c & 0x3f);
  }
  return o;
}
