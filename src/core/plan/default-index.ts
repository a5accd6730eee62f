// Each arm's Whittle index of her current state, the plan's and the default reward's (DEFAULT_REWARD, `state`), which
// every list ranks beside its own: the default list, the default ranks, the holdout's default rule. Apart from
// weekly-list.ts because the default's is kept between lists: it does not depend on the priority, so a replan or
// another reward on the same transitions reads it again rather than indexing 10^6 arms a second time.
import type { ListRules } from './list-rules.ts';
import type { IndexFunction } from './posterior-draws.ts';
import { scratch } from './scratch.ts';

/**
 * 2-state arms per call of the index function: its table (16 bytes an arm) a scratch array of 512 KB that every piece
 * reuses, where one call for 10^6 arms faulted in 16 MB (and a fresh table per piece, 16 MB of garbage) per list.
 */
const PIECE = 32768;

/**
 * Each arm's index of her current state (`state`) under `rewards` (numArms x S; null: the default reward, r = s),
 * into `out`. Two states: in pieces (the same bits: each arm's index is her own); more: in one call, as the engine
 * keeps its S-state indices per transitions array.
 */
export function stateIndices(
  whittle: IndexFunction,
  transitions: Float64Array,
  rewards: Float64Array | null,
  S: number,
  discount: number,
  state: Uint8Array,
  out: Float64Array,
): Float64Array {
  const N = state.length,
    T = S * 2 * S;
  const piece = S === 2 ? PIECE : Math.max(1, N);
  const table = S === 2 ? scratch('state-indices-table', Float64Array, Math.min(piece, N) * S) : undefined;
  for (let a = 0; a < N; a += piece) {
    const m = Math.min(piece, N - a);
    const r = rewards ? rewards.subarray(a * S, (a + m) * S) : defaultRewards(m, S);
    const t = piece < N ? transitions.subarray(a * T, (a + m) * T) : transitions;
    const w = whittle(t, r, S, discount, table?.subarray(0, m * S));
    for (let j = 0; j < m; j++) out[a + j] = w[j * S + state[a + j]];
  }
  return out;
}

const kept = new WeakMap<
  Float64Array,
  { whittle: IndexFunction; discount: number; state: Uint8Array; index: Float64Array }
>();
/**
 * Each arm's index of her current state under the default reward: kept per transitions array (never changed in
 * place) and current state, for the next list planned on them (a replan, another reward, rules changed); read only.
 */
export function defaultIndexOf(
  rules: Pick<ListRules, 'numArms' | 'numStates' | 'transitions' | 'discount' | 'state'>,
  whittle: IndexFunction,
): Float64Array {
  const { numArms: N, numStates: S, transitions, discount, state } = rules;
  const hit = kept.get(transitions);
  if (hit?.whittle === whittle && hit.discount === discount && hit.state === state && hit.index.length === N)
    return hit.index;
  const index = stateIndices(whittle, transitions, null, S, discount, state, new Float64Array(N));
  kept.set(transitions, { whittle, discount, state, index });
  return index;
}

let defaults: Float64Array | null = null;
/** The default reward's table r(arm, s) = s for m arms (at most a piece's: 0.5 MB, kept; read only). */
function defaultRewards(m: number, S: number): Float64Array {
  if (!defaults || defaults.length < m * S) {
    defaults = new Float64Array(Math.max(m, PIECE) * S);
    for (let j = 0; j < defaults.length; j++) defaults[j] = j % S;
  }
  return defaults.subarray(0, m * S);
}
