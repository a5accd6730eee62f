// Which clause decided a welfare pick, and by how much: for each clause, the pick's welfare if its
// score on that clause were the runner-up's instead. The clause whose swap costs the pick the most
// welfare decided it; when that one swap alone hands the choice to the runner-up, the pick rests on
// that clause. Exact for any p and weights (it re-evaluates the p-mean, no linearization).
import { pMean } from '../welfare/p-mean.ts';
import { shown, tiedAsShown, tieSentence } from '../words/tie.ts';

export interface DecidingClause {
  /** Pool indices of the pick and of the runner-up (the best other candidate). */
  pick: number;
  runnerUp: number;
  /** Welfare of both, and the margin. */
  pickWelfare: number;
  runnerUpWelfare: number;
  /** The deciding clause's index, and both candidates' scores on it. */
  clause: number;
  pickScore: number;
  runnerUpScore: number;
  /** Welfare the pick loses when its score on the clause is the runner-up's. */
  welfareAtStake: number;
  /** Whether that swap alone makes the runner-up at least as good (the pick rests on this clause). */
  decisive: boolean;
}

/**
 * scores: numCandidates rows of per-clause scores; welfare: each candidate's welfare under (p, weights);
 * pick: the selected index. Null when the pool has one candidate or the runner-up ties the pick.
 */
export function decidingClause(
  scores: readonly (readonly number[])[],
  welfare: readonly number[],
  pick: number,
  p: number,
  weights?: readonly number[],
): DecidingClause | null {
  let runnerUp = -1;
  welfare.forEach((w, i) => {
    if (i !== pick && (runnerUp < 0 || w > welfare[runnerUp])) runnerUp = i;
  });
  if (runnerUp < 0 || !(welfare[pick] > welfare[runnerUp])) return null;
  const mine = scores[pick],
    theirs = scores[runnerUp];
  const w = weights && weights.length === mine.length ? weights : undefined;
  let clause = -1,
    stake = -Infinity;
  for (let c = 0; c < mine.length; c++) {
    if (!(mine[c] > theirs[c])) continue;
    const swapped = mine.slice();
    swapped[c] = theirs[c];
    const loss = welfare[pick] - pMean(swapped, p, w);
    if (loss > stake) {
      stake = loss;
      clause = c;
    }
  }
  if (clause < 0) return null;
  return {
    pick,
    runnerUp,
    pickWelfare: welfare[pick],
    runnerUpWelfare: welfare[runnerUp],
    clause,
    pickScore: mine[clause],
    runnerUpScore: theirs[clause],
    welfareAtStake: stake,
    decisive: welfare[pick] - stake <= welfare[runnerUp],
  };
}

const fmt = shown;

/** The deciding clause in a sentence, naming candidates and clauses by `candidateName` and `clauseName`. */
export function describeDecidingClause(
  d: DecidingClause,
  candidateName: (i: number) => string,
  clauseName: (c: number) => string,
): string {
  if (tiedAsShown(d.pickWelfare, d.runnerUpWelfare)) {
    const tie = tieSentence(
      candidateName(d.pick),
      `the runner-up ${candidateName(d.runnerUp)}`,
      d.pickWelfare,
      d.pickWelfare - d.runnerUpWelfare,
    );
    return (
      `${tie}. The margin came from the clause “${clauseName(d.clause)}”, where the pick scores ` +
      `${Number((d.pickScore - d.runnerUpScore).toPrecision(2))} higher.`
    );
  }
  const lead =
    `${candidateName(d.pick)} beats the runner-up ${candidateName(d.runnerUp)} on welfare ` +
    `${fmt(d.pickWelfare)} against ${fmt(d.runnerUpWelfare)}`;
  const why =
    `"${clauseName(d.clause)}" decided it: it scores ${fmt(d.pickScore)} there against ` + `${fmt(d.runnerUpScore)}`;
  const weight = d.decisive
    ? `; with the runner-up's score on that clause alone, the pick would lose`
    : `, worth ${fmt(d.welfareAtStake)} of welfare (the margin is ${fmt(d.pickWelfare - d.runnerUpWelfare)}; other ` +
      `clauses add to it)`;
  return `${lead}. ${why}${weight}.`;
}
