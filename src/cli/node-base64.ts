// Base64 through Node's Buffer for PLAN.json (about 40x the plain JavaScript codec of
// core/plan/base64.ts on Node 20, which has no Uint8Array.prototype.toBase64). Buffer ignores
// characters outside the alphabet, so the text is checked first.
import type { Base64Codec } from '../core/plan/base64.ts';

/** 1 for the 64 characters of standard base64 (a table and one pass: a regular expression took 14 ns a character). */
const ALPHABET = Uint8Array.from({ length: 128 }, (_, c) => (/[A-Za-z0-9+/]/.test(String.fromCharCode(c)) ? 1 : 0));

/** Whether `text` is standard base64: its alphabet, then at most two '=' at the end. */
function standard(text: string): boolean {
  let n = text.length;
  if (n > 0 && text.charCodeAt(n - 1) === 61) n--;
  if (n > 0 && text.charCodeAt(n - 1) === 61) n--;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c > 127 || ALPHABET[c] === 0) return false;
  }
  return true;
}

export const nodeBase64: Base64Codec = {
  encode: (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
  decode: (text) => {
    if (text.length % 4 !== 0 || !standard(text)) return null;
    const buffer = Buffer.from(text, 'base64');
    return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  },
};
