// Python string literals, read exactly as CPython reads them: '...' and "...", triple-quoted ones
// (whose line breaks, \r\n and \r alike, are \n), the prefixes u and r (raw: backslashes kept), and
// the escapes \\ \' \" \a \b \f \n \r \t \v, \ooo, \xhh, \uhhhh, \Uhhhhhhhh, a backslash before a line
// break (nothing) and before any other character (both kept). Refused, with a reason: bytes (b"") and
// f-strings, \N{name} (no name table here: write the character itself), and surrogate code points,
// which JavaScript strings cannot tell apart from the pair they would form (a deviation, see README).
import { RewardFault } from './reward-error.ts';

/** Prefixes (lower case) a literal may carry; b and f are recognised to be refused in words. */
const PREFIXES = new Set(['r', 'u', 'b', 'br', 'rb', 'f', 'fr', 'rf']);
const SIMPLE: Record<string, string> = {
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
};
const HEX = /^[0-9a-fA-F]+$/;

/** Whether `word`, directly followed by a quote, is a string prefix. */
export const isStringPrefix = (word: string) => PREFIXES.has(word.toLowerCase());

/**
 * The literal whose prefix starts at `start` (`prefix` may be '') and whose quote is at `start +
 * prefix.length`, read up to `end`: its value and where it ends. Throws a RewardFault where Python
 * raises a SyntaxError, or where allot refuses (see the file comment).
 */
export function readStringLiteral(
  text: string,
  start: number,
  end: number,
  prefix: string,
): { value: string; end: number } {
  const p = prefix.toLowerCase();
  if (p.includes('b')) {
    throw new RewardFault('bytes literals are not supported', start, 'compare with text: write "value" without the b');
  }
  if (p.includes('f'))
    throw new RewardFault('f-strings are not supported', start, 'write the text itself, e.g. "पालघर"');
  const raw = p.includes('r');
  const open = start + prefix.length;
  const q = text[open];
  const triple = text.startsWith(q.repeat(3), open) && open + 3 <= end;
  let i = open + (triple ? 3 : 1);
  let value = '';
  const unterminated = () => {
    const what = triple ? 'unterminated triple-quoted string literal' : 'unterminated string literal';
    return new RewardFault(what, open, `close it with ${triple ? q.repeat(3) : q}`);
  };
  while (i < end) {
    const c = text[i];
    if (c === q && (!triple || text.startsWith(q.repeat(3), i))) return { value, end: i + (triple ? 3 : 1) };
    if (c === '\n' || c === '\r') {
      if (!triple) throw unterminated();
      value += '\n';
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
      continue;
    }
    if (c === '\0') throw new RewardFault('a string literal cannot hold a NUL character', i, 'remove it');
    const code = c.charCodeAt(0);
    if (code >= 0xd800 && code <= 0xdfff) {
      const pair = code <= 0xdbff && /[\udc00-\udfff]/.test(text[i + 1] ?? '');
      if (!pair) throw new RewardFault('a lone surrogate is not a character', i, 'remove it');
      value += text.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (c !== '\\') {
      value += c;
      i++;
      continue;
    }
    if (i + 1 >= end) throw unterminated();
    const next = text[i + 1];
    const lineBreak = next === '\n' || next === '\r' ? (next === '\r' && text[i + 2] === '\n' ? 3 : 2) : 0;
    if (raw) {
      // A raw string keeps the backslash, and the quote or backslash after it cannot end the literal
      // or start an escape; any other character after it is read by the loop as it is.
      if (lineBreak) value += '\\\n';
      else value += next === q || next === '\\' ? `\\${next}` : '\\';
      i += lineBreak || (next === q || next === '\\' ? 2 : 1);
      continue;
    }
    if (lineBreak) {
      i += lineBreak;
      continue;
    }
    if (next in SIMPLE) {
      value += SIMPLE[next];
      i += 2;
      continue;
    }
    if (/[0-7]/.test(next)) {
      let j = i + 1;
      while (j < i + 4 && j < end && /[0-7]/.test(text[j])) j++;
      value += String.fromCodePoint(parseInt(text.slice(i + 1, j), 8));
      i = j;
      continue;
    }
    const width = next === 'x' ? 2 : next === 'u' ? 4 : next === 'U' ? 8 : 0;
    if (width) {
      const digits = text.slice(i + 2, Math.min(i + 2 + width, end));
      if (digits.length < width || !HEX.test(digits)) {
        const hint = `write \\${next}${'0'.repeat(width - 1)}9 style escapes, or the character itself`;
        throw new RewardFault(`truncated \\${next} escape: it needs ${width} hexadecimal digits`, i, hint);
      }
      const point = parseInt(digits, 16);
      const itself = 'write the character itself';
      if (point > 0x10ffff) throw new RewardFault('illegal Unicode character: beyond U+10FFFF', i, itself);
      const surrogate = point >= 0xd800 && point <= 0xdfff;
      if (surrogate) throw new RewardFault('surrogate code points are not supported', i, itself);
      value += String.fromCodePoint(point);
      i += 2 + width;
      continue;
    }
    if (next === 'N') {
      throw new RewardFault('named escapes \\N{...} are not supported', i, 'write the character itself');
    }
    // An unknown escape keeps its backslash, as in Python (the character after it may be a surrogate
    // pair, or a NUL or lone surrogate the loop refuses).
    value += '\\';
    i += 1;
  }
  throw unterminated();
}
