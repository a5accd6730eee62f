// The eligible arms in list order by one index (higher index first, ties by lower tie rank), made as far as the
// lists on that index ask and shared by them. Apart from rank-order.ts (the sorts it uses) because it is the one
// piece that keeps state between calls: the keys, their histogram and the prefix made so far.
import { buffers, compareArms, SMALL } from './rank-order.ts';
import { digitSort, keyDigits } from './key-digits.ts';
import { countByFine, countDown, type AlsoCount } from './fine-count.ts';
import { armsInBuckets, gatherKeys, membersListed } from './bucket-arms.ts';
import { scratch } from './scratch.ts';

/** Each arm's key by arm and its bucket (key-digits.ts): one per index, for its sub-orders. */
interface ArmKeys {
  hi: Uint32Array;
  lo: Uint32Array;
  digit: Uint16Array;
  /** Made for an order on a kept index alone (the default's, whose ranks are counted). */
  fine: Uint8Array | null;
}

/**
 * The eligible arms in list order by one index, made only as far as asked and shared by the lists made on that
 * index: the list and its twin without a minimum (broughtIn), the default list and the default ranks. Every arm's
 * key is made once, in arm order (no read of the index at random arms), with its bucket (key-digits.ts: buckets of a
 * few dozen arms), and a histogram of the eligible arms' buckets; a prefix grows bucket by bucket, each growth one pass
 * over the buckets in arm order and a sort of the new buckets' arms alone (placed by bucket, then each bucket by key
 * and tie rank), so a cap that skips past the prefix taken costs the arms it reaches, not a sort of all. A quota's
 * members are an order of their own on the same keys (`among`). Its arrays are scratch arrays under `name` (one name
 * per order alive at once): valid until the next order of that name. The index, ties and flags stay as given.
 */
export class ListOrder {
  private keyed: ArmKeys | null = null;
  private count: Int32Array | null = null;
  private size = -1;
  /** The prefix made: `made` arms, the buckets before `next`. */
  private order: Int32Array = new Int32Array(0);
  private made = 0;
  private next = 0;
  /** The arms of the buckets from `next` to `aheadTo` (in arm order), gathered by the last pass ahead of the prefix. */
  private ahead = 0;
  private aheadTo = -1;
  /** The order of the eligible members of a quota, per members array. */
  private readonly subs = new Map<Uint8Array, ListOrder>();

  /** `members` and `parent`: a quota's order (ListOrder.among), on its parent's keys. */
  constructor(
    readonly index: Float64Array,
    readonly tieRank: Int32Array,
    readonly eligible: Uint8Array | null,
    protected readonly name = 'order',
    protected readonly members: Uint8Array | null = null,
    private readonly parent: ListOrder | null = null,
  ) {}

  /** How many arms the order has (the eligible ones). */
  get length(): number {
    if (this.size < 0) this.histogram();
    return this.size;
  }

  /** The first min(k, length) arms in list order, or more (a longer prefix already made); read only. */
  first(k: number): Int32Array {
    const n = this.length;
    k = Math.min(k, n);
    if (this.made >= k) return this.order.subarray(0, this.made);
    const { index, tieRank, eligible: e, members: f } = this,
      N = index.length;
    if (n <= SMALL) {
      const arms = new Int32Array(n);
      for (let arm = 0, i = 0; arm < N; arm++) if ((!e || e[arm]) && (!f || f[arm])) arms[i++] = arm;
      this.order = arms.sort((a, b) => compareArms(index, tieRank, a, b));
      this.made = n;
      return this.order;
    }
    const { digit } = this.keys(),
      count = this.count!;
    if (this.made === 0) this.order = scratch(`${this.name}-order`, Int32Array, n);
    const from = this.next;
    let t = from,
      m = this.made + count[t];
    while (m < k) m += count[++t];
    // the buckets from..t, in arm order as they come, then sorted by their keys and ties
    const two = buffers(2, m - this.made),
      dig = scratch('list-order-gathered-digit', Uint16Array, m - this.made),
      tie = scratch('list-order-gathered-tie', Int32Array, m - this.made);
    const { got, i } = this.gathered(digit, count, from, t, m);
    gatherKeys(got, i, this.keys(), tieRank, two, tie, dig);
    digitSort(i, two, dig, from, t, tie, this.order, this.made);
    this.made = m;
    this.next = t + 1;
    return this.order.subarray(0, m);
  }

