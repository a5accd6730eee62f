// The default reward's order of every arm (higher default index first, ties by lower tie rank), kept, and the
// week's default orders read off it. Apart from list-order.ts because it is made before the list is asked for:
// the default index does not depend on her settings (default-index.ts keeps it) and the week's tie ranks only on
// the plan's seed and the week, so the plan worker sorts all arms once while she fills the form. The default
// list's order is then read off it as far as the list asks, and the default ranks (and the holdout lines' ranks
// among all who may be called) counted by one walk down it: the order of the eligible is the order of all with the
// others left out (the same sort keys, so the same lists).
import { countDown, flagWords, nonZeroBits, type AlsoCount } from './fine-count.ts';
import { keysKept, ListOrder } from './list-order.ts';
import { armsByTieRank, sortInOrder } from './rank-order.ts';
import { scratch } from './scratch.ts';
import { membersListed } from './bucket-arms.ts';

const kept = new WeakMap<Float64Array, { tieRank: Int32Array; order: Int32Array }>();

/** Sorts every arm by `index` (ties by `tieRank`) and keeps the order for defaultListOrder (one per index). */
export function keepDefaultOrder(index: Float64Array, tieRank: Int32Array): void {
  if (kept.get(index)?.tieRank === tieRank) return;
  kept.set(index, { tieRank, order: sortInOrder(index, tieRank, armsByTieRank(tieRank)).slice() });
}

/**
 * The eligible arms in list order by the default `index` (kept, default-index.ts: never changed in place): read off
 * the order of all arms when it is kept for these tie ranks (keepDefaultOrder), else a ListOrder of its own, which
 * reads the keys an earlier list's made on the same index (keysKept). Arguments as ListOrder's.
 */
export function defaultListOrder(
  index: Float64Array,
  tieRank: Int32Array,
  eligible: Uint8Array | null,
  name: string,
): ListOrder {
  const full = keptOrder(index, tieRank);
  if (full) return new FilteredOrder(full, index, tieRank, eligible, name, null);
  keysKept(index);
  return new ListOrder(index, tieRank, eligible, name);
}

/** The order of all arms kept for `index` and `tieRank`, or null. */
function keptOrder(index: Float64Array, tieRank: Int32Array): Int32Array | null {
  const hit = kept.get(index);
  return hit?.tieRank === tieRank && hit.order.length === index.length ? hit.order : null;
}

/**
 * A ListOrder read off the order of all arms: its eligible arms (and members) in that order, filtered only as far as
 * its lists ask (a list of B reads the first few hundred thousand of 10^6; a quota's minimum fewer), each arm once.
 */
class FilteredOrder extends ListOrder {
  /** The arms filtered so far (`n` of them), from the first `read` of the full order. */
  private filtered: Int32Array | null = null;
  private n = 0;
  private read = 0;
  private total = -1;

  constructor(
    private readonly full: Int32Array,
    index: Float64Array,
    tieRank: Int32Array,
    eligible: Uint8Array | null,
    name: string,
    members: Uint8Array | null,
  ) {
    super(index, tieRank, eligible, name, members);
  }

  /** The eligible (members) counted in arm order, not by filtering the whole order. */
  override get length(): number {
    if (this.total < 0) this.total = inOrderCount(this.full.length, this.eligible, this.members);
    return this.total;
  }

  override get keptWhole(): boolean {
    return true;
  }

  override first(k: number): Int32Array {
    const { full, eligible: e, members: f } = this;
    if (!e && !f) return full;
    if (!this.filtered) this.filtered = scratch(`${this.name}-order`, Int32Array, this.length + 1);
    const out = this.filtered,
      goal = Math.min(k, this.length);
    let { n, read: p } = this;
    // every arm written, kept (n moves on) when in the order: no branch on her flags (-x >>> 31: 1 for any flag set)
    if (e && f) {
      for (; n < goal; p++) {
        const arm = full[p];
        out[n] = arm;
        n += (-e[arm] >>> 31) & (-f[arm] >>> 31);
      }
    } else {
      const g = (e ?? f)!;
      for (; n < goal; p++) {
        const arm = full[p];
        out[n] = arm;
        n += -g[arm] >>> 31;
      }
    }
    [this.n, this.read] = [n, p];
    return out.subarray(0, n);
  }

  override all(): Int32Array {
    return this.first(Infinity);
  }

  /**
   * A walk down the order of all arms, those not in this one not counted: this order is not filtered whole for it;
   * `also` counted in the same walk.
   */
  override countBefore(asked: Int32Array, skipped: Int32Array, out: Int32Array, also: AlsoCount | null = null): void {
    const { eligible: e, members: f } = this;
    for (let j = 0; j < asked.length; j++) {
      const arm = asked[j];
      if ((e && !e[arm]) || (f && !f[arm])) throw new RangeError(`ListOrder: arm ${arm} is not in the order`);
    }
    countDown(this.full, this.full.length, asked, skipped, out, e, f, also);
  }

  protected override sub(members: Uint8Array, name: string): ListOrder {
    return new FilteredOrder(this.full, this.index, this.tieRank, this.eligible, name, members);
  }
}

/** How many of N arms have `eligible` and `members` set (null: every arm). */
function inOrderCount(N: number, eligible: Uint8Array | null, members: Uint8Array | null): number {
  if (members) {
    let n = 0;
    const arms = membersListed(members);
    for (let j = 0; j < arms.length; j++) n += eligible ? -eligible[arms[j]] >>> 31 : 1;
    return n;
  }
  if (!eligible) return N;
  // four flags a word where the array starts on one: each byte's bits or'ed into its lowest (any value but 0 counts,
  // as the order reads them), the four summed by one multiply (10^6 arms: 1.3 -> 0.45 ms)
  const words = flagWords(eligible, N);
  let n = 0,
    arm = 0;
  if (words) {
    for (let i = 0; i < words.length; i++) n += Math.imul(nonZeroBits(words[i]), 0x01010101) >>> 24;
    arm = words.length * 4;
  }
  for (; arm < N; arm++) n += -eligible[arm] >>> 31;
  return n;
}
