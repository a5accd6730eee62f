// Whether two flag or number columns hold the same values: the week's next list has its own arrays (a fresh
// listRules) of the same values as the last, and what was kept for the last (a grouping, an arm's eligibility) serves
// it too. Apart because the capacity solvers' reach and the holdout ask alike.

/** Whether x and y are typed arrays of one type with the same values (a pass four bytes at a time where it can). */
export function sameValues(x: unknown, y: unknown): boolean {
  if (!(x instanceof Uint8Array || x instanceof Int32Array) || !(y instanceof x.constructor)) return false;
  const a = x as Uint8Array | Int32Array,
    b = y as Uint8Array | Int32Array;
  if (a.length !== b.length) return false;
  const words = (v: Uint8Array | Int32Array) =>
    v instanceof Int32Array
      ? v
      : v.byteOffset % 4 === 0 && v.length % 4 === 0
        ? new Int32Array(v.buffer, v.byteOffset, v.length / 4)
        : null;
  const [u, w] = [words(a), words(b)];
  const [p, q] = u && w ? [u, w] : [a, b];
  for (let j = 0; j < p.length; j++) if (p[j] !== q[j]) return false;
  return true;
}
