// Base64 through Node's Buffer for PLAN.json (about 40x the plain JavaScript codec of
// core/plan/base64.ts on Node 20, which has no Uint8Array.prototype.toBase64). Buffer ignores
// characters outside the alphabet, so the text is checked first.
import type { Base64Codec } from '../core/plan/base64.ts';

const STANDARD = /^[A-Za-z0-9+/]*={0,2}$/;

export const nodeBase64: Base64Codec = {
  encode: (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
  decode: (text) => {
    if (text.length % 4 !== 0 || !STANDARD.test(text)) return null;
    const buffer = Buffer.from(text, 'base64');
    return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  },
};
