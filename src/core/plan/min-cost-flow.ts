// A min-cost flow for the list under two laminar families of rules (capacity-flow.ts): successive
// shortest paths (Dijkstra with potentials), costs as pairs compared lexicographically, and "chain"
// edges whose k-th unit costs its own amount (nondecreasing), one unit per mother in list order.
//
// Pair costs keep the list's tiers apart exactly: the first part counts minimum units and calls
// (integers), the second the indices (floats), so no big constant mixes them. Chains make an edge with
// a convex cost: taking one more of a worker's mothers in a bucket costs her next index, and giving one
// back returns the last taken. Successive shortest paths keep the flow of each value at least cost
// (no negative cycle in the residual graph), and a path's cost never decreases from one to the next, so
// stopping at the first path of cost >= 0 in the first part (no gain in minima or calls) or at the
// budget gives the best flow of any value up to it.

export class PairFlow {
  private head: number[];
  private next: number[] = [];
  private to: number[] = [];
  private cap: number[] = [];
  private flow: number[] = [];
  private c1: number[] = [];
  private c2: number[] = [];
  /** Per edge: the start of its unit costs in `unitCost`, or -1 for a plain edge (cost c2 per unit). */
  private chain: number[] = [];
  private unitCost: number[] = [];

  constructor(readonly numNodes: number) {
    this.head = new Array(numNodes).fill(-1);
  }

  /** A plain edge: up to `cap` units at cost (c1, c2) each. Returns its id. */
  addEdge(u: number, v: number, cap: number, c1: number, c2: number): number {
    return this.link(u, v, cap, c1, c2, -1);
  }

  /** A chain edge: unit k costs (c1, costs[k]); costs must not decrease. Returns its id. */
  addChain(u: number, v: number, c1: number, costs: ArrayLike<number>): number {
    const startAt = this.unitCost.length;
    for (let k = 0; k < costs.length; k++) this.unitCost.push(costs[k]);
    return this.link(u, v, costs.length, c1, 0, startAt);
  }

  /** Units on edge `id`. */
  flowOf(id: number): number {
    return this.flow[id];
  }

  private link(u: number, v: number, cap: number, c1: number, c2: number, chain: number): number {
    const id = this.to.length;
    for (const [from, target] of [[u, v], [v, u]]) {
      this.to.push(target);
      this.next.push(this.head[from]);
      this.head[from] = this.to.length - 1;
      this.cap.push(cap);
      this.flow.push(0);
      this.c1.push(c1);
      this.c2.push(c2);
      this.chain.push(chain);
    }
    return id;
  }

  /** Residual units of directed edge e (even: forward, odd: the reverse of e - 1). */
  private residual(e: number): number {
    return e & 1 ? this.flow[e - 1] : this.cap[e] - this.flow[e];
  }

  /** The cost (second part) of one more unit through directed edge e. */
  private cost2(e: number): number {
    const f = e & 1 ? e - 1 : e;
    const chain = this.chain[f];
    const c = chain < 0 ? this.c2[f] : this.unitCost[chain + (e & 1 ? this.flow[f] - 1 : this.flow[f])];
    return e & 1 ? -c : c;
  }

  private cost1(e: number): number {
    return e & 1 ? -this.c1[e - 1] : this.c1[e];
  }

  /**
   * Sends up to `limit` units from s to t, each along a cheapest path, while a path's cost is negative
   * in its first part. Returns the units sent.
   */
  run(s: number, t: number, limit: number): number {
    const V = this.numNodes;
    const p1 = new Float64Array(V), p2 = new Float64Array(V);
    this.shortestFrom([s], p1, p2, false);
    for (let v = 0; v < V; v++) if (p1[v] === Infinity) p1[v] = p2[v] = 0;
    const d1 = new Float64Array(V), d2 = new Float64Array(V), parent = new Int32Array(V);
    const heap = new PairHeap(V);
    let sent = 0;
    while (sent < limit) {
      d1.fill(Infinity);
      d2.fill(Infinity);
      parent.fill(-1);
      d1[s] = d2[s] = 0;
      heap.push(0, 0, s);
      while (heap.size > 0) {
        const u = heap.pop();
        const a1 = heap.key1, a2 = heap.key2;
        if (a1 !== d1[u] || a2 !== d2[u]) continue;
        for (let e = this.head[u]; e !== -1; e = this.next[e]) {
          if (this.residual(e) <= 0) continue;
          const v = this.to[e];
          const b1 = a1 + this.cost1(e) + p1[u] - p1[v];
          let b2 = a2 + this.cost2(e) + p2[u] - p2[v];
          if (b1 === a1 && b2 < a2) b2 = a2; // rounding: reduced costs are >= 0
          if (b1 < d1[v] || (b1 === d1[v] && b2 < d2[v])) {
            d1[v] = b1;
            d2[v] = b2;
            parent[v] = e;
            heap.push(b1, b2, v);
          }
        }
      }
      if (d1[t] === Infinity || d1[t] + p1[t] - p1[s] >= 0) break;
      for (let v = 0; v < V; v++) {
        if (d1[v] === Infinity) continue;
        p1[v] += d1[v];
        p2[v] += d2[v];
      }
      for (let v = t; v !== s; ) {
        const e = parent[v];
        if (e & 1) this.flow[e - 1]--;
        else this.flow[e]++;
        v = this.to[e ^ 1];
      }
      sent++;
    }
    return sent;
  }

