// Each arm's Whittle index under the default reward (DEFAULT_REWARD, `state`), which every list ranks beside its
// own: the default list, the default ranks, the holdout's default rule. Apart from weekly-list.ts because it is
// kept between lists: the default list does not depend on the priority, so a replan or another reward on the same
// transitions reads the engine's table again rather than indexing 10^6 arms a second time.
import type { ListRules } from './list-rules.ts';
import type { IndexFunction } from './posterior-draws.ts';
import { scratch } from './scratch.ts';

const defaultTables = new WeakMap<Float64Array, { whittle: IndexFunction; discount: number; table: Float64Array }>();
/**
 * Each arm's index of her current state under the default reward (DEFAULT_REWARD, `state`), a scratch array. The
 * engine's table of them is kept per transitions array (never changed in place), for the next list planned on them
 * (a replan, another reward, rules changed): the default list does not depend on the priority.
 */
export function defaultIndexOf(rules: ListRules, whittle: IndexFunction): Float64Array {
  const { numArms: N, numStates: S, transitions, discount, state } = rules;
  let kept = defaultTables.get(transitions);
  if (kept?.whittle !== whittle || kept.discount !== discount || kept.table.length !== N * S) {
    kept = { whittle, discount, table: whittle(transitions, defaultRewards(N, S), S, discount) };
    defaultTables.set(transitions, kept);
  }
  const { table } = kept,
    out = scratch('default-index', Float64Array, N);
  for (let arm = 0; arm < N; arm++) out[arm] = table[arm * S + state[arm]];
  return out;
}

let defaults: Float64Array | null = null;
/** The default reward's table r(arm, s) = s, N x S, kept for the next list (16 MB at 10^6: read only). */
function defaultRewards(N: number, S: number): Float64Array {
  if (defaults?.length !== N * S) {
    defaults = new Float64Array(N * S);
    for (let arm = 0; arm < N; arm++) for (let s = 0; s < S; s++) defaults[arm * S + s] = s;
  }
  return defaults;
}
