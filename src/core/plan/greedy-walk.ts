// constrainedTopB's greedy (constrained-top-b.ts) as a state and a walk: the arms chosen, the calls per quota, the
// caps reached. Apart because it is the inner loop of every list without workers: typed arrays and plain loops, kept
// free of the checks and words around it.
import type { CallQuota } from './constrained-top-b.ts';
import type { ListOrder } from './list-order.ts';
import { topInOrder } from './rank-order.ts';
import { scratch } from './scratch.ts';

/** Quotas whose membership is a bit of an arm's flags (bit 0: chosen); any beyond are read from their members. */
const BITS = 31;

/**
 * The greedy's state and its walk down candidates in rank order: typed arrays and plain loops, no closure per arm
 * (at 10^6 the walks visit a few hundred thousand arms per list, each a cache miss at a random arm). So an arm's
 * visit reads one word: whether she is chosen and the quotas she is in (a byte for up to 7 quotas), against the mask
 * of the capped quotas at their maximum.
 */
export class Walk {
  readonly picked: Int32Array;
  readonly via: Int32Array;
  readonly quotaCalls: Int32Array;
  private readonly flags: Uint8Array | Uint32Array;
  private readonly members: Uint8Array[];
  /** Where each walk's picks begin: each walk takes its arms in rank order (mergeRuns puts them together). */
  readonly runs: number[] = [];
  /** Bits of the capped quotas at their maximum (quota q: bit q + 1), and those beyond BITS at it. */
  private fullMask = 0;
  private readonly fullBeyond: number[] = [];
  n = 0;
  /** Whether an arm was taken for a minimum (the picks are then not in rank order). */
  minima = false;

  constructor(
    private readonly index: Float64Array,
    private readonly tieRank: Int32Array,
    private readonly quotas: readonly CallQuota[],
    private readonly budget: number,
    N: number,
  ) {
    const Q = quotas.length;
    this.members = quotas.map((q) => q.members);
    if (Q <= 7) {
      // a byte per arm: her quotas' bits, kept per quotas' members (a week's lists share them), copied
      const flags = scratch('top-b-flags', Uint8Array, N, Q === 0);
      if (Q > 0) flags.set(memberBits(this.members, N));
      this.flags = flags;
    } else {
      const flags = scratch('top-b-flags32', Uint32Array, N, true);
      for (let q = 0; q < Math.min(Q, BITS); q++) {
        const m = quotas[q].members,
          bit = 2 ** (q + 1);
        for (let arm = 0; arm < N; arm++) if (m[arm]) flags[arm] |= bit;
      }
      this.flags = flags;
    }
    this.picked = scratch('top-b-picked', Int32Array, budget);
    this.via = scratch('top-b-picked-via', Int32Array, budget);
    this.quotaCalls = new Int32Array(Q);
    quotas.forEach((q, k) => q.max <= 0 && this.fill(k));
  }

  /**
   * Takes candidates (in rank order) that are not chosen and break no maximum, for quota `k`'s minimum (until it
   * holds) or for the rest (k = -1), until the budget is used. Skips are arms already chosen (at most n) and caps:
   * the prefix starts at what is needed with those; when caps skip more, a longer one (as long as the rate of takes so
   * far says the rest needs, with a margin, and longer by a share that grows to double), so that a cap costs a few
   * passes over the keys, not a sort of all.
   */
  walk(candidates: Int32Array | ListOrder, need: number, k: number): void {
    const { index, tieRank, budget, flags, members, fullBeyond } = this;
    const goal = k >= 0 ? this.quotas[k].min : 0;
    const first = this.n;
    this.runs.push(first);
    let size = Math.min(candidates.length, need + this.n + 16),
      position = 0,
      grown = 0;
    for (;;) {
      const top =
        candidates instanceof Int32Array ? topInOrder(index, tieRank, candidates, size) : candidates.first(size);
      const start = position,
        before = this.n;
      for (; position < top.length; position++) {
        if (this.n >= budget || (k >= 0 && this.quotaCalls[k] >= goal)) return;
        const arm = top[position],
          f = flags[arm];
        if (f & 1 || f & this.fullMask) continue;
        let fits = true;
        for (let j = 0; j < fullBeyond.length; j++)
          if (members[fullBeyond[j]][arm]) {
            fits = false;
            break;
          }
        if (fits) this.choose(arm, f, k);
      }
      if (size >= candidates.length || this.n >= budget || (k >= 0 && this.quotaCalls[k] >= goal)) return;
      const rate = Math.max((this.n - before) / Math.max(1, top.length - start), 1 / 64);
      const rest = Math.max(0, need - (this.n - first));
      // A ListOrder grows by the buckets it adds (a pass over the keys, a sort of those arms alone): as far as twice
      // the rate's estimate, at least an eighth more, then a quarter, a half, double (10^6: a cap's walk grew by
      // 100,000 arms sorted to read 10,000 of them); an array's top is sorted again from its start: at least double.
      const ordered = !(candidates instanceof Int32Array),
        floor = ordered && grown < 3 ? size + (size >> (3 - grown)) : 2 * size;
      size = Math.min(
        candidates.length,
        Math.max(floor, position + Math.ceil(((ordered ? 2 : 1.25) * rest) / rate) + 1024),
      );
      grown++;
    }
  }

