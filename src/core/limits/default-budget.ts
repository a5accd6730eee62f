// One default budget everywhere: calls a week for a population or register whose file does not say,
// on the Data, What-if and Plan screens and on the command line alike. A tenth of the beneficiaries
// (at least one call): the call capacity of the programs allot is made for (ARMMAN's 3,000-mother
// registers with 300 calls a week). A population that carries its own budget (a file's `budget`, or the
// one she saved on the Data screen) keeps it everywhere; the built-in generators keep their papers'.

/** Calls a week when nothing says otherwise: a tenth of `numArms`, rounded, at least 1. */
export function defaultBudget(numArms: number): number {
  return Math.max(1, Math.round(numArms / 10));
}
