// The indexability verdict of an arm, as the engine computes it (assembly/whittle-s.ts), and the words
// every surface (command line, app) uses for it.

/** Per arm: 0 not indexable, 1 indexable, 2 strongly indexable (so a verdict > 0 means indexable). */
export const VERDICT = { notIndexable: 0, indexable: 1, stronglyIndexable: 2 } as const;

export function verdictName(verdict: number): string {
  return verdict === VERDICT.stronglyIndexable
    ? 'strongly indexable'
    : verdict === VERDICT.indexable
      ? 'indexable'
      : 'not indexable';
}

/** Arms whose verdict is "not indexable". */
export function countNotIndexable(verdicts: ArrayLike<number>): number {
  let n = 0;
  for (let i = 0; i < verdicts.length; i++) if (verdicts[i] === VERDICT.notIndexable) n++;
  return n;
}

/**
 * What priority a non-indexable arm gets, in words. Such an arm has no Whittle index (as the subsidy for
 * resting grows, some state's best action switches back from resting to calling), so the engine ranks its
 * states by the subsidy at which the index computation (a sweep that starts with calling in every state) makes them
 * passive, continued past the violation; a state the sweep never makes passive gets the largest such value of
 * its arm. Where the arm is indexable this value is its Whittle index.
 */
export const NON_INDEXABLE_PRIORITY =
  'allot still ranks such an arm: each of its states by the payment for not calling at which the index computation ' +
  'first stops calling it, ' +
  'which is the Whittle index wherever one exists.';

/** One line for a run: "3 of 1,000 arms are not indexable: ..."; empty when every arm is indexable. */
export function nonIndexableNote(notIndexable: number, total: number): string {
  if (notIndexable === 0) return '';
  const one = notIndexable === 1;
  return (
    `${notIndexable} of ${total} arm${total === 1 ? '' : 's'} ${one ? 'is' : 'are'} not indexable ` +
    `(${one ? 'it has' : 'they have'} no Whittle index: ` +
    `as the payment for not calling grows, the best action in some state switches back to calling). ` +
    `${NON_INDEXABLE_PRIORITY}`
  );
}

/**
 * Why a table of Whittle indices cannot be used, or null: rewards so large (1e308) that the index
 * computation overflows give an index of Infinity or NaN, which is no index, and a verdict computed
 * with it means nothing. Names up to three arms by id with their rewards (rewards: numArms x numStates).
 */
export function indexOverflowProblem(
  indices: Float64Array,
  rewards: Float64Array,
  numStates: number,
  ids: readonly string[],
): string | null {
  const bad: number[] = [];
  for (let arm = 0; arm * numStates < indices.length; arm++) {
    const row = indices.subarray(arm * numStates, (arm + 1) * numStates);
    if (!row.every(Number.isFinite)) bad.push(arm);
  }
  if (bad.length === 0) return null;
  const numArms = indices.length / numStates;
  const rewardsOf = (arm: number) => Array.from(rewards.subarray(arm * numStates, (arm + 1) * numStates)).join(', ');
  const named = bad
    .slice(0, 3)
    .map((arm) => `"${ids[arm] ?? arm}" (rewards ${rewardsOf(arm)})`)
    .join(', ');
  return (
    `the Whittle index of ${bad.length} of ${numArms} arm${numArms === 1 ? '' : 's'} is beyond the range of a ` +
    `floating-point number: arm${bad.length === 1 ? '' : 's'} ${named}${bad.length > 3 ? ', ...' : ''}. ` +
    'Rewards this large overflow the index computation; divide every reward by the same large number ' +
    '(the policy is the same when all rewards are multiplied by one positive number)'
  );
}
