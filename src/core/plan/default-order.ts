// The default reward's order of every arm (higher default index first, ties by lower tie rank), kept, and the
// week's default orders read off it. Apart from list-order.ts because it is made before the list is asked for:
// the default index does not depend on her settings (default-index.ts keeps it) and the week's tie ranks only on
// the plan's seed and the week, so the plan worker sorts all arms once while she fills the form. The default
// list's order and the default ranks are then a pass over it each: the order of the eligible is the order of all
// with the others left out (the same sort keys, so the same lists).
import { countDown } from './fine-count.ts';
import { keysKept, ListOrder } from './list-order.ts';
import { armsByTieRank, sortInOrder } from './rank-order.ts';
import { scratch } from './scratch.ts';

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
  const hit = kept.get(index);
  if (hit?.tieRank === tieRank && hit.order.length === index.length)
    return new FilteredOrder(hit.order, index, tieRank, eligible, name, null);
  keysKept(index);
  return new ListOrder(index, tieRank, eligible, name);
}

/** A ListOrder read off the order of all arms: its eligible arms (and members) in that order, made once in one pass. */
class FilteredOrder extends ListOrder {
  private filtered: Int32Array | null = null;

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

  override get length(): number {
    return this.all().length;
  }

  override get keptWhole(): boolean {
    return true;
  }

  override first(): Int32Array {
    return this.all();
  }

  override all(): Int32Array {
    if (this.filtered) return this.filtered;
    const { full, eligible: e, members: f } = this;
    if (!e && !f) return (this.filtered = full);
    const out = scratch(`${this.name}-order`, Int32Array, full.length);
    let n = 0;
    for (let p = 0; p < full.length; p++) {
      const arm = full[p];
      if ((!e || e[arm]) && (!f || f[arm])) out[n++] = arm;
    }
    return (this.filtered = out.subarray(0, n));
  }

  override countBefore(asked: Int32Array, skipped: Int32Array, out: Int32Array): void {
    countDown(this.all(), this.index.length, asked, skipped, out);
  }

  protected override sub(members: Uint8Array, name: string): ListOrder {
    return new FilteredOrder(this.full, this.index, this.tieRank, this.eligible, name, members);
  }
}
