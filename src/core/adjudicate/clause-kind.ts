// The kind a proposed clause is first shown with, guessed from its words: "Do not hurt overall engagement."
// guards total utility, it is not a group to prioritize. Only the first value of the kind menu: she sees
// it and can change it. A shift clause also needs its group, so it is never guessed.

type GuessedKind = 'prioritize' | 'utility';

/** Overall engagement (the whole population's utility), in the words priorities use, in either order. */
const WHOLE = String.raw`\b(overall|total|general|whole|everyone'?s?|population'?s?|aggregate)\b`;
const MEASURE = String.raw`\b(engagement|utility|listen\w*|reward|outcomes?|welfare)\b`;
const OVERALL = new RegExp(`${WHOLE}[^.]*${MEASURE}|${MEASURE}[^.]*${WHOLE}`, 'i');
/** Guarding it rather than raising it for someone. */
const GUARD = new RegExp(
  String.raw`\b(do not|don'?t|does not|never|without|avoid|keep|maintain|preserv\w*|protect\w*|` +
    String.raw`not (hurt|harm|reduce|lower|drop|sacrifice))\b`,
  'i',
);

export function guessClauseKind(text: string): GuessedKind {
  return OVERALL.test(text) && GUARD.test(text) ? 'utility' : 'prioritize';
}