  /**
   * Cheapest cost (pair) from every node to one of `targets` (reverse: true) or from the sources to every
   * node (reverse: false) over the residual graph, by label correction (the residual graph of a
   * least-cost flow has no negative cycle).
   */
  shortestFrom(starts: number[], d1: Float64Array, d2: Float64Array, reverse: boolean): void {
    const V = this.numNodes;
    d1.fill(Infinity);
    d2.fill(Infinity);
    const queued = new Uint8Array(V);
    const queue: number[] = [];
    for (const v of starts) {
      d1[v] = d2[v] = 0;
      queued[v] = 1;
      queue.push(v);
    }
    for (let q = 0; q < queue.length; q++) {
      const u = queue[q];
      queued[u] = 0;
      for (let e = this.head[u]; e !== -1; e = this.next[e]) {
        // reverse: relax the edges into u (edge e ^ 1 runs from to[e] into u)
        const edge = reverse ? e ^ 1 : e;
        if (this.residual(edge) <= 0) continue;
        const v = this.to[e];
        const b1 = d1[u] + this.cost1(edge), b2 = d2[u] + this.cost2(edge);
        if (b1 < d1[v] || (b1 === d1[v] && b2 < d2[v] - 1e-12 * (1 + Math.abs(b2)))) {
          d1[v] = b1;
          d2[v] = b2;
          if (!queued[v]) {
            queued[v] = 1;
            queue.push(v);
          }
        }
      }
    }
  }
}

/** A binary min-heap of (key1, key2, node) with lazy deletion; pop leaves the popped keys in key1, key2. */
class PairHeap {
  size = 0;
  key1 = 0;
  key2 = 0;
  private k1: Float64Array;
  private k2: Float64Array;
  private node: Int32Array;

  constructor(capacity: number) {
    this.k1 = new Float64Array(Math.max(16, capacity));
    this.k2 = new Float64Array(this.k1.length);
    this.node = new Int32Array(this.k1.length);
  }

  push(a: number, b: number, v: number): void {
    if (this.size === this.k1.length) this.grow();
    let i = this.size++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!(a < this.k1[p] || (a === this.k1[p] && b < this.k2[p]))) break;
      this.move(p, i);
      i = p;
    }
    this.k1[i] = a;
    this.k2[i] = b;
    this.node[i] = v;
  }

  pop(): number {
    const top = this.node[0];
    this.key1 = this.k1[0];
    this.key2 = this.k2[0];
    const n = --this.size;
    const a = this.k1[n], b = this.k2[n], v = this.node[n];
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && (this.k1[c + 1] < this.k1[c] || (this.k1[c + 1] === this.k1[c] && this.k2[c + 1] < this.k2[c]))) c++;
      if (!(this.k1[c] < a || (this.k1[c] === a && this.k2[c] < b))) break;
      this.move(c, i);
      i = c;
    }
    this.k1[i] = a;
    this.k2[i] = b;
    this.node[i] = v;
    return top;
  }

  private move(from: number, to: number): void {
    this.k1[to] = this.k1[from];
    this.k2[to] = this.k2[from];
    this.node[to] = this.node[from];
  }

  private grow(): void {
    const k1 = new Float64Array(this.k1.length * 2), k2 = new Float64Array(k1.length), node = new Int32Array(k1.length);
    k1.set(this.k1);
    k2.set(this.k2);
    node.set(this.node);
    [this.k1, this.k2, this.node] = [k1, k2, node];
  }
}
