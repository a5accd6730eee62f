// A tie as a reader sees it: two welfare values printed alike (to three significant digits) are a tie,
// whatever tiny margin separates them, and the sentence says so and how the tie was broken; "beats the
// runner-up on welfare 1 against 1" or "noise below 0.01% cannot change this choice" would claim a lead
// no one can see and any score noise could reverse.

/** Significant digits of the welfare values in the selection's sentences. */
export const SHOWN_DIGITS = 3;

/** x as the sentences print it: 3 significant digits, trailing zeros dropped ("1", "0.917"). */
export const shown = (x: number) => String(Number(x.toPrecision(SHOWN_DIGITS)));

/** True when `a` and `b` print alike (a tie to the shown precision). */
export function tiedAsShown(a: number, b: number): boolean {
  return shown(a) === shown(b);
}

/**
 * The tie in words: "generator/c1 and generator/c4 tie on welfare (1 each, to three digits); the tie went
 * to generator/c1 by a margin of 0.00014, smaller than any score noise could be trusted to keep: treat
 * the two as equally good". `margin` 0 (an exact tie): it went to the earliest generated.
 */
export function tieSentence(pick: string, runnerUp: string, welfare: number, margin: number): string {
  const how =
    margin > 0
      ? `the tie went to ${pick} by a margin of ${Number(margin.toPrecision(2))}, too small for the scores to be ` +
        `trusted with`
      : `the tie went to ${pick}, the earliest generated`;
  return (
    `${pick} and ${runnerUp} tie on welfare (${shown(welfare)} each, to three digits); ${how}: treat the two ` +
    `as equally good`
  );
}
