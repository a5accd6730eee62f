// The eligible arms in list order by one index (higher index first, ties by lower tie rank), made as far as the
// lists on that index ask and shared by them. Apart from rank-order.ts (the sorts it uses) because it is the one
// piece that keeps state between calls: the keys, their histogram and the prefix made so far.
import {
  armsByTieRank,
  buffers,
  flaggedInTieOrder,
  keysOf,
  SMALL,
  topInOrder,
  varyingShift,
  type Buffers,
} from './rank-order.ts';
import { keySort } from './radix-key-sort.ts';
import { scratch } from './scratch.ts';

/**
 * The eligible arms in list order by one index, made only as far as asked and shared by the lists made on that
 * index: the list and its twin without a minimum (broughtIn), the default list and the default ranks. The keys and
 * a histogram of their top 16 bits (below those all share) are made once; a prefix grows bucket by bucket, each
 * growth one pass over the keys and a radix sort of the new buckets alone, so a cap that skips past the prefix
 * taken costs the arms it reaches, not a sort of all. Its arrays are scratch arrays under `name` (one name per
 * order alive at once): valid until the next order of that name. The index, ties and flags stay as given.
 */
export class ListOrder {
  private candidates: Int32Array | null = null;
  private keys: Buffers | null = null;
  private shift = 0;
  private count: Int32Array | null = null;
  /** The prefix made: `made` arms, the buckets before `next`. */
  private order: Int32Array = new Int32Array(0);
  private made = 0;
  private next = 0;
  /** The eligible members of a quota in tie order, per members array (shared with a sibling). */
  private readonly members: Map<Uint8Array, Int32Array>;

  /**
   * `sibling`: an order of another index on the same ties and eligibility (the default list's beside the list's),
   * whose eligible arms in tie order and quota members are taken rather than found again.
   */
  constructor(
    readonly index: Float64Array,
    readonly tieRank: Int32Array,
    readonly eligible: Uint8Array | null,
    private readonly name = 'order',
    private readonly sibling: ListOrder | null = null,
  ) {
    if (sibling && (sibling.tieRank !== tieRank || sibling.eligible !== eligible))
      throw new RangeError('ListOrder: a sibling must have the same ties and eligibility');
    this.members = sibling ? sibling.members : new Map();
  }

  /** How many arms the order has (the eligible ones). */
  get length(): number {
    return this.eligibleArms().length;
  }

  /** The first min(k, length) arms in list order, or more (a longer prefix already made); read only. */
  first(k: number): Int32Array {
    const all = this.eligibleArms(),
      n = all.length;
    k = Math.min(k, n);
    if (this.made >= k) return this.order.subarray(0, this.made);
    if (n <= SMALL) {
      this.order = topInOrder(this.index, this.tieRank, all, n);
      this.made = n;
      return this.order;
    }
    if (!this.keys) this.histogram(all);
    const { hi, lo } = this.keys!,
      count = this.count!,
      shift = this.shift;
    const from = this.next;
    let t = from,
      m = this.made + count[t];
    while (m < k) m += count[++t];
    // the buckets from..t, in tie order as they come, then sorted by their keys
    const two = buffers(2, m - this.made);
    let i = 0;
    for (let j = 0; j < n; j++) {
      const d = (hi[j] >>> shift) & 0xffff;
      if (d >= from && d <= t) {
        two.arms[i] = all[j];
        two.hi[i] = hi[j];
        two.lo[i++] = lo[j];
      }
    }
    this.order.set(keySort(i, two, buffers(1, i)), this.made);
    this.made = m;
    this.next = t + 1;
    return this.order.subarray(0, m);
  }

  /** Every eligible arm in list order; read only. */
  all(): Int32Array {
    return this.first(Infinity);
  }

  private histogram(all: Int32Array): void {
    const n = all.length,
      name = this.name;
    const keys = {
      arms: all,
      hi: scratch(`${name}-hi`, Uint32Array, n),
      lo: scratch(`${name}-lo`, Uint32Array, n),
    };
    keysOf(this.index, all, keys);
    const { hi } = keys;
    const shift = varyingShift(hi, n);
    const count = scratch(`${name}-count`, Int32Array, 65536, true);
    for (let j = 0; j < n; j++) count[(hi[j] >>> shift) & 0xffff]++;
    this.keys = keys;
    this.shift = shift;
    this.count = count;
    this.order = scratch(`${name}-order`, Int32Array, n);
  }

  /** The eligible arms with `members` set, in increasing tie rank (kept per members array; read only). */
  among(members: Uint8Array): Int32Array {
    let arms = this.members.get(members);
    if (!arms) {
      arms = flaggedInTieOrder('list-order-members', armsByTieRank(this.tieRank), this.eligible, members).slice();
      this.members.set(members, arms);
    }
    return arms;
  }

  private eligibleArms(): Int32Array {
    if (!this.candidates) {
      // a copy: flaggedInTieOrder's scratch is reused by the next list
      const arms =
        this.sibling?.eligibleArms() ?? flaggedInTieOrder('list-order', armsByTieRank(this.tieRank), this.eligible);
      this.candidates = scratch(`${this.name}-arms`, Int32Array, arms.length);
      this.candidates.set(arms);
    }
    return this.candidates;
  }
}
