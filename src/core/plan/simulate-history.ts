// Simulated engagement histories, so that anyone can try the weekly plan without data: beneficiaries
// of a built-in population (true transitions known) go through `weeks` weeks in which the program
// calls `callsPerWeek` of them drawn uniformly at random (allot's choice: a program before it plans
// with an index calls by rota or at random, and random calls give every row some observations).
import { categoricalAt, categoricalOf, type Random } from '../random/seeded-random.ts';
import { toPlane, type BitPlane } from './bit-plane.ts';
import type { History } from './register.ts';

/**
 * Weeks 1..weeks. transitions: numArms x S x 2 x S; initial: numArms x S (each arm's first state is
 * drawn from it). The last week's calls are left empty: that week's list is what a plan decides.
 */
export function simulateHistory(
  transitions: Float64Array,
  initial: Float64Array,
  numArms: number,
  numStates: number,
  weeks: number,
  callsPerWeek: number,
  random: Random,
): History {
  if (!(Number.isInteger(weeks) && weeks >= 1)) throw new RangeError(`weeks must be a whole number >= 1, not ${weeks}`);
  if (!(Number.isInteger(callsPerWeek) && callsPerWeek >= 0 && callsPerWeek <= numArms))
    throw new RangeError(`calls per week must be a whole number in [0, ${numArms}], not ${callsPerWeek}`);
  const S = numStates;
  const states: Uint8Array[] = [];
  const called: BitPlane[] = [];
  const next = random.next;
  let state = new Uint8Array(numArms);
  for (let arm = 0; arm < numArms; arm++) state[arm] = categoricalAt(next, initial, arm * S, S);
  const pool = new Int32Array(numArms);
  const uniform = new Float64Array(4096); // the arms' draws of their next states, drawn a block at a time
  const act = new Uint8Array(numArms); // the week's calls, kept as bits (one byte array for all weeks)
  for (let w = 0; w < weeks; w++) {
    states.push(state);
    act.fill(0);
    if (w < weeks - 1) {
      // A uniform sample of callsPerWeek arms: a partial Fisher-Yates shuffle.
      for (let i = 0; i < numArms; i++) pool[i] = i;
      for (let i = 0; i < callsPerWeek; i++) {
        const j = i + random.int(numArms - i);
        const t = pool[i];
        pool[i] = pool[j];
        pool[j] = t;
        act[pool[i]] = 1;
      }
      const after = new Uint8Array(numArms);
      for (let from = 0; from < numArms; from += uniform.length) {
        const to = Math.min(numArms, from + uniform.length);
        random.fill(uniform, 0, to - from);
        if (S === 2) twoStateBlock(uniform, transitions, state, act, after, from, to);
        else
          for (let arm = from; arm < to; arm++) {
            const at = ((arm * S + state[arm]) * 2 + act[arm]) * S;
            after[arm] = categoricalOf(uniform[arm - from], transitions, at, S);
          }
      }
      state = after;
    }
    called.push(toPlane(act));
  }
  return { firstWeek: 1, states, called };
}

/**
 * The next states of arms from..to of a 2-state register: categoricalOf's arithmetic written out for two
 * weights (the same operations in the same order, so the same states), without its loops (a third of the
 * history's time at 10^6 arms).
 */
function twoStateBlock(
  uniform: Float64Array,
  transitions: Float64Array,
  state: Uint8Array,
  act: Uint8Array,
  after: Uint8Array,
  from: number,
  to: number,
): void {
  for (let arm = from; arm < to; arm++) {
    const at = (arm * 4 + state[arm] * 2 + act[arm]) * 2;
    const w0 = transitions[at],
      w1 = transitions[at + 1];
    let x = uniform[arm - from] * (0 + w0 + w1);
    x -= w0;
    if (x < 0) after[arm] = 0;
    else {
      x -= w1;
      after[arm] = x < 0 || w1 > 0 || !(w0 > 0) ? 1 : 0;
    }
  }
}
