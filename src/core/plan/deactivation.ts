// The optional rule that stops calling a mother after K consecutive weeks not engaged (Kilkari
// deactivates a subscriber after 6 unanswered weeks), reversible by the user. It is a function of the
// history, not a stored flag: her run is the count of her latest observed weeks not engaged (weeks
// not observed, before she joined or after she left, neither count nor break it), stopping at her
// last engaged week or at the week the user reactivated her; she is inactive while the run is >= K.
// An engaged week ends the run, so a mother who engages again on her own is active again.
import { MISSING, type History } from './register.ts';
import { stateAt } from './week-states.ts';

/** Per mother: her latest observed weeks not engaged, counted back from the current week (at most up to `cap`). */
export function weeksNotEngaged(
  history: History,
  numStates: number,
  reactivatedAt: Int32Array | null,
  cap = 65535,
): Uint16Array {
  const { states, firstWeek } = history;
  const N = states[0]?.length ?? 0,
    engaged = numStates - 1;
  const run = new Uint16Array(N);
  for (let arm = 0; arm < N; arm++) {
    const since = reactivatedAt ? reactivatedAt[arm] : -Infinity;
    let count = 0;
    for (let w = states.length - 1; w >= 0 && count < cap && firstWeek + w > since; w--) {
      const s = stateAt(states[w], arm);
      if (s === MISSING) continue;
      if (s === engaged) break;
      count++;
    }
    run[arm] = count;
  }
  return run;
}

export interface Deactivation {
  /** numArms: 1 while she is inactive (not listed). */
  inactive: Uint8Array;
  /** Inactive mothers, and those whose run reached K with this week's outcome. */
  count: number;
  newly: number;
}

/** Who the rule deactivates after K weeks not engaged (K >= 1); `reactivatedAt`: week of reactivation (-1: never). */
export function deactivation(
  history: History,
  numStates: number,
  afterWeeks: number,
  reactivatedAt: Int32Array | null,
): Deactivation {
  if (!(Number.isInteger(afterWeeks) && afterWeeks >= 1)) {
    throw new RangeError(`the weeks before a mother is deactivated must be a whole number >= 1, not ${afterWeeks}`);
  }
  // counted up to K + 1, to tell a run that reached K with this week's outcome from a longer one
  const run = weeksNotEngaged(history, numStates, reactivatedAt, afterWeeks + 1);
  const last = history.states[history.states.length - 1];
  const inactive = new Uint8Array(run.length);
  let count = 0,
    newly = 0;
  for (let arm = 0; arm < run.length; arm++) {
    if (run[arm] < afterWeeks) continue;
    inactive[arm] = 1;
    count++;
    if (run[arm] === afterWeeks && stateAt(last, arm) !== MISSING) newly++;
  }
  return { inactive, count, newly };
}

/** Reactivates the mothers (arms) as of week `week` (the current week): her run starts again after it. */
export function reactivate(
  reactivatedAt: Int32Array | null,
  numArms: number,
  arms: Iterable<number>,
  week: number,
): Int32Array {
  const out = new Int32Array(numArms).fill(-1);
  if (reactivatedAt) out.set(reactivatedAt.subarray(0, Math.min(numArms, reactivatedAt.length)));
  for (const arm of arms) out[arm] = week;
  return out;
}

/** Who may be listed: eligible (exclusions, cooldown), not left, not inactive. */
export function activeEligible(eligible: Uint8Array, left: Uint8Array | null, inactive: Uint8Array | null): Uint8Array {
  return Uint8Array.from(eligible, (e, arm) => (e && !(left && left[arm]) && !(inactive && inactive[arm]) ? 1 : 0));
}
