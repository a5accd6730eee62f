// Identifiers of features in reward expressions (`agent_feats.<name>`) are Python identifiers, in any
// script: a letter or _ then letters, marks, digits or _ (Unicode's XID_Start and XID_Continue, as
// Python defines them), NFKC-normalized as Python normalizes every identifier it reads. One made from
// a header keeps every letter of it ("district_पालघर" stays so); only what cannot be in a name (spaces,
// hyphens, punctuation) becomes _, so two columns never collide because of their script.

/** Python's keywords: `agent_feats.if` is a syntax error, so no feature is called that. */
export const KEYWORDS = new Set(
  (
    'and or not if else lambda True False None in is as assert async await break class continue def del elif except ' +
    'finally for from global import nonlocal pass raise return try while with yield'
  ).split(' '),
);

const IDENTIFIER = /^[\p{XID_Start}_]\p{XID_Continue}*$/u;
const NOT_IN_NAME = /[^\p{XID_Continue}]+/gu;

/** Whether `name` is an identifier as Python reads it (and already in its NFKC form), and no keyword. */
export function isIdentifier(name: string): boolean {
  return IDENTIFIER.test(name) && name.normalize('NFKC') === name && !KEYWORDS.has(name);
}

/**
 * `text` made an identifier: NFKC, every run of characters a name cannot hold made one _, and _ at
 * either end dropped; `f_` in front when it does not start with a letter or _ ("3rd" -> "f_3rd"), `_`
 * after a keyword, `fallback` when nothing is left ("%").
 */
export function identifierOf(text: string, fallback = 'f'): string {
  let name = text
    .trim()
    .normalize('NFKC')
    .replace(NOT_IN_NAME, '_')
    .replace(/^_+|_+$/g, '');
  if (name === '') return fallback;
  if (!/^[\p{XID_Start}_]/u.test(name)) name = `f_${name}`;
  // NFKC of a mark or ligature can still leave a name Python would not read: fall back to its code points.
  if (!IDENTIFIER.test(name) || name.normalize('NFKC') !== name)
    name = `f_${[...name].map((c) => c.codePointAt(0)!.toString(16)).join('_')}`;
  return KEYWORDS.has(name) ? `${name}_` : name;
}

/** Makes `name` distinct from `taken` with _2, _3, ... (and adds it to `taken`). */
export function distinctName(name: string, taken: Set<string>): string {
  let unique = name;
  for (let k = 2; taken.has(unique); k++) unique = `${name}_${k}`;
  taken.add(unique);
  return unique;
}
