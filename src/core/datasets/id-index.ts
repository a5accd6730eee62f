// Beneficiaries' ids by their UTF-8 bytes: a history of 26 million rows finds each row's beneficiary
// without making a string of her id (open addressing over FNV-1a hashes, the ids' bytes in one arena).
// 10^6 ids cost about 20 bytes each besides their bytes. The register's ids are made once, when it is built,
// as one packed text (packedTexts()), so that no million strings sit in the heap. Texts are numbered
// by the same table (addText: the plan's worker column, a name per mother), ASCII ones without encoding.
import { utf8Bytes, utf8Text } from './utf8.ts';
import { packIds, type PackedIds } from '../plan/packed-ids.ts';

export class IdIndex {
  size = 0;
  private slots: Int32Array;
  private arena: Uint8Array;
  private used = 0;
  private offsets: Int32Array;
  private hashes: Int32Array;
  /** The OR of every id byte: below 0x80 when every id is ASCII. */
  private high = 0;
  /** The ASCII texts added by addText, by index (holes elsewhere). */
  private readonly given: string[] = [];

  /** `expected`: how many ids will come, when known (a table's rows), so that nothing is grown. */
  constructor(expected = 0) {
    let room = 1024;
    while (room < expected) room *= 2;
    this.slots = new Int32Array(room * 2).fill(-1);
    this.hashes = new Int32Array(room);
    this.offsets = new Int32Array(room + 1);
    this.arena = new Uint8Array(Math.max(1 << 16, expected * 8));
  }

  /** The index of the id bytes[start, end), or -1. */
  find(bytes: Uint8Array, start: number, end: number, h = hash(bytes, start, end)): number {
    const mask = this.slots.length - 1;
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const i = this.slots[s];
      if (i === -1) return -1;
      if (this.hashes[i] === h && this.matches(i, bytes, start, end)) return i;
    }
  }

  /** Adds the id bytes[start, end) and returns its index, or -(index + 1) of the same id already there. */
  add(bytes: Uint8Array, start: number, end: number): number {
    const h = hash(bytes, start, end);
    const found = this.find(bytes, start, end, h);
    if (found !== -1) return -(found + 1);
    const arena = this.room(end - start);
    let o = this.used,
      high = this.high;
    for (let k = start; k < end; k++) high |= arena[o++] = bytes[k];
    this.high = high;
    return this.added(o, h);
  }

  /**
   * Adds the text `text` (as its UTF-8 bytes, the same id as add() of them) and returns its index, or -(index + 1)
   * when it is there already. An ASCII text's code units are its bytes: hashed and matched as they are.
   */
  addText(text: string): number {
    const n = text.length;
    let h = 0x811c9dc5,
      high = 0;
    for (let k = 0; k < n; k++) {
      const c = text.charCodeAt(k);
      high |= c;
      h = Math.imul(h ^ c, 0x01000193);
    }
    if (high >= 0x80) {
      const bytes = utf8Bytes(text);
      return this.add(bytes, 0, bytes.length);
    }
    h = (h ^ (h >>> 15)) | 0;
    const { slots, hashes, given } = this,
      mask = slots.length - 1;
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const i = slots[s];
      if (i === -1) break;
      // a text added as text is compared as one (natively), an id added as bytes by its bytes
      if (hashes[i] === h && (given[i] === text || (given[i] === undefined && this.matchesText(i, text))))
        return -(i + 1);
    }
    const arena = this.room(n);
    let o = this.used;
    for (let k = 0; k < n; k++) arena[o++] = text.charCodeAt(k);
    const i = this.added(o, h);
    given[i] = text;
    return i;
  }

  /** The bytes of id i (a view into the arena). */
  bytesOf(i: number): Uint8Array {
    return this.arena.subarray(this.offsets[i], this.offsets[i + 1]);
  }

  /** Every id as text, in order, each decoded from its bytes (a register's ids are packedTexts). */
  texts(): string[] {
    const out = new Array<string>(this.size);
    for (let i = 0; i < this.size; i++) out[i] = utf8Text(this.arena, this.offsets[i], this.offsets[i + 1]);
    return out;
  }

  /**
   * Every id as packed text (packed-ids.ts): a register's ids, never 10^6 strings. ASCII ids are copied from the
   * arena with a newline between them and decoded 8 kB at a time; the others are decoded one by one and joined.
   */
  packedTexts(): PackedIds {
    const { arena, offsets, size } = this;
    if (this.high >= 0x80) return packIds(this.texts());
    const ends = new Uint32Array(size);
    const bytes = new Uint8Array(Math.max(0, this.used + size - 1));
    for (let i = 0, at = 0; i < size; i++) {
      for (let k = offsets[i]; k < offsets[i + 1]; k++) bytes[at++] = arena[k];
      ends[i] = at;
      if (i < size - 1) bytes[at++] = 10;
    }
    // pieces joined, not added: `+=` makes a rope, whose units the passes over every id read about twice as slowly
    const pieces: string[] = [];
    for (let i = 0; i < bytes.length; i += 8192)
      pieces.push(String.fromCharCode.apply(null, bytes.subarray(i, i + 8192) as unknown as number[]));
    return { text: pieces.join(''), ends };
  }

  /** Whether id i is bytes[start, end). */
  matches(i: number, bytes: Uint8Array, start: number, end: number): boolean {
    const from = this.offsets[i],
      arena = this.arena;
    if (this.offsets[i + 1] - from !== end - start) return false;
    for (let k = end - 1, a = from + end - 1 - start; k >= start; k--, a--) if (arena[a] !== bytes[k]) return false;
    return true;
  }

  private matchesText(i: number, text: string): boolean {
    const from = this.offsets[i],
      arena = this.arena;
    if (this.offsets[i + 1] - from !== text.length) return false;
    for (let k = text.length - 1; k >= 0; k--) if (arena[from + k] !== text.charCodeAt(k)) return false;
    return true;
  }

  /** The arena with room for n more bytes, written from `used`. */
  private room(n: number): Uint8Array {
    if (this.used + n > this.arena.length)
      this.arena = grow(this.arena, Math.max(this.arena.length * 2, this.used + n));
    return this.arena;
  }

  /** The id just written into the arena up to `end`, with hash h, numbered and placed: its index. */
  private added(end: number, h: number): number {
    const i = this.size++;
    if (this.size * 2 > this.slots.length) this.rehash();
    if (i >= this.hashes.length) {
      this.hashes = grow(this.hashes, this.hashes.length * 2);
      this.offsets = grow(this.offsets, this.hashes.length + 1);
    }
    this.used = end;
    this.offsets[i + 1] = end;
    this.hashes[i] = h;
    this.place(i, h);
    return i;
  }

  private place(i: number, h: number): void {
    const mask = this.slots.length - 1;
    let s = h & mask;
    while (this.slots[s] !== -1) s = (s + 1) & mask;
    this.slots[s] = i;
  }

  private rehash(): void {
    this.slots = new Int32Array(this.slots.length * 2).fill(-1);
    for (let i = 0; i < this.size - 1; i++) this.place(i, this.hashes[i]);
  }
}

function hash(bytes: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let k = start; k < end; k++) h = Math.imul(h ^ bytes[k], 0x01000193);
  return (h ^ (h >>> 15)) | 0;
}

function grow<T extends Int32Array | Uint8Array>(a: T, n: number): T {
  const b = new (a.constructor as new (n: number) => T)(n);
  b.set(a);
  return b;
}
