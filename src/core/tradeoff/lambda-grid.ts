// The dial's grid: lambda from 0 (the default reward, `state`) to lambdaMax (1: the candidate's
// reward as written), in equal steps, and finer grids between two points the user picks.
// Every lambda is rounded to 6 decimals, so that it prints exactly as the literal in the
// candidate's expression (see dial-expression.ts) and parses back to the same double.

/** Rounds to 6 decimals: a double that prints and parses back to itself. */
export function roundLambda(x: number): number {
  const r = Number(x.toFixed(6));
  return r === 0 ? 0 : r; // no -0
}

/** `points` values from 0 to lambdaMax inclusive, equally spaced (points >= 2). */
export function lambdaGrid(points: number, lambdaMax = 1): number[] {
  if (!Number.isInteger(points) || points < 2) throw new RangeError(`the grid needs at least 2 points, got ${points}`);
  if (!(lambdaMax > 0 && Number.isFinite(lambdaMax)))
    throw new RangeError(`the largest lambda must be a positive number, got ${lambdaMax}`);
  return Array.from({ length: points }, (_, i) => roundLambda((i * lambdaMax) / (points - 1)));
}

/** The grid with `extra` equally spaced values added strictly between `from` and `to`; sorted, without repeats. */
export function refineGrid(grid: readonly number[], from: number, to: number, extra: number): number[] {
  const [a, b] = from <= to ? [from, to] : [to, from];
  const added = Array.from({ length: extra }, (_, i) => roundLambda(a + ((i + 1) * (b - a)) / (extra + 1)));
  return [...new Set([...grid, ...added])].sort((x, y) => x - y);
}
