// PLAN.json's text parsed, the same value as JSON.parse gives, faster on the file's largest part. JSON.parse
// makes each of the register's 10^6 ids a string of its own and internalizes it (about 1 us an id here: half
// of a whole parse, more than the file's 28 MB of base64); a list of plain text written compactly (the ids,
// carried values, the ids of mothers who joined) is cut by one `split` instead, about half that. The rest of
// the text, with a placeholder where each such list was, goes to JSON.parse. Anything else (escapes, white
// space, a control character, the placeholder's escape anywhere in the text) is left to JSON.parse, and so is
// invalid JSON: its error is JSON.parse's own on the whole text.

/** Lists shorter than this (in characters) are left to JSON.parse. */
const MIN_LIST = 4096;
/** A control character (JSON.parse refuses one inside a string). */
const CONTROL = /[\u0000-\u001f]/g;

/** JSON.parse(text), with long lists of plain strings read by `split`. */
export function parsePlanJson(text: string): unknown {
  // The placeholders are "\u0000" and a number: a text that could hold one as it is goes to JSON.parse.
  if (text.length < MIN_LIST || text.indexOf('\\u0000') >= 0) return JSON.parse(text);
  const lists: string[][] = [];
  const parts: string[] = [];
  let from = 0,
    pos = 0,
    tried = 0; // a list that failed ends at the same '"]' as any list opened inside it: tried once
  let slash = nextAt(text, '\\', 0),
    control = nextControl(text, 0),
    close = nextAt(text, '"]', 0);
  for (;;) {
    const q = text.indexOf('"', pos);
    if (q < 0) break;
    if (slash < q) slash = nextAt(text, '\\', q);
    if (text.charCodeAt(q - 1) === 91 && q >= tried) {
      // '[': a list whose first value is text
      if (close <= q) close = nextAt(text, '"]', q + 1);
      if (control < q) control = nextControl(text, q);
      const values = close - q >= MIN_LIST && slash > close && control > close ? plainList(text, q, close) : null;
      tried = close;
      if (values) {
        parts.push(text.slice(from, q - 1), `"\\u0000${lists.length}"`);
        lists.push(values);
        from = pos = close + 2;
        continue;
      }
    }
    const end = stringEnd(text, q, slash);
    if (end < 0) return JSON.parse(text);
    pos = end + 1;
  }
  if (!lists.length) return JSON.parse(text);
  parts.push(text.slice(from));
  let value: unknown;
  try {
    value = JSON.parse(parts.join(''));
  } catch {
    return JSON.parse(text);
  }
  const put = new ListsBack(lists);
  value = put.into(value);
  return put.left === 0 ? value : JSON.parse(text);
}

const nextAt = (text: string, ch: string, from: number) => {
  const i = text.indexOf(ch, from);
  return i < 0 ? text.length : i;
};

function nextControl(text: string, from: number): number {
  CONTROL.lastIndex = from;
  const m = CONTROL.exec(text);
  return m ? m.index : text.length;
}

/** The closing quote of the string opened at `q` (`slash`: the first backslash at or after q), or -1. */
function stringEnd(text: string, q: number, slash: number): number {
  let i = q + 1;
  for (;;) {
    const d = text.indexOf('"', i);
    if (d < 0 || slash > d) return d;
    i = slash + 2; // the escaped character skipped
    slash = nextAt(text, '\\', i);
  }
}

/**
 * The values of the list `["a","b",...]` whose first string opens at `q` and whose first `"]` is at `close`
 * (no backslash or control character between: checked by the caller), when every quote between belongs to a
 * `","`: then it is a list of those strings as written.
 */
function plainList(text: string, q: number, close: number): string[] | null {
  let quotes = 0;
  for (let i = text.indexOf('"', q + 1); i < close; i = text.indexOf('"', i + 1)) quotes++;
  const values = text.slice(q + 1, close).split('","');
  return quotes === 2 * (values.length - 1) ? values : null;
}

/** Puts each list back where its placeholder is ("\u0000" and its number). */
class ListsBack {
  left: number;
  constructor(private readonly lists: string[][]) {
    this.left = lists.length;
  }

  /** `v` with its placeholders replaced (in place in its objects and lists). */
  into(v: unknown): unknown {
    if (typeof v === 'string') return this.list(v) ?? v;
    if (typeof v !== 'object' || v === null || this.left === 0) return v;
    const o = v as Record<string, unknown>;
    for (const key of Array.isArray(v) ? v.keys() : Object.keys(o)) {
      const x = o[key];
      if (typeof x !== 'object' && typeof x !== 'string') continue;
      const y = this.into(x);
      if (y !== x) o[key] = y; // (a key "__proto__" is an own property here: this sets it, not the prototype)
    }
    return v;
  }

  private list(s: string): string[] | null {
    if (s.charCodeAt(0) !== 0 || s.length < 2 || s.length > 12) return null;
    const k = Number(s.slice(1));
    const list = this.lists[k];
    if (!Number.isInteger(k) || !list) return null;
    this.left--;
    return list;
  }
}