  /**
   * The arms of the buckets from..t (`m`: the prefix with them), in arm order, into a scratch array: read off those the
   * last pass gathered ahead when it reached t; else a pass over the arms (a quota's: its members alone) as far as
   * half as many arms again, those after t kept ahead, so that the walk's next growth (an eighth to a half more, or
   * what the rate of takes says) reads them and not every arm again.
   */
  private gathered(digit: Uint16Array, count: Int32Array, from: number, t: number, m: number) {
    const ahead = scratch(`${this.name}-ahead`, Int32Array, this.size + 1);
    let got: Int32Array, from1: Int32Array, c: number;
    if (t <= this.aheadTo) {
      got = scratch('list-order-gathered-arm', Int32Array, m - this.made + 1);
      [from1, c] = [ahead, this.ahead];
    } else {
      let reach = t,
        m2 = m;
      for (const goal = m + ((m - this.made) >> 1); reach < 65535 && m2 < goal;) m2 += count[++reach];
      const listed = this.memberArms();
      got = from1 = scratch('list-order-gathered-arm', Int32Array, m2 - this.made + 1);
      c = armsInBuckets(digit, from, reach, this.eligible, listed, listed ? null : this.members, got);
      this.aheadTo = reach;
    }
    // those of buckets to t first, the others ahead, both in arm order (each written at or before where it is read),
    // with no branch on which
    let i = 0,
      r = 0;
    for (let q = 0; q < c; q++) {
      const arm = from1[q],
        later = (t - digit[arm]) >>> 31;
      got[i] = arm;
      ahead[r] = arm;
      i += later ^ 1;
      r += later;
    }
    this.ahead = r;
    return { got, i };
  }

  /** Whether all() is a pass over an order kept whole (default-order.ts), not a sort: then reading it all is cheap. */
  get keptWhole(): boolean {
    return false;
  }

  /** Every eligible arm in list order; read only. */
  all(): Int32Array {
    return this.first(Infinity);
  }

  /**
   * For each of `asked` (distinct arms of this order, none in `skipped`), out[arm] = how many arms of the order that
   * are not in `skipped` (distinct arms of the order) come before her, so the order is never sorted past the list (the
   * default ranks of a list's lines, however deep they lie): in an order of all the eligible on a kept index (the
   * default's, keysKept), one pass placing each arm by a table (fine-count.ts); else read off the histogram of the keys
   * and one pass over the arms of the buckets she is in, each placed among the asked of her bucket by a search.
   * `also`: a second count in the same walk, which only an order read off the kept order of all arms makes
   * (`keptWhole`, default-order.ts); asked of any other, an error.
   */
  countBefore(asked: Int32Array, skipped: Int32Array, out: Int32Array, also: AlsoCount | null = null): void {
    if (also) throw new RangeError('ListOrder: a second count is made only down a kept order (keptWhole)');
    const n = this.length,
      N = this.index.length;
    if (n <= SMALL) return countDown(this.all(), N, asked, skipped, out);
    const keys = this.keys(),
      { hi, lo, digit } = keys,
      count = this.count!;
    const { eligible: e, members: f, tieRank, name } = this,
      A = asked.length;
    for (let j = 0; j < A; j++) {
      const arm = asked[j];
      if ((e && !e[arm]) || (f && !f[arm])) throw new RangeError(`ListOrder: arm ${arm} is not in the order`);
    }
    // the asked in list order (so each bucket's are a run), and where each bucket's run starts
    const one = buffers(1, A),
      dig = scratch('list-order-gathered-digit', Uint16Array, A),
      tie = scratch('list-order-gathered-tie', Int32Array, A);
    gatherKeys(asked, A, keys, tieRank, one, tie, dig);
    // their keys and ties side by side, in the same order (the sort's own), so that the searches below read these and
    // not the arms' arrays at random
    const sorted = scratch(`${name}-asked-sorted`, Int32Array, A),
      sHi = scratch(`${name}-asked-hi`, Uint32Array, A),
      sLo = scratch(`${name}-asked-lo`, Uint32Array, A),
      sTie = scratch(`${name}-asked-tie`, Int32Array, A);
    digitSort(A, one, dig, 0, 65535, tie, sorted, 0, { hi: sHi, lo: sLo, tie: sTie });
    const start = scratch(`${name}-asked-start`, Int32Array, 65537, true);
    for (let j = 0; j < A; j++) start[dig[j] + 1]++;
    for (let d = 0; d < 65536; d++) start[d + 1] += start[d];
    const skip = scratch(`${name}-skip`, Uint8Array, N, true);
    for (let j = 0; j < skipped.length; j++) skip[skipped[j]] = 1;
    const diff = scratch(`${name}-asked-diff`, Int32Array, A + 1, true);
    // an order of all the eligible on a kept index: each arm placed by a table of her digit and 4 more bits
    const asking = { sorted, hi: sHi, lo: sLo, tie: sTie, start };
    if (!f && keys.fine && countByFine({ ...keys, fine: keys.fine }, tieRank, e, skip, asking, diff, out, name)) return;
    // the arms of the order before each bucket, skipped ones left out
    const base = scratch(`${name}-asked-base`, Int32Array, 65536);
    const less = scratch(`${name}-skipped`, Int32Array, 65536, true);
    for (let j = 0; j < skipped.length; j++) less[digit[skipped[j]]]++;
    for (let d = 0, sum = 0; d < 65536; d++) {
      base[d] = sum;
      sum += count[d] - less[d];
    }
    // within her bucket (a few dozen arms, key-digits.ts): each arm x of it counts for the asked after her (diff at the
    // first of them, summed after)
    const listed = this.memberArms(),
      L = listed ? listed.length : N;
    for (let j = 0; j < L; j++) {
      const x = listed ? listed[j] : j,
        d = digit[x];
      let a = start[d],
        b = start[d + 1];
      if (a === b || skip[x] || (e && !e[x]) || (!listed && f && !f[x])) continue;
      const end = b,
        h = hi[x],
        l = lo[x];
      // the first asked that x comes before: keys rise along `sorted`, ties by tie rank
      while (a < b) {
        const m = (a + b) >>> 1,
          g = sHi[m];
        if (h < g || (h === g && (l < sLo[m] || (l === sLo[m] && tieRank[x] < sTie[m])))) b = m;
        else a = m + 1;
      }
      if (a < end) diff[a]++;
    }
    for (let d = 0; d < 65536; d++) {
      for (let j = start[d], sum = 0; j < start[d + 1]; j++) {
        sum += diff[j];
        out[sorted[j]] = base[d] + sum;
      }
    }
  }

