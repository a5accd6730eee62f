// The Pareto front of a pool on two clauses: the candidates no other candidate beats on one clause
// without losing on the other.

/**
 * Indices of the non-dominated candidates of `scores` (numCandidates x numClauses, row-major) on
 * clauses `x` and `y` (higher is better), sorted by clause x descending (then y descending, then
 * index). A candidate is dominated when another is at least as good on both clauses and strictly
 * better on one; candidates with identical scores are all kept.
 */
export function paretoFront(scores: ArrayLike<number>, numClauses: number, x: number, y: number): number[] {
  if (!(x >= 0 && x < numClauses && y >= 0 && y < numClauses))
    throw new RangeError(`clauses ${x + 1} and ${y + 1} are not both among the ${numClauses} clauses`);
  const n = scores.length / numClauses;
  const order = Array.from({ length: n }, (_, i) => i);
  const sx = (i: number) => scores[i * numClauses + x];
  const sy = (i: number) => scores[i * numClauses + y];
  order.sort((i, j) => sx(j) - sx(i) || sy(j) - sy(i) || i - j);
  // Sweep by x descending: a candidate is on the front iff its y beats every y seen at a strictly
  // larger x, and ties the best y at its own x.
  const front: number[] = [];
  let bestYAbove = -Infinity;
  for (let start = 0; start < n;) {
    let end = start;
    while (end < n && sx(order[end]) === sx(order[start])) end++;
    const topY = sy(order[start]);
    if (topY > bestYAbove) {
      for (let k = start; k < end && sy(order[k]) === topY; k++) front.push(order[k]);
      bestYAbove = topY;
    }
    start = end;
  }
  return front;
}
