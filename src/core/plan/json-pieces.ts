// JSON text in pieces whose concatenation is exactly JSON.stringify's text, each large base64 text a
// piece of its own. PLAN.json at 10^6 beneficiaries is 28 MB, nearly all base64: JSON.stringify copies
// every one of those texts into one more string as large as the file (fresh memory, which costs here
// as much as the encoding), so `allot plan` writes the pieces one by one (cli/plan-file-store.ts) and
// only the app's download joins them (planFileText).

/** Text placed in the JSON as a string as it is: only for text that needs no escaping (base64). */
export class RawText {
  constructor(readonly text: string) {}
}

/**
 * `value` as JSON.stringify writes it (plain objects, arrays, numbers, text, booleans, null; RawText as
 * its string), in pieces: JSON text at even places, each RawText's text alone at the odd place between.
 */
export function jsonPieces(value: unknown): string[] {
  const pieces: string[] = [];
  let open = '';
  const walk = (v: unknown): void => {
    if (v instanceof RawText) {
      pieces.push(`${open}"`, v.text);
      open = '"';
    } else if (Array.isArray(v)) {
      // A list of plain values (the ids) is written by JSON.stringify at once.
      if (!v.some(holdsRaw)) open += JSON.stringify(v);
      else {
        open += '[';
        for (let i = 0; i < v.length; i++) {
          if (i > 0) open += ',';
          if (skipped(v[i])) open += 'null';
          else walk(v[i]);
        }
        open += ']';
      }
    } else if (holdsRaw(v)) {
      open += '{';
      let first = true;
      for (const [key, x] of Object.entries(v as object)) {
        if (skipped(x)) continue;
        open += `${first ? '' : ','}${JSON.stringify(key)}:`;
        first = false;
        walk(x);
      }
      open += '}';
    } else open += JSON.stringify(v);
  };
  walk(value);
  pieces.push(open);
  return pieces;
}

/** What JSON.stringify leaves out of an object (and writes as null in a list). */
const skipped = (v: unknown) => v === undefined || typeof v === 'function' || typeof v === 'symbol';

/** Whether JSON.stringify alone would not do: a plain object or list that may hold a RawText. */
const holdsRaw = (v: unknown): boolean =>
  v instanceof RawText ||
  (typeof v === 'object' && v !== null && (Array.isArray(v) || Object.getPrototypeOf(v) === Object.prototype));
