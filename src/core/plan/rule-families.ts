// Which share quotas the exact list can hold at once. Quotas over one feature group are disjoint sets
// (a laminar family), as are the workers; two such families make the list a min-cost flow
// (capacity-flow.ts). Quotas that do not fit in two families are left free in the flow and checked
// on its list afterwards (capacity-top-b.ts): a relaxation whose best list keeps them is the best list.
import type { CallQuota } from './constrained-top-b.ts';

/** overlap[a][b] = 1 when quotas a and b share an eligible arm. */
export function overlapMatrix(quotas: readonly CallQuota[], eligible: Uint8Array | null): Uint8Array[] {
  const Q = quotas.length,
    N = quotas[0]?.members.length ?? 0;
  const overlap = Array.from({ length: Q }, () => new Uint8Array(Q));
  // one quota overlaps none: no pass over the arms (10^6 of them, a list's 35 ms)
  if (Q < 2) return overlap;
  const seen = new Set<string>();
  const inside: number[] = [];
  for (let arm = 0; arm < N; arm++) {
    if (eligible && !eligible[arm]) continue;
    inside.length = 0;
    for (let k = 0; k < Q; k++) if (quotas[k].members[arm]) inside.push(k);
    if (inside.length < 2) continue;
    const key = inside.join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    for (const a of inside) for (const b of inside) if (a !== b) overlap[a][b] = 1;
  }
  return overlap;
}

/**
 * The quotas as two families of sets disjoint among the eligible arms (family 0 empty when the workers
 * are the first family), or null when they do not split so (a 2-colouring of the overlap graph).
 */
export function splitFamilies(
  quotas: readonly CallQuota[],
  eligible: Uint8Array | null,
  withWorkers: boolean,
): [number[], number[]] | null {
  const Q = quotas.length;
  const overlap = overlapMatrix(quotas, eligible);
  const colour = new Int8Array(Q).fill(-1);
  for (let k = 0; k < Q; k++) {
    if (colour[k] >= 0) continue;
    colour[k] = 1;
    const stack = [k];
    while (stack.length) {
      const u = stack.pop()!;
      for (let v = 0; v < Q; v++) {
        if (!overlap[u][v]) continue;
        if (colour[v] === colour[u]) return null;
        if (colour[v] < 0) {
          colour[v] = 1 - colour[u];
          stack.push(v);
        }
      }
    }
  }
  const zero = [...colour.keys()].filter((k) => colour[k] === 0);
  const one = [...colour.keys()].filter((k) => colour[k] === 1);
  if (withWorkers && zero.length) return null;
  return [zero, one];
}

/**
 * Two families to solve exactly and the quotas left free: all of them in two families when they split
 * so; else, quotas with a minimum first (a free minimum is the likelier to fail), each into the first
 * family it is disjoint from (family 0 only without workers), the rest free.
 */
export function keepTwoFamilies(
  quotas: readonly CallQuota[],
  eligible: Uint8Array | null,
  withWorkers: boolean,
): { families: [number[], number[]]; free: number[] } {
  const split = splitFamilies(quotas, eligible, withWorkers);
  if (split) return { families: split, free: [] };
  const overlap = overlapMatrix(quotas, eligible);
  const families: [number[], number[]] = [[], []];
  const free: number[] = [];
  const order = [...quotas.keys()].sort((a, b) => Number(quotas[b].min > 0) - Number(quotas[a].min > 0) || a - b);
  for (const k of order) {
    const fits = (f: number[]) => f.every((j) => !overlap[k][j]);
    if (fits(families[1])) families[1].push(k);
    else if (!withWorkers && fits(families[0])) families[0].push(k);
    else free.push(k);
  }
  return { families, free: free.sort((a, b) => a - b) };
}
