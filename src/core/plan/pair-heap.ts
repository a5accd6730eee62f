// A binary min-heap of entries (cost1, cost2, item, stamp) ordered by the cost pair lexicographically,
// for the list's min-cost flow (capacity-flow.ts): an item's entries go stale when its stamp moves on
// and are dropped when they reach the top, so an update is a push. Given the stamps, a full heap first drops
// every stale entry (an item has one live entry in a heap): it stays near the items' number, where 10^5
// calls left hundreds of thousands of stale entries to grow into and pop.
//
// Its pops and pushes decide ties between workers (capacity-flow.ts takes the top of equal costs), so a faster heap
// must leave every entry where this one always has: the test holds it to its slow twin (test/reference/pair-heap.ts)
// entry by entry. Speed (10^6, a flow of 10^5 units: ~330,000 pushes, ~120,000 pops of ~11 levels): a pop takes
// the hole down the smaller children to a leaf, one comparison a level, then the last entry up (few levels): the
// same place as sifting it down, which compares twice a level.

export class PairHeap {
  size = 0;
  private k1 = new Float64Array(16);
  private k2 = new Float64Array(16);
  private item = new Int32Array(16);
  private stamp = new Int32Array(16);

  /** `stamps`: each item's current stamp, read when the heap is full (null: stale entries only dropped at the top). */
  constructor(private readonly stamps: Int32Array | null = null) {}

  push(a: number, b: number, item: number, stamp: number): void {
    if (this.size === this.k1.length) {
      if (this.stamps) this.compact(this.stamps);
      if (this.size * 2 > this.k1.length) this.grow();
    }
    const k1 = this.k1,
      k2 = this.k2,
      items = this.item,
      stamps = this.stamp;
    let i = this.size++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      const p1 = k1[p];
      if (!(a < p1 || (a === p1 && b < k2[p]))) break;
      k1[i] = p1;
      k2[i] = k2[p];
      items[i] = items[p];
      stamps[i] = stamps[p];
      i = p;
    }
    k1[i] = a;
    k2[i] = b;
    items[i] = item;
    stamps[i] = stamp;
  }

  /** Drops stale entries from the top (stamps[item] !== the entry's stamp); false when none is left. */
  clean(stamps: Int32Array): boolean {
    const items = this.item,
      own = this.stamp;
    while (this.size > 0 && stamps[items[0]] !== own[0]) this.pop();
    return this.size > 0;
  }

  get topCost1(): number {
    return this.k1[0];
  }

  get topCost2(): number {
    return this.k2[0];
  }

  get topItem(): number {
    return this.item[0];
  }

  pop(): void {
    const n = --this.size;
    const k1 = this.k1,
      k2 = this.k2,
      items = this.item,
      stamps = this.stamp;
    const a = k1[n],
      b = k2[n];
    // the hole down the path of smaller children to a leaf (the right child only when strictly smaller) ...
    let i = 0;
    for (let c = 1; c < n; c = 2 * i + 1) {
      if (c + 1 < n) {
        const d1 = k1[c + 1],
          e1 = k1[c];
        // (bitwise, not || and &&: no branch to mispredict on a coin toss)
        c += Number(d1 < e1) | (Number(d1 === e1) & Number(k2[c + 1] < k2[c]));
      }
      k1[i] = k1[c];
      k2[i] = k2[c];
      items[i] = items[c];
      stamps[i] = stamps[c];
      i = c;
    }
    // ... then the last entry up from there while the entry above is not smaller: where sifting it down stops
    while (i > 0) {
      const p = (i - 1) >> 1;
      const p1 = k1[p];
      if (p1 < a || (p1 === a && k2[p] < b)) break;
      k1[i] = p1;
      k2[i] = k2[p];
      items[i] = items[p];
      stamps[i] = stamps[p];
      i = p;
    }
    if (n > 0) {
      k1[i] = a;
      k2[i] = b;
      items[i] = items[n];
      stamps[i] = stamps[n];
    }
  }

  /** Drops every stale entry and makes a heap of the rest (Floyd's, bottom up). */
  private compact(stamps: Int32Array): void {
    const k1 = this.k1,
      k2 = this.k2,
      items = this.item,
      own = this.stamp;
    let n = 0;
    // every entry copied down, the next overwriting it unless live (about half are stale: no branch to mispredict)
    for (let i = 0, size = this.size; i < size; i++) {
      const item = items[i],
        stamp = own[i];
      k1[n] = k1[i];
      k2[n] = k2[i];
      items[n] = item;
      own[n] = stamp;
      n += Number(stamps[item] === stamp);
    }
    this.size = n;
    for (let i = (n >> 1) - 1; i >= 0; i--) this.down(i);
  }

  /** The entry at i moved down to its place below. */
  private down(i: number): void {
    const n = this.size,
      k1 = this.k1,
      k2 = this.k2,
      items = this.item,
      own = this.stamp;
    const a = k1[i],
      b = k2[i],
      item = items[i],
      stamp = own[i];
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && (k1[c + 1] < k1[c] || (k1[c + 1] === k1[c] && k2[c + 1] < k2[c]))) c++;
      if (!(k1[c] < a || (k1[c] === a && k2[c] < b))) break;
      k1[i] = k1[c];
      k2[i] = k2[c];
      items[i] = items[c];
      own[i] = own[c];
      i = c;
    }
    k1[i] = a;
    k2[i] = b;
    items[i] = item;
    own[i] = stamp;
  }

  private grow(): void {
    const n = this.k1.length * 2;
    const k1 = new Float64Array(n),
      k2 = new Float64Array(n),
      item = new Int32Array(n),
      stamp = new Int32Array(n);
    k1.set(this.k1);
    k2.set(this.k2);
    item.set(this.item);
    stamp.set(this.stamp);
    [this.k1, this.k2, this.item, this.stamp] = [k1, k2, item, stamp];
  }
}
