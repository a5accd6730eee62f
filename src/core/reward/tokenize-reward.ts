// The tokenizer of reward expressions: numbers (Python literals, with their int/float kind),
// names and operators. Whitespace, newlines, `\` continuations and `#` comments are skipped.
import { normInt } from './python-int.ts';
import { RewardFault } from './reward-error.ts';

export type Token =
  | { type: 'num'; pos: number; end: number; text: string; value: number | bigint; float: boolean }
  | { type: 'name' | 'op' | 'end'; pos: number; end: number; text: string };

const NUMBER = /0[xX](?:_?[0-9a-fA-F])+|0[oO](?:_?[0-7])+|0[bB](?:_?[01])+|(?:\d(?:_?\d)*)?\.\d(?:_?\d)*(?:[eE][+-]?\d(?:_?\d)*)?|\d(?:_?\d)*\.?(?:[eE][+-]?\d(?:_?\d)*)?/y;
const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;
const OPERATORS = ['**', '//', '==', '!=', '<=', '>=', '<', '>', '+', '-', '*', '/', '%', '(', ')', '[', ']', ',', '.', ':', '='];
/** Python keywords: never names of the feature vector or a feature. */
export const KEYWORDS = new Set('and or not if else lambda True False None in is as assert async await break class continue def del elif except finally for from global import nonlocal pass raise return try while with yield'.split(' '));

/** The tokens of text[start, end), ending with an `end` token at `end`. */
export function tokenizeReward(text: string, start: number, end: number): Token[] {
  const tokens: Token[] = [];
  let i = start;
  while (i < end) {
    const c = text[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f') { i++; continue; }
    if (c === '\\' && (text[i + 1] === '\n' || text[i + 1] === '\r')) { i += text[i + 1] === '\r' && text[i + 2] === '\n' ? 3 : 2; continue; }
    // A comment ends at a line break: \n, \r\n or a bare \r, as in Python.
    if (c === '#') { while (i < end && text[i] !== '\n' && text[i] !== '\r') i++; continue; }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(text[i + 1] ?? ''))) {
      NUMBER.lastIndex = i;
      const match = NUMBER.exec(text)!;
      let to = i + match[0].length;
      if (to > end) to = end;
      const raw = text.slice(i, to);
      const next = text[to] ?? '';
      if (to < end && /[A-Za-z_0-9]/.test(next)) {
        NAME.lastIndex = to;
        const word = NAME.exec(text)?.[0] ?? next;
        if (!KEYWORDS.has(word)) {
          if (/^[jJ]/.test(word)) throw new RewardFault(`complex numbers such as ${raw}${word} are not supported`, i, 'rewards are real numbers');
          throw new RewardFault(`invalid number ${raw}${word}`, i, 'a number cannot be followed directly by letters; put an operator such as * between them');
        }
      }
      const digits = raw.replace(/_/g, '');
      const isHex = /^0[xXoObB]/.test(digits);
      const float = !isHex && /[.eE]/.test(digits);
      if (!float && !isHex && /^0+[1-9]/.test(digits)) throw new RewardFault(`leading zeros in the integer ${raw} are not allowed`, i, `write ${digits.replace(/^0+/, '')}`);
      const value = float ? Number(digits) : normInt(BigInt(digits));
      tokens.push({ type: 'num', pos: i, end: to, text: raw, value, float });
      i = to;
      continue;
    }
    if (/[A-Za-z_]/.test(c)) {
      NAME.lastIndex = i;
      const word = NAME.exec(text)![0].slice(0, end - i);
      tokens.push({ type: 'name', pos: i, end: i + word.length, text: word });
      i += word.length;
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
  if (c === '"' || c === "'") return new RewardFault('strings are not supported', i, 'a reward is arithmetic on state and agent_feats; refer to features as agent_feats[i] or agent_feats.name');
  if (c === ';') return new RewardFault('only one expression is allowed: ";" starts a second statement', i, 'keep the expression before the ";" and drop the rest');
  if ('&|^~'.includes(c) || text.startsWith('<<', i) || text.startsWith('>>', i)) return new RewardFault(`the bitwise operator ${c} is not supported`, i, 'use and, or, not for logic and + - * / // % ** for arithmetic');
  if (c === '!') return new RewardFault('"!" is not an operator in Python', i, 'write "not x", or != to compare');
  if (c === '{' || c === '}') return new RewardFault('braces are not supported', i, 'write one Python expression, without blocks');
  if (c === '@') return new RewardFault('the matrix operator @ is not supported', i, 'use * to multiply');
  if (c === '$' || c === '`') return new RewardFault(`unexpected "${c}"`, i, 'wrap the whole expression in $$$ ... $$$ or backticks, or nothing');
  const shown = /[\x21-\x7e]/.test(c) ? `"${c}"` : `character U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  return new RewardFault(`unexpected ${shown}`, i, 'use only ASCII numbers, names, operators and parentheses');
}
