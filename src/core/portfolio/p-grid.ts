// The grid of p on which the portfolio paper measures an approximation factor (its published code).

/**
 * `size` values of p in [-inf, 1], ascending: -inf; floor(size/2) - 1 values evenly spaced in q = 1/p
 * on (0, 1/pMid] (so p runs from a large negative value up to pMid); floor(size/2) - 1 values evenly
 * spaced in p on (pMid, 1]; and 0. Here pMid = -ln d / ln(1/alpha): for p <= pMid, M_p is within a
 * factor alpha of the minimum, so the far negative range needs only sparse (1/p-spaced) points.
 * The paper's healthcare table uses d = 53, alpha = 0.6, size = 500.
 */
export function pGrid(numStakeholders: number, alpha = 0.6, size = 500): number[] {
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`the grid's alpha must be in (0, 1), got ${alpha}`);
  if (!(Number.isInteger(size) && size >= 4)) throw new RangeError(`the grid needs an integer size >= 4, got ${size}`);
  if (numStakeholders < 2) return [-Infinity, 0, 1];
  const pMid = -Math.log(numStakeholders) / Math.log(1 / alpha);
  const half = Math.floor(size / 2) - 1;
  const grid = [-Infinity, 0];
  for (let i = 1; i <= half; i++) grid.push(1 / ((i * (1 / pMid)) / half));
  // exactly 1 at the end, whatever the rounding
  for (let i = 1; i <= half; i++) grid.push(i === half ? 1 : pMid + (i * (1 - pMid)) / half);
  return grid.sort((a, b) => a - b);
}
