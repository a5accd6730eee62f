// The list flow's heap as it was before its pop went down to a leaf first (src/core/plan/pair-heap.ts): the slow
// twin whose layout after every push and pop the fast one must keep (capacity-flow.ts breaks ties by it).
//
// A binary min-heap of entries (cost1, cost2, item, stamp) ordered by the cost pair lexicographically,
// for the list's min-cost flow (capacity-flow.ts): an item's entries go stale when its stamp moves on
// and are dropped when they reach the top, so an update is a push. Given the stamps, a full heap first drops
// every stale entry (an item has one live entry in a heap): it stays near the items' number, where 10^5
// calls left hundreds of thousands of stale entries to grow into and pop.

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
    let i = this.size++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!(a < this.k1[p] || (a === this.k1[p] && b < this.k2[p]))) break;
      this.move(p, i);
      i = p;
    }
    this.set(i, a, b, item, stamp);
  }

  /** Drops stale entries from the top (stamps[item] !== the entry's stamp); false when none is left. */
  clean(stamps: Int32Array): boolean {
    while (this.size > 0 && stamps[this.item[0]] !== this.stamp[0]) this.pop();
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
    const a = this.k1[n],
      b = this.k2[n],
      item = this.item[n],
      stamp = this.stamp[n];
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      const k1 = this.k1,
        k2 = this.k2;
      if (c + 1 < n && (k1[c + 1] < k1[c] || (k1[c + 1] === k1[c] && k2[c + 1] < k2[c]))) c++;
      if (!(this.k1[c] < a || (this.k1[c] === a && this.k2[c] < b))) break;
      this.move(c, i);
      i = c;
    }
    if (n > 0) this.set(i, a, b, item, stamp);
  }

  /** Drops every stale entry and makes a heap of the rest (Floyd's, bottom up). */
  private compact(stamps: Int32Array): void {
    let n = 0;
    for (let i = 0; i < this.size; i++) {
      if (stamps[this.item[i]] !== this.stamp[i]) continue;
      if (i !== n) this.move(i, n);
      n++;
    }
    this.size = n;
    for (let i = (n >> 1) - 1; i >= 0; i--) this.down(i);
  }

  /** The entry at i moved down to its place below. */
  private down(i: number): void {
    const n = this.size,
      k1 = this.k1,
      k2 = this.k2;
    const a = k1[i],
      b = k2[i],
      item = this.item[i],
      stamp = this.stamp[i];
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && (k1[c + 1] < k1[c] || (k1[c + 1] === k1[c] && k2[c + 1] < k2[c]))) c++;
      if (!(k1[c] < a || (k1[c] === a && k2[c] < b))) break;
      this.move(c, i);
      i = c;
    }
    this.set(i, a, b, item, stamp);
  }

  private set(i: number, a: number, b: number, item: number, stamp: number): void {
    this.k1[i] = a;
    this.k2[i] = b;
    this.item[i] = item;
    this.stamp[i] = stamp;
  }

  private move(from: number, to: number): void {
    this.set(to, this.k1[from], this.k2[from], this.item[from], this.stamp[from]);
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
