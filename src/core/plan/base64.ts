// Standard base64 (RFC 4648, with = padding) of bytes, for the plan file's typed columns. The
// platform's own codec when it has one (Uint8Array.prototype.toBase64 and Uint8Array.fromBase64:
// Chromium 140 and later; the command line passes Node's Buffer), else a table-driven one here that
// turns 12 bits into two characters at a time (the byte-at-a-time loop it replaces was 54 % of a
// PLAN.json write).

export interface Base64Codec {
  encode(bytes: Uint8Array): string;
  /** The bytes of base64 text, or null when it is not standard padded base64. */
  decode(text: string): Uint8Array | null;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** 12 bits -> their two characters as one little-endian 16-bit unit (the first character in the low byte). */
const PAIRS = new Uint16Array(4096);
for (let i = 0; i < 4096; i++) PAIRS[i] = ALPHABET.charCodeAt(i >> 6) | (ALPHABET.charCodeAt(i & 63) << 8);
/** UTF-16 code unit -> its 6 bits, or -1 (64 KB, so that no code needs a range check). */
const VALUES = new Int8Array(65536).fill(-1);
for (let i = 0; i < 64; i++) VALUES[ALPHABET.charCodeAt(i)] = i;

/** The table-driven codec (plain JavaScript, any platform). */
export const jsBase64: Base64Codec = {
  encode(bytes) {
    const n = bytes.length,
      whole = n - (n % 3);
    const out = new Uint8Array(Math.ceil(n / 3) * 4);
    const pairs = new Uint16Array(out.buffer);
    let o = 0;
    for (let i = 0; i < whole; i += 3) {
      const b1 = bytes[i + 1];
      pairs[o++] = PAIRS[(bytes[i] << 4) | (b1 >> 4)];
      pairs[o++] = PAIRS[((b1 & 15) << 8) | bytes[i + 2]];
    }
    if (n > whole) {
      const b0 = bytes[whole],
        b1 = whole + 1 < n ? bytes[whole + 1] : 0;
      const k = 2 * o;
      out[k] = ALPHABET.charCodeAt(b0 >> 2);
      out[k + 1] = ALPHABET.charCodeAt(((b0 & 3) << 4) | (b1 >> 4));
      out[k + 2] = whole + 1 < n ? ALPHABET.charCodeAt((b1 & 15) << 2) : 61;
      out[k + 3] = 61;
    }
    return latin1(out);
  },
  decode(text) {
    const len = text.length;
    if (len % 4 !== 0) return null;
    const pad = len > 0 && text.charCodeAt(len - 1) === 61 ? (text.charCodeAt(len - 2) === 61 ? 2 : 1) : 0;
    const out = new Uint8Array((len / 4) * 3 - pad);
    const body = len - (pad ? 4 : 0);
    let o = 0,
      bad = 0;
    for (let i = 0; i < body; i += 4) {
      const c0 = VALUES[text.charCodeAt(i)],
        c1 = VALUES[text.charCodeAt(i + 1)];
      const c2 = VALUES[text.charCodeAt(i + 2)],
        c3 = VALUES[text.charCodeAt(i + 3)];
      bad |= c0 | c1 | c2 | c3;
      const v = (c0 << 18) | (c1 << 12) | (c2 << 6) | c3;
      out[o++] = v >> 16;
      out[o++] = (v >> 8) & 255;
      out[o++] = v & 255;
    }
    if (bad < 0) return null;
    if (pad) {
      const c0 = VALUES[text.charCodeAt(body)],
        c1 = VALUES[text.charCodeAt(body + 1)];
      const c2 = pad === 1 ? VALUES[text.charCodeAt(body + 2)] : 0;
      if ((c0 | c1 | c2) < 0) return null;
      out[o++] = (c0 << 2) | (c1 >> 4);
      if (pad === 1) out[o++] = ((c1 & 15) << 4) | (c2 >> 2);
    }
    return out;
  },
};

/** The platform's codec (Uint8Array.prototype.toBase64), or null. */
function nativeBase64(): Base64Codec | null {
  const U8 = Uint8Array as unknown as {
    fromBase64?: (text: string) => Uint8Array;
    prototype: { toBase64?: () => string };
  };
  const encode = U8.prototype.toBase64,
    decode = U8.fromBase64;
  if (typeof encode !== 'function' || typeof decode !== 'function') return null;
  return {
    encode: (bytes) => encode.call(bytes),
    decode: (text) => {
      if (text.length % 4 !== 0) return null; // fromBase64 also takes unpadded text and white space
      try {
        return decode(text);
      } catch {
        return null;
      }
    },
  };
}

/** The fastest codec this platform offers. */
export const base64: Base64Codec = nativeBase64() ?? jsBase64;

/** ASCII bytes as a string, 8,192 characters per call (the argument count stays far below engines' limits). */
function latin1(codes: Uint8Array): string {
  const parts: string[] = [];
  for (let i = 0; i < codes.length; i += 8192)
    parts.push(String.fromCharCode.apply(null, codes.subarray(i, i + 8192) as unknown as number[]));
  return parts.join('');
}
