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

/** The same kind of fingerprint over a file's bytes as they arrive (a streamed register or outcomes file). */
export class ContentHasher {
  private h1 = 0xdeadbeef;
  private h2 = 0x41c6ce57;

  update(bytes: Uint8Array): void {
    let h1 = this.h1, h2 = this.h2;
    for (let i = 0; i < bytes.length; i++) {
      const c = bytes[i];
      h1 = Math.imul(h1 ^ c, 2654435761);
      h2 = Math.imul(h2 ^ c, 1597334677);
    }
    this.h1 = h1;
    this.h2 = h2;
  }

  digest(): string {
    let { h1, h2 } = this;
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return `cyrb53:${(4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0')}`;
  }
}
