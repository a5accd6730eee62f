// Python's repr of a float, for normalized text and for messages that quote a value.

/** Python's repr of a float (shortest round trip, always with a "." or exponent). */
export function pyRepr(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (Object.is(x, -0)) return '-0.0';
  const abs = Math.abs(x);
  if (abs >= 1e16 || abs < 1e-4) {
    // Python switches to exponent notation at 1e16 and below 1e-4, writing e+XX / e-XX with two digits at least.
    const [mantissa, exponent] = x.toExponential().split('e');
    const e = Number(exponent);
    return `${mantissa}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  }
  const s = String(x);
  return s.includes('.') ? s : `${s}.0`;
}