  /** The order of the eligible arms with `members` set (kept per members array; its arrays scratch as this one's). */
  among(members: Uint8Array): ListOrder {
    if (this.members) throw new RangeError('ListOrder.among: already a quota order');
    let sub = this.subs.get(members);
    if (!sub) {
      sub = this.sub(members, `${this.name}-among-${this.subs.size}`);
      this.subs.set(members, sub);
    }
    return sub;
  }

  /** A quota's order (FilteredOrder makes its own). */
  protected sub(members: Uint8Array, name: string): ListOrder {
    return new ListOrder(this.index, this.tieRank, this.eligible, name, members, this);
  }

  private keys(): ArmKeys {
    if (this.parent) return this.parent.keys();
    if (!this.keyed) {
      const N = this.index.length;
      const hi = scratch(`${this.name}-hi`, Uint32Array, N),
        lo = scratch(`${this.name}-lo`, Uint32Array, N),
        digit = scratch(`${this.name}-digit`, Uint16Array, N),
        fine = keptIndices.has(this.index) ? scratch(`${this.name}-fine`, Uint8Array, N) : null;
      this.keyed = { hi, lo, digit, fine };
      // a kept index's keys still in this name's arrays (a replan's default order) are read again, and counted apart
      if (keptIndices.has(this.index) && keyedUnder.get(this.name) === this.index) return this.keyed;
      // the keys, their digits and (an order of all the eligible, no members) its histogram in one pass
      const count = scratch(`${this.name}-count`, Int32Array, 65536, true);
      const n = keyDigits(this.index, hi, lo, digit, fine, this.eligible, count);
      if (!this.members) [this.count, this.size] = [count, n];
      keyedUnder.set(this.name, this.index);
    }
    return this.keyed;
  }

  /** A quota's members as arm numbers in arm order (kept per members array), or null: the order of all arms. */
  private memberArms(): Int32Array | null {
    return this.members && membersListed(this.members);
  }

  private histogram(): void {
    const { digit } = this.keys();
    if (this.size >= 0) return; // made with the keys
    const { eligible: e, members: f } = this,
      N = this.index.length;
    const count = scratch(`${this.name}-count`, Int32Array, 65536, true);
    let n = 0;
    const listed = this.memberArms();
    if (listed) {
      // a quota's members alone (a share of the arms), not a pass over all of them
      for (let j = 0; j < listed.length; j++) {
        const arm = listed[j],
          in1 = e ? -e[arm] >>> 31 : 1;
        count[digit[arm]] += in1;
        n += in1;
      }
      return void ((this.count = count), (this.size = n));
    }
    // a count of 1 or 0 at every arm (-x >>> 31: 1 for any flag set), no branch on her flags
    for (let arm = 0; arm < N; arm++) {
      const in1 = (e ? -e[arm] >>> 31 : 1) & (f ? -f[arm] >>> 31 : 1);
      count[digit[arm]] += in1;
      n += in1;
    }
    this.count = count;
    this.size = n;
  }
}

/** Indices never changed in place (keysKept), and the index whose keys each order name's arrays hold. */
const keptIndices = new WeakSet<Float64Array>(),
  keyedUnder = new Map<string, Float64Array>();

/** Marks `index` as never changed in place: an order on it reads the keys an earlier one made under its name. */
export function keysKept(index: Float64Array): void {
  keptIndices.add(index);
}
