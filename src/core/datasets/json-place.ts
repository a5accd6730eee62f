// Where something is in a JSON file, as line and column, so that an error about a parsed file
// points at the text: a syntax error (from JSON.parse's character position) or a value named by its
// path (`schema.columns[0].name`), found by walking the text that JSON.parse already accepted.
import { CsvError } from './csv.ts';

export interface Place {
  /** 1-based. */
  line: number;
  /** 1-based, in characters. */
  column: number;
}

/** The line and column of character `index` of `text`. */
export function placeOfIndex(text: string, index: number): Place {
  let line = 1;
  let start = 0;
  for (let k = text.indexOf('\n'); k !== -1 && k < index; k = text.indexOf('\n', k + 1)) {
    line++;
    start = k + 1;
  }
  return { line, column: index - start + 1 };
}

/** " at line L, column C (character N)" from a JSON.parse error, when the engine reports a position. */
export function jsonErrorPlace(text: string, error: unknown): string {
  const place = jsonSyntaxPlace(text, error);
  return place ? ` at line ${place.line}, column ${place.column}` : '';
}

/**
 * The place of a JSON syntax error. Engines word their messages differently and some give no
 * position ("Unexpected token '}', ... is not valid JSON"), so the text is scanned for the first
 * character that cannot continue valid JSON; `error` is only a fallback.
 */
export function jsonSyntaxPlace(text: string, error?: unknown): Place | undefined {
  const at = firstJsonError(text);
  if (at !== -1) return placeOfIndex(text, at);
  const message = error instanceof Error ? error.message : '';
  const position = /position (\d+)/.exec(message);
  return position ? placeOfIndex(text, Number(position[1])) : undefined;
}

/**
 * Index of the first character where `text` stops being valid JSON (text.length when it ends too early), or -1 when it
 * is valid.
 */
export function firstJsonError(text: string): number {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const n = text.length;
  const ws = () => {
    while (i < n && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) i++;
  };
  // Each returns false at the first bad character, leaving i there.
  const value = (depth: number): boolean => {
    ws();
    const c = text[i];
    if (depth > 512) return false;
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      i++;
      ws();
      if (text[i] === close) return (i++, true);
      for (;;) {
        if (c === '{') {
          ws();
          if (text[i] !== '"' || !string()) return false;
          ws();
          if (text[i] !== ':') return false;
          i++;
        }
        if (!value(depth + 1)) return false;
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === close) return (i++, true);
        else return false;
      }
    }
    if (c === '"') return string();
    for (const word of ['true', 'false', 'null']) {
      if (text.startsWith(word, i)) return ((i += word.length), true);
    }
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m || m[0] === '' || m[0] === '-') return false;
    i += m[0].length;
    return true;
  };
  const string = (): boolean => {
    i++;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 34) return (i++, true);
      if (c < 32) return false;
      if (c === 92) {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return ((i += 1), false);
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else return ((i += 1), false);
      } else i++;
    }
    return false;
  };
  if (!value(0)) return Math.min(i, n);
  ws();
  return i < n ? i : -1;
}

/**
 * Parses JSON text, or throws a CsvError naming the file, line and column in words (never the
 * engine's "Unexpected token" message). An empty file says so.
 */
export function parseJsonFile(text: string, fileName: string, what: string): unknown {
  if (text.trim() === '' || text === '\ufeff') throw new CsvError(`${fileName} is empty: expected ${what}`, 1);
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    const place = jsonSyntaxPlace(text, error) ?? { line: 1, column: 1 };
    const near = text
      .slice(Math.max(0, lineStart(text, place) + place.column - 1))
      .slice(0, 20)
      .split('\n')[0];
    throw new CsvError(
      `${fileName}, line ${place.line}, column ${place.column}: not valid ` +
        `JSON${near ? ` near "${near}"` : ' (the file ends too early)'}; check for a missing or extra comma, ` +
        `bracket or quote`,
      place.line,
      place.column,
    );
  }
}

function lineStart(text: string, place: Place): number {
  let start = 0;
  for (let l = 1; l < place.line; l++) start = text.indexOf('\n', start) + 1;
  return start;
}

/** "schema.columns[0].name" -> ["schema", "columns", 0, "name"]; `["key"]` segments too. */
export function parseJsonPath(path: string): (string | number)[] {
  const steps: (string | number)[] = [];
  const re = /\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]|\.?([^.[\]]+)/g;
  for (let m = re.exec(path); m; m = re.exec(path))
    steps.push(m[1] !== undefined ? Number(m[1]) : m[2] !== undefined ? (JSON.parse(m[2]) as string) : m[3]);
  return steps;
}

/**
 * The place of the value at `path` in valid JSON text; when the path does not exist (a missing key),
 * the place of its deepest existing parent.
 */
export function jsonPathPlace(text: string, path: readonly (string | number)[]): Place {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const n = text.length;
  const ws = () => {
    while (i < n && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) i++;
  };
  const skipString = () => {
    i++;
    while (i < n && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
  };
  const skipValue = () => {
    ws();
    const c = text[i];
    if (c === '"') return skipString();
    if (c === '{' || c === '[') {
      let depth = 0;
      do {
        const d = text[i];
        if (d === '"') {
          skipString();
          continue;
        }
        if (d === '{' || d === '[') depth++;
        else if (d === '}' || d === ']') depth--;
        i++;
      } while (depth > 0 && i < n);
      return;
    }
    while (
      i < n &&
      !',]}'.includes(text[i]) &&
      text[i] !== ' ' &&
      text[i] !== '\n' &&
      text[i] !== '\r' &&
      text[i] !== '\t'
    )
      i++;
  };
  ws();
  let found = i;
  for (const step of path) {
    ws();
    if (typeof step === 'string') {
      if (text[i] !== '{') break;
      i++;
      let at = -1;
      // JSON.parse keeps the last of repeated keys: so does this walk.
      for (;;) {
        ws();
        if (i >= n || text[i] !== '"') break;
        const start = i;
        skipString();
        const key = JSON.parse(text.slice(start, i)) as string;
        ws();
        i++; // the colon
        ws();
        if (key === step) at = i;
        skipValue();
        ws();
        if (text[i] === ',') i++;
        else break;
      }
      if (at === -1) break;
      i = at;
    } else {
      if (text[i] !== '[') break;
      const open = i;
      i++;
      let k = 0;
      ws();
      while (k < step && i < n && text[i] !== ']') {
        skipValue();
        ws();
        if (text[i] === ',') i++;
        ws();
        k++;
      }
      if (k < step || text[i] === ']') {
        i = open;
        break;
      }
    }
    found = i;
  }
  return placeOfIndex(text, found);
}

/** A CsvError for the value at `path` of a JSON file: "FILE, line L, column C (path): what". */
export function jsonValueError(text: string, fileName: string, path: string, what: string): CsvError {
  const place = jsonPathPlace(text, parseJsonPath(path));
  return new CsvError(
    `${fileName}, line ${place.line}, column ${place.column}${path ? ` (${path})` : ''}: ${what}`,
    place.line,
    place.column,
    path || undefined,
  );
}
