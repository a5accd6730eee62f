// How sure a line's place on the list is, for the people who make the calls: her chance of being on
// the list (the share of posterior draws of the transitions whose list has her), a "borderline" mark
// only between set bounds, and what that means for a supervisor, in words. One place for the bounds,
// so the screen, the printed list, the CSV and `allot plan --json` mark the same lines.

import { percent } from '../words/percent.ts';
import { count } from '../words/count.ts';

/** On the list in at least this share of the draws and at most BORDERLINE_HIGH: borderline (allot's choice). */
export const BORDERLINE_LOW = 0.2;
export const BORDERLINE_HIGH = 0.8;

/** Whether a chance (0-1; NaN when not counted) is borderline: within [BORDERLINE_LOW, BORDERLINE_HIGH]. */
export function isBorderline(chance: number): boolean {
  return chance >= BORDERLINE_LOW && chance <= BORDERLINE_HIGH;
}

/** Lines with a borderline chance. */
export function borderlineCount(membership: Float64Array): number {
  let count = 0;
  for (const m of membership) if (isBorderline(m)) count++;
  return count;
}

const pct = (x: number) => percent(x, 0);

/** What the chances say for the supervisor, in sentences (empty when they are not counted). */
export function chanceSentences(all: Float64Array, draws: number): string[] {
  // The plan's own lines: a holdout's calls follow them, with no chance (holdout-plan.ts).
  let lines = all.findIndex((m) => !Number.isFinite(m));
  if (lines === -1) lines = all.length;
  const membership = all.subarray(0, lines);
  if (lines === 0 || all.subarray(lines).some(Number.isFinite)) return [];
  const borderline = borderlineCount(membership);
  let unlikely = 0,
    expected = 0;
  for (const m of membership) {
    if (m < BORDERLINE_LOW) unlikely++;
    expected += m;
  }
  const out = [
    `${count(borderline)} of ${count(lines)} calls ${borderline === 1 ? 'is' : 'are'} ` +
      `borderline: on the list in ${pct(BORDERLINE_LOW)} to ${pct(BORDERLINE_HIGH)} of ${draws} redraws of what ` +
      'the history tells about each beneficiary. If a call must be dropped, drop a borderline one, the lowest ' +
      'chance first.',
  ];
  if (unlikely > 0) {
    out.push(
      `${count(unlikely)} ${unlikely === 1 ? 'call is' : 'calls are'} on the list in fewer than ` +
        `${pct(BORDERLINE_LOW)} of the redraws: the history barely tells ${unlikely === 1 ? 'it' : 'them'} from ` +
        'those just below the list.',
    );
  }
  // The chances are calibrated on simulated registers (src/core/plan/README.md): their sum is how many
  // of these calls would be on the list if each beneficiary's response to a call were known.
  if (borderline + unlikely > lines / 2) {
    out.push(
      `About ${count(Math.round(expected))} of the ${count(lines)} calls would be on ` +
        "the list if each beneficiary's response to a call were known; the history cannot tell more, so the ranks " +
        'are the best guess.',
    );
  }
  return out;
}
