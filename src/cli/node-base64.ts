// Base64 through Node's Buffer for PLAN.json (about 40x the plain JavaScript codec of
// core/plan/base64.ts on Node 20, which has no Uint8Array.prototype.toBase64). Buffer ignores
// characters outside the alphabet, so what it decodes is checked.
import type { Base64Codec } from '../core/plan/base64.ts';

export const nodeBase64: Base64Codec = {
  encode: (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
  decode: (text) => {
    const n = text.length;
    if (n % 4 !== 0) return null;
    const buffer = Buffer.from(text, 'base64');
    // Buffer skips what is not base64 (fewer bytes then), but takes base64url's '-' and '_' and reads a
    // character above 255 by its low byte: so the bytes are checked against the length the text says,
    // and the text for ASCII without those two (native scans: a loop over the characters took a third
    // of the decode).
    const pad = n > 0 && text.charCodeAt(n - 1) === 61 ? (text.charCodeAt(n - 2) === 61 ? 2 : 1) : 0;
    const exact =
      buffer.length === (n / 4) * 3 - pad &&
      Buffer.byteLength(text, 'utf8') === n &&
      text.indexOf('-') < 0 &&
      text.indexOf('_') < 0;
    if (!exact) return null;
    return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  },
};
