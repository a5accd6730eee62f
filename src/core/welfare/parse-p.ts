// Reads a welfare parameter as users write it: a number, "-inf", or the name of a classic welfare function.

const NAMED: Record<string, number> = {
  utilitarian: 1,
  nash: 0,
  egalitarian: -Infinity,
  '-inf': -Infinity,
  '-infinity': -Infinity,
  min: -Infinity,
};

/**
 * Parses "1", "-0.5", "-inf", "utilitarian" (1), "nash" (0) or "egalitarian" (-inf); throws a RangeError for anything
 * else or p > 1.
 */
export function parseP(text: string): number {
  const t = text.trim().toLowerCase();
  const p = t in NAMED ? NAMED[t] : /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t) ? Number(t) : NaN;
  if (Number.isNaN(p))
    throw new RangeError(`"${text}" is not a value of p: write a number <= 1, -inf, utilitarian, nash or egalitarian`);
  if (p > 1) throw new RangeError(`p = ${p} is above 1: welfare functions use p in [-inf, 1]`);
  return p;
}
