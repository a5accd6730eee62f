// The tokenizer of reward expressions: numbers (Python literals, with their int/float kind),
// string literals (string-literal.ts), names (Python identifiers in any script, NFKC-normalized as
// Python reads them) and operators. Whitespace, newlines, `\` continuations and `#` comments are skipped.
import { KEYWORDS } from '../instance/identifier.ts';
import { normInt } from './python-int.ts';
import { RewardFault } from './reward-error.ts';
import { isStringPrefix, readStringLiteral } from './string-literal.ts';

export { KEYWORDS } from '../instance/identifier.ts';

export type Token =
  | { type: 'num'; pos: number; end: number; text: string; value: number | bigint; float: boolean }
  | { type: 'str'; pos: number; end: number; text: string; value: string }
  | { type: 'name' | 'op' | 'end'; pos: number; end: number; text: string };

/** Python's number literals: hex, octal, binary, then decimal with a fraction, then an integer (`_` between digits). */
const NUMBER = new RegExp(
  [
    String.raw`0[xX](?:_?[0-9a-fA-F])+|0[oO](?:_?[0-7])+|0[bB](?:_?[01])+`,
    String.raw`(?:\d(?:_?\d)*)?\.\d(?:_?\d)*(?:[eE][+-]?\d(?:_?\d)*)?`,
    String.raw`\d(?:_?\d)*\.?(?:[eE][+-]?\d(?:_?\d)*)?`,
  ].join('|'),
  'y',
);
const NAME = /[\p{XID_Start}_]\p{XID_Continue}*/uy;
const NAME_START = /[\p{XID_Start}_]/u;
const NAME_PART = /\p{XID_Continue}/u;
const OPERATORS = [
  '**',
  '//',
  '==',
  '!=',
  '<=',
  '>=',
  '<',
  '>',
  '+',
  '-',
  '*',
  '/',
  '%',
  '(',
  ')',
  '[',
  ']',
  ',',
  '.',
  ':',
  '=',
];

/** The tokens of text[start, end), ending with an `end` token at `end`. */
export function tokenizeReward(text: string, start: number, end: number): Token[] {
  const tokens: Token[] = [];
  let i = start;
  while (i < end) {
    const c = text[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f') {
      i++;
      continue;
    }
    if (c === '\\' && (text[i + 1] === '\n' || text[i + 1] === '\r')) {
      i += text[i + 1] === '\r' && text[i + 2] === '\n' ? 3 : 2;
      continue;
    }
    // A comment ends at a line break: \n, \r\n or a bare \r, as in Python.
    if (c === '#') {
      while (i < end && text[i] !== '\n' && text[i] !== '\r') i++;
      continue;
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(text[i + 1] ?? ''))) {
      NUMBER.lastIndex = i;
      const match = NUMBER.exec(text)!;
      let to = i + match[0].length;
      if (to > end) to = end;
      const raw = text.slice(i, to);
      const next = String.fromCodePoint(text.codePointAt(to) ?? 32);
      if (to < end && NAME_PART.test(next)) {
        NAME.lastIndex = to;
        const word = NAME.exec(text)?.[0] ?? next;
        if (!KEYWORDS.has(word)) {
          if (/^[jJ]/.test(word))
            throw new RewardFault(
              `complex numbers such as ${raw}${word} are not supported`,
              i,
              'rewards are real numbers',
            );
          throw new RewardFault(
            `invalid number ${raw}${word}`,
            i,
            'a number cannot be followed directly by letters; put an operator such as * between them',
          );
        }
      }
      const digits = raw.replace(/_/g, '');
      const isHex = /^0[xXoObB]/.test(digits);
      const float = !isHex && /[.eE]/.test(digits);
      if (!float && !isHex && /^0+[1-9]/.test(digits))
        throw new RewardFault(
          `leading zeros in the integer ${raw} are not allowed`,
          i,
          `write ${digits.replace(/^0+/, '')}`,
        );
      const value = float ? Number(digits) : normInt(BigInt(digits));
      tokens.push({ type: 'num', pos: i, end: to, text: raw, value, float });
      i = to;
      continue;
    }
    if (c === '"' || c === "'") {
      const literal = readStringLiteral(text, i, end, '');
      tokens.push({ type: 'str', pos: i, end: literal.end, text: text.slice(i, literal.end), value: literal.value });
      i = literal.end;
      continue;
    }
    if (NAME_START.test(String.fromCodePoint(text.codePointAt(i)!))) {
      NAME.lastIndex = i;
      const raw = NAME.exec(text)![0].slice(0, end - i);
      if ((text[i + raw.length] === '"' || text[i + raw.length] === "'") && isStringPrefix(raw)) {
        const literal = readStringLiteral(text, i, end, raw);
        tokens.push({ type: 'str', pos: i, end: literal.end, text: text.slice(i, literal.end), value: literal.value });
        i = literal.end;
        continue;
      }
      // Python reads every identifier in its NFKC form; a keyword is a keyword only as written.
      const word = raw.normalize('NFKC');
      if (word !== raw && KEYWORDS.has(word))
        throw new RewardFault(
          `"${raw}" is written like the keyword ${word} but is not it`,
          i,
          `write ${word} in plain letters`,
        );
      tokens.push({ type: 'name', pos: i, end: i + raw.length, text: word });
      i += raw.length;
      continue;
    }
    const op = OPERATORS.find((o) => text.startsWith(o, i) && i + o.length <= end);
    if (op) {
      tokens.push({ type: 'op', pos: i, end: i + op.length, text: op });
      i += op.length;
      continue;
    }
    throw unexpectedCharacter(text, i);
  }
  tokens.push({ type: 'end', pos: end, end, text: '' });
  return tokens;
}

function unexpectedCharacter(text: string, i: number): RewardFault {
  const c = text[i];
  if (c === ';')
    return new RewardFault(
      'only one expression is allowed: ";" starts a second statement',
      i,
      'keep the expression before the ";" and drop the rest',
    );
  if ('&|^~'.includes(c) || text.startsWith('<<', i) || text.startsWith('>>', i))
    return new RewardFault(
      `the bitwise operator ${c} is not supported`,
      i,
      'use and, or, not for logic and + - * / // % ** for arithmetic',
    );
  if (c === '!') return new RewardFault('"!" is not an operator in Python', i, 'write "not x", or != to compare');
  if (c === '{' || c === '}')
    return new RewardFault('braces are not supported', i, 'write one Python expression, without blocks');
  if (c === '@') return new RewardFault('the matrix operator @ is not supported', i, 'use * to multiply');
  if (c === '$' || c === '`')
    return new RewardFault(`unexpected "${c}"`, i, 'wrap the whole expression in $$$ ... $$$ or backticks, or nothing');
  const shown = /[\x21-\x7e]/.test(c)
    ? `"${c}"`
    : `character U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  return new RewardFault(`unexpected ${shown}`, i, 'use only numbers, names, "text", operators and parentheses');
}
