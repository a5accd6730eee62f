// A fast, non-cryptographic fingerprint of an imported file's text (cyrb53, 53 bits), recorded in
// provenance so that a run can tell whether it was made from the same file. Not a security measure.
export function contentHash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `cyrb53:${(4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0')}`;
}

/**
 * The same kind of fingerprint over a file's bytes as they arrive (a streamed register or outcomes
 * file), mixed four bytes at a time; the bytes of a word split between two chunks wait for the next, so
 * that any chunking of the same file gives the same fingerprint.
 */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

export class ContentHasher {
  private h1 = 0xdeadbeef;
  private h2 = 0x41c6ce57;
  private word = 0;
  private held = 0;
  private length = 0;

  update(bytes: Uint8Array): void {
    let h1 = this.h1,
      h2 = this.h2,
      i = 0;
    const n = bytes.length;
    this.length += n;
    while (this.held > 0 && this.held < 4 && i < n) this.word |= bytes[i++] << (8 * this.held++);
    if (this.held === 4) {
      h1 = Math.imul(h1 ^ this.word, 2654435761);
      h2 = Math.imul(h2 ^ this.word, 1597334677);
      this.held = this.word = 0;
    }
    if (LITTLE_ENDIAN && ((bytes.byteOffset + i) & 3) === 0) {
      // the same words read four bytes at once (a third of a national history's read)
      const words = new Int32Array(bytes.buffer, bytes.byteOffset + i, (n - i) >> 2);
      for (let w = 0; w < words.length; w++) {
        const c = words[w];
        h1 = Math.imul(h1 ^ c, 2654435761);
        h2 = Math.imul(h2 ^ c, 1597334677);
      }
      i += words.length * 4;
    }
    for (; i + 4 <= n; i += 4) {
      const c = bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24);
      h1 = Math.imul(h1 ^ c, 2654435761);
      h2 = Math.imul(h2 ^ c, 1597334677);
    }
    for (; i < n; i++) this.word |= bytes[i] << (8 * this.held++);
    this.h1 = h1;
    this.h2 = h2;
  }

  digest(): string {
    let h1 = Math.imul(this.h1 ^ this.word ^ this.length, 2654435761),
      h2 = Math.imul(this.h2 ^ this.word, 1597334677);
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return `cyrb53:${(4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0')}`;
  }
}
