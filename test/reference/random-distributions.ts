// Random probability rows for test arms: `rows` distributions over S outcomes, each drawn as
// (u^2 + floor) normalised, rows one after the other from the generator u (so the draws' order is fixed).
export function randomDistributions(u: () => number, rows: number, S: number, floor = 0): Float64Array {
  const out = new Float64Array(rows * S);
  for (let r = 0; r < rows; r++) {
    const w = Array.from({ length: S }, () => u() ** 2 + floor);
    const total = w.reduce((a, b) => a + b, 0);
    for (let t = 0; t < S; t++) out[r * S + t] = w[t] / total;
  }
  return out;
}
