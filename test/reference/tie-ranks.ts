// The week's tie draw one number at a time: the plain Fisher-Yates that list-rules.ts's block draw must equal
// (same permutation, same stream left), and the tie ranks tests and benches make for their own lists.

/** A seeded random permutation as tie ranks: tieRank[arm] in 0..n-1, all distinct (Fisher-Yates). */
export function seededTieRanks(numArms: number, randomInt: (n: number) => number): Int32Array {
  const order = new Int32Array(numArms);
  for (let i = 0; i < numArms; i++) order[i] = i;
  for (let i = numArms - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    const t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
  const rank = new Int32Array(numArms);
  for (let r = 0; r < numArms; r++) rank[order[r]] = r;
  return rank;
}