  /**
   * The picks in rank order read off `prefix` (the order's arms made so far, ListOrder.first(0)) when it holds them
   * all: a pass down it keeping the chosen (a flag each, in the cache), where merging the walks' runs read two keys at
   * random arms per pick; else null (mergeRuns). Into scratch arrays (arms, via).
   */
  inOrder(prefix: Int32Array): [Int32Array, Int32Array] | null {
    const { n, flags, picked, via } = this;
    if (prefix.length > 2 * n + 4096) return null;
    // her via + 1 by arm, a byte each (up to 254 quotas) and written for the minima's picks alone: an array of 10^6
    // words written at every pick and read at every line cost more in its reads at random arms than this pass
    const small = this.quotas.length < 255,
      viaAt = small
        ? scratch('top-b-via-byte', Uint8Array, flags.length, true)
        : scratch('top-b-via-at', Int32Array, flags.length, true);
    for (let r = 0; r < this.runs.length; r++) {
      const end = r + 1 < this.runs.length ? this.runs[r + 1] : n;
      for (let j = this.runs[r]; j < end && via[j] >= 0; j++) viaAt[picked[j]] = via[j] + 1;
    }
    const arms = scratch('top-b-in-order', Int32Array, prefix.length + 1);
    let c = 0;
    for (let p = 0; p < prefix.length; p++) {
      const arm = prefix[p];
      arms[c] = arm;
      c += flags[arm] & 1;
    }
    if (c !== n) return null;
    const v = scratch('top-b-in-order-via', Int32Array, n);
    for (let j = 0; j < n; j++) v[j] = viaAt[arms[j]] - 1;
    return [arms.subarray(0, n), v];
  }

  private choose(arm: number, f: number, k: number): void {
    const { quotas, quotaCalls, members } = this;
    this.flags[arm] = f | 1;
    this.picked[this.n] = arm;
    this.via[this.n++] = k;
    if (k >= 0) this.minima = true;
    for (let q = 0; q < quotas.length; q++) {
      if (q < BITS ? !((f >>> (q + 1)) & 1) : !members[q][arm]) continue;
      // calls rise one at a time: a cap is reached once
      const calls = ++quotaCalls[q];
      if (calls >= quotas[q].max && calls - 1 < quotas[q].max) this.fill(q);
    }
  }

  /** Quota q is at its maximum: none of its members is taken from now on. */
  private fill(q: number): void {
    if (q < BITS) this.fullMask |= 2 ** (q + 1);
    else this.fullBeyond.push(q);
  }
}

const bitsKept = new WeakMap<Uint8Array, { members: Uint8Array[]; bits: Uint8Array }[]>();
/**
 * Per arm the bits of the (at most 7) quotas she is in (quota q: bit q + 1), kept per quotas' members arrays (read
 * only, as list-rules.ts keeps them per bucket): the list, its twin, the default list and a week's next lists share
 * them, where each made them afresh in a pass over every arm per quota.
 */
function memberBits(members: Uint8Array[], N: number): Uint8Array {
  let entries = bitsKept.get(members[0]);
  if (!entries) bitsKept.set(members[0], (entries = []));
  const hit = entries.find((e) => e.members.length === members.length && e.members.every((m, q) => m === members[q]));
  if (hit) return hit.bits;
  const bits = new Uint8Array(N);
  members.forEach((m, q) => {
    const bit = 2 ** (q + 1);
    for (let arm = 0; arm < N; arm++) if (m[arm]) bits[arm] |= bit;
  });
  if (entries.length >= 4) entries.shift();
  entries.push({ members: members.slice(), bits });
  return bits;
}
