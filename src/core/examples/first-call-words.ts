// The Engine check's answer in words: who gets the one call first, and why, read off the Whittle
// indices (who is first, who is last) and her transitions (why: her chance of engaging without a
// call, and how much a call adds). 2-state arms: state 0 dropped out, state 1 engaged.
import { percent } from '../words/percent.ts';

export interface FirstCallArm {
  /** How she is named in the sentence, e.g. "mother A (drifting away, responds to calls)". */
  name: string;
  /** Whittle index when dropped out (state 0) and when engaged (state 1). */
  index: [number, number];
  /** P(engaged next step | state s, action a) as [q00, q01, q10, q11]. */
  engage: [number, number, number, number];
}

type State = 0 | 1;
const IF = ['If every one of them had dropped out', 'If every one of them were engaged'];
const pct = (p: number) => percent(p, 0);
const pts = (d: number) => `${Math.round(100 * d)} points`;
const passive = (a: FirstCallArm, s: State) => a.engage[2 * s];
const lift = (a: FirstCallArm, s: State) => a.engage[2 * s + 1] - a.engage[2 * s];

/** Arm with the highest (sign 1) or lowest (sign -1) index in state s; the first of equals. */
function rank(arms: readonly FirstCallArm[], s: State, sign: 1 | -1): number {
  let best = 0;
  for (let i = 1; i < arms.length; i++) if (sign * arms[i].index[s] > sign * arms[best].index[s]) best = i;
  return best;
}

/** "without a call she may well stop engaging (she stays engaged with 50% chance)". */
function withoutCall(a: FirstCallArm, s: State): string {
  const p = passive(a, s);
  if (s === 1)
    return p <= 0.6
      ? `without a call she may well stop engaging (she stays engaged with ${pct(p)} chance)`
      : `without a call she stays engaged with ${pct(p)} chance`;
  return p < 0.5
    ? `without a call she is unlikely to come back (${pct(p)} chance)`
    : `without a call she comes back with ${pct(p)} chance`;
}

/** "a call helps her most (+40 points)" when no one gains more from a call in that state. */
function withCall(arms: readonly FirstCallArm[], a: FirstCallArm, s: State): string {
  return arms.every((b) => lift(b, s) <= lift(a, s))
    ? `a call helps her most (+${pts(lift(a, s))})`
    : `a call adds ${pts(lift(a, s))}`;
}

function lastWhy(a: FirstCallArm, s: State): string {
  const own =
    passive(a, s) >= 0.5
      ? `she ${s === 1 ? 'stays engaged' : 'comes back'} on her own (${pct(passive(a, s))} chance without a call)`
      : `she is unlikely to engage either way (${pct(passive(a, s))} without a call)`;
  return `${own}, and a call adds only ${pts(lift(a, s))}`;
}

/**
 * Sentences, answer first: who is called first (per state when the order differs by state), why,
 * and who comes last. Throws on fewer than two arms.
 */
export function firstCallWords(arms: readonly FirstCallArm[]): string[] {
  if (arms.length < 2) throw new RangeError('the first call needs at least two beneficiaries to choose between');
  const lines: string[] = [];
  const first = [rank(arms, 0, 1), rank(arms, 1, 1)];
  if (first[0] === first[1]) {
    const a = arms[first[0]];
    lines.push(
      `Call ${a.name} first, engaged or not: ${withoutCall(a, 1)}, and ${withCall(arms, a, 1)}; once she has ` +
        `dropped out, ${withoutCall(a, 0).replace('without a call she', 'she')} without a call, and ` +
        `${withCall(arms, a, 0)}.`,
    );
  } else {
    for (const s of [0, 1] as const)
      lines.push(
        `${IF[s]}, call ${arms[first[s]].name} first: ${withoutCall(arms[first[s]], s)}, and ` +
          `${withCall(arms, arms[first[s]], s)}.`,
      );
  }
  const last = [rank(arms, 0, -1), rank(arms, 1, -1)];
  if (last[0] === last[1]) lines.push(`Call ${arms[last[1]].name} last: ${lastWhy(arms[last[1]], 1)}.`);
  else
    for (const s of [0, 1] as const)
      lines.push(`${IF[s]}, call ${arms[last[s]].name} last: ${lastWhy(arms[last[s]], s)}.`);
  return lines;
}
