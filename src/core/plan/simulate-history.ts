// Simulated engagement histories, so that anyone can try the weekly plan without data: beneficiaries
// of a built-in population (true transitions known) go through `weeks` weeks in which the program
// calls `callsPerWeek` of them drawn uniformly at random (allot's choice: a program before it plans
// with an index calls by rota or at random, and random calls give every row some observations).
import { categoricalAt, categoricalOf, type Random } from '../random/seeded-random.ts';
import { clip01, EFFECT_DRAW_VALUES } from '../datasets/generators/two-state.ts';
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
  const S = numStates;
  return simulateWeeks(numArms, weeks, callsPerWeek, random, {
    first: (next, arm) => categoricalAt(next, initial, arm * S, S),
    nextStates(uniform, state, act, after, from, to) {
      if (S === 2) twoStateBlock(uniform, transitions, state, act, after, from, to);
      else
        for (let arm = from; arm < to; arm++) {
          const at = ((arm * S + state[arm]) * 2 + act[arm]) * S;
          after[arm] = categoricalOf(uniform[arm - from], transitions, at, S);
        }
    },
  });
}

/**
 * simulateHistory of 2-state effect arms given as drawn (two-state.ts: q00, q10, effect per arm), their rows and
 * initial rows computed as setEffectArm writes them: the same states as simulateHistory of the written-out rows.
 */
export function simulateEffectHistory(
  draws: Float64Array,
  numArms: number,
  weeks: number,
  callsPerWeek: number,
  random: Random,
): History {
  return simulateWeeks(numArms, weeks, callsPerWeek, random, {
    first(next, arm) {
      const q00 = draws[arm * EFFECT_DRAW_VALUES],
        q10 = draws[arm * EFFECT_DRAW_VALUES + 1];
      const denominator = q00 + 1 - q10; // setPassiveStationary's
      const engaged = denominator > 1e-12 ? q00 / denominator : 0.5;
      return ofTwo(next(), 1 - engaged, engaged);
    },
    nextStates: (uniform, state, act, after, from, to) => effectBlock(uniform, draws, state, act, after, from, to),
  });
}

/** How a history's arms move: the first state of an arm, and the next states of arms from..to in a week. */
interface HistoryArms {
  first(next: () => number, arm: number): number;
  nextStates(
    uniform: Float64Array,
    state: Uint8Array,
    act: Uint8Array,
    after: Uint8Array,
    from: number,
    to: number,
  ): void;
}

function simulateWeeks(
  numArms: number,
  weeks: number,
  callsPerWeek: number,
  random: Random,
  arms: HistoryArms,
): History {
  if (!(Number.isInteger(weeks) && weeks >= 1)) throw new RangeError(`weeks must be a whole number >= 1, not ${weeks}`);
  if (!(Number.isInteger(callsPerWeek) && callsPerWeek >= 0 && callsPerWeek <= numArms))
    throw new RangeError(`calls per week must be a whole number in [0, ${numArms}], not ${callsPerWeek}`);
  const states: Uint8Array[] = [];
  const called: BitPlane[] = [];
  const next = random.next;
  let state = new Uint8Array(numArms);
  for (let arm = 0; arm < numArms; arm++) state[arm] = arms.first(next, arm);
  const pool = new Int32Array(numArms);
  const uniform = new Float64Array(4096); // the arms' draws of their next states, drawn a block at a time
  const act = new Uint8Array(numArms); // the week's calls, kept as bits (one byte array for all weeks)
  for (let w = 0; w < weeks; w++) {
    states.push(state);
    act.fill(0);
    if (w < weeks - 1) {
      // A uniform sample of callsPerWeek arms: a partial Fisher-Yates shuffle, its draws taken a block at a time
      // (random.int(n) is floor(next() * n): the same j from the same numbers, without a call per draw).
      for (let i = 0; i < numArms; i++) pool[i] = i;
      for (let from = 0; from < callsPerWeek; from += uniform.length) {
        const to = Math.min(callsPerWeek, from + uniform.length);
        random.fill(uniform, 0, to - from);
        for (let i = from; i < to; i++) {
          const j = i + Math.floor(uniform[i - from] * (numArms - i));
          const t = pool[i];
          pool[i] = pool[j];
          pool[j] = t;
          act[pool[i]] = 1;
        }
      }
      const after = new Uint8Array(numArms);
      for (let from = 0; from < numArms; from += uniform.length) {
        const to = Math.min(numArms, from + uniform.length);
        random.fill(uniform, 0, to - from);
        arms.nextStates(uniform, state, act, after, from, to);
      }
      state = after;
    }
    called.push(toPlane(act));
  }
  return { firstWeek: 1, states, called };
}

/**
 * categoricalOf over two weights (w0, w1), written out: the same operations in the same order, so the same
 * state, without its loops (a third of the history's time at 10^6 arms).
 */
function ofTwo(u: number, w0: number, w1: number): number {
  let x = u * (0 + w0 + w1);
  x -= w0;
  if (x < 0) return 0;
  x -= w1;
  return x < 0 || w1 > 0 || !(w0 > 0) ? 1 : 0;
}

/** twoStateBlock of effect arms: row (s, a) is 1 - q, q with q = q_s0, or q_s0 + effect clipped when called. */
function effectBlock(
  uniform: Float64Array,
  draws: Float64Array,
  state: Uint8Array,
  act: Uint8Array,
  after: Uint8Array,
  from: number,
  to: number,
): void {
  for (let arm = from; arm < to; arm++) {
    const d = arm * EFFECT_DRAW_VALUES;
    const passive = draws[d + state[arm]];
    const q = act[arm] ? clip01(passive + draws[d + 2]) : passive;
    after[arm] = ofTwo(uniform[arm - from], 1 - q, q);
  }
}

/** The next states of arms from..to of a 2-state register, by ofTwo on each arm's row. */
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
    after[arm] = ofTwo(uniform[arm - from], transitions[at], transitions[at + 1]);
  }
}
