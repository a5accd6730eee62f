// A recursive-descent parser for the Python subset that LLMs write as reward functions: numbers,
// True/False, state, the feature vector (agent_feats[i], agent_feats.name), arithmetic, chained
// comparisons, and/or/not, `a if c else b`, and calls to a fixed whitelist. Nothing is executed:
// the text becomes a RewardNode tree or a RewardError. Whitespace and newlines never end the
// expression (as inside Python parentheses), because the papers print expressions wrapped.
import type { FeatureSchema } from '../instance/types.ts';
import { evaluateConstant } from './evaluate-node.ts';
import { FUNCTION_NAMES, type CompareOp, type FunctionName, type RewardNode } from './reward-ast.ts';
import { closestNames, rewardError, RewardFault, type RewardError } from './reward-error.ts';
import { normInt, PyError } from './python-number.ts';

/** Longest expression accepted, in characters (after fences and $$$ are stripped). */
export const MAX_LENGTH = 2000;
/** Deepest nesting of parentheses, brackets, calls, unary operators, ** and conditionals. */
export const MAX_DEPTH = 64;

export interface ParsedReward {
  ast: RewardNode;
  /** Feature indices the expression reads, ascending. */
  featuresUsed: number[];
  /** The window [start, end) of the text that held the expression. */
  span: [number, number];
}

export type ParseResult = ({ ok: true } & ParsedReward) | { ok: false; error: RewardError };

export function parseReward(text: string, schema: FeatureSchema): ParseResult {
  try {
    const [start, end] = stripWrapping(text);
    if (end - start > MAX_LENGTH) {
      throw new RewardFault(`the expression is ${end - start} characters long; at most ${MAX_LENGTH} are accepted`, start + MAX_LENGTH, 'write a shorter expression');
    }
    if (start >= end) throw new RewardFault('the expression is empty', start, 'write an expression such as: state * (1 + agent_feats[11])');
    const parser = new Parser(text, start, end, schema);
    const ast = parser.parseAll();
    return { ok: true, ast, featuresUsed: [...parser.used].sort((a, b) => a - b), span: [start, end] };
  } catch (error) {
    if (error instanceof RewardFault) return { ok: false, error: rewardError(text, error) };
    throw error;
  }
}

/** The window of `text` inside surrounding whitespace, ```code fences```, `backticks` and $$$ ... $$$. */
export function stripWrapping(text: string): [number, number] {
  let start = 0, end = text.length;
  for (;;) {
    while (start < end && /\s/.test(text[start])) start++;
    while (end > start && /\s/.test(text[end - 1])) end--;
    const inner = text.slice(start, end);
    if (inner.startsWith('```') && inner.length >= 6 && inner.endsWith('```')) {
      const newline = inner.indexOf('\n');
      const info = newline === -1 ? '' : inner.slice(3, newline);
      start += /^[A-Za-z0-9_+-]*\s*$/.test(info) && newline !== -1 ? newline + 1 : 3;
      end -= 3;
    } else if (inner.startsWith('$$$') && inner.length >= 6 && inner.endsWith('$$$')) {
      start += 3;
      end -= 3;
    } else if (inner.startsWith('`') && inner.length >= 2 && inner.endsWith('`')) {
      start += 1;
      end -= 1;
    } else {
      return [start, end];
    }
  }
}

type Token =
  | { type: 'num'; pos: number; end: number; text: string; value: number | bigint; float: boolean }
  | { type: 'name' | 'op' | 'end'; pos: number; end: number; text: string };

const NUMBER = /0[xX](?:_?[0-9a-fA-F])+|0[oO](?:_?[0-7])+|0[bB](?:_?[01])+|(?:\d(?:_?\d)*)?\.\d(?:_?\d)*(?:[eE][+-]?\d(?:_?\d)*)?|\d(?:_?\d)*\.?(?:[eE][+-]?\d(?:_?\d)*)?/y;
const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;
const OPERATORS = ['**', '//', '==', '!=', '<=', '>=', '<', '>', '+', '-', '*', '/', '%', '(', ')', '[', ']', ',', '.', ':', '='];
const KEYWORDS = new Set('and or not if else lambda True False None in is as assert async await break class continue def del elif except finally for from global import nonlocal pass raise return try while with yield'.split(' '));
const COMPARE_OPS = new Set(['<', '<=', '>', '>=', '==', '!=']);
const FUNCTION_HELP = 'the callable functions are if_, max, min, abs, float, int, bool and round';
const ARITY: Record<FunctionName, [number, number]> = { if_: [1, 1], max: [2, Infinity], min: [2, Infinity], abs: [1, 1], float: [0, 1], int: [0, 1], bool: [0, 1], round: [1, 2] };

function tokenize(text: string, start: number, end: number): Token[] {
  const tokens: Token[] = [];
  let i = start;
  while (i < end) {
    const c = text[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f') { i++; continue; }
    if (c === '\\' && (text[i + 1] === '\n' || (text[i + 1] === '\r' && text[i + 2] === '\n'))) { i += text[i + 1] === '\n' ? 2 : 3; continue; }
    if (c === '#') { while (i < end && text[i] !== '\n') i++; continue; }
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

class Parser {
  private readonly tokens: Token[];
  private at = 0;
  private depth = 0;
  /** What the feature vector is called: agent_feats, or the lambda's other parameter ('' when it has none). */
  private featureName = 'agent_feats';
  private readonly byName = new Map<string, number>();
  readonly used = new Set<number>();

  constructor(
    private readonly text: string,
    start: number,
    end: number,
    private readonly schema: FeatureSchema,
  ) {
    this.tokens = tokenize(text, start, end);
    schema.columns.forEach((column, i) => this.byName.set(column.name, i));
  }

  private get token(): Token {
    return this.tokens[this.at];
  }

  private is(text: string): boolean {
    const t = this.token;
    return (t.type === 'op' || t.type === 'name') && t.text === text;
  }

  private expect(text: string, hint: string): Token {
    if (!this.is(text)) throw this.unexpected(`expected "${text}"`, hint);
    return this.tokens[this.at++];
  }

  private unexpected(what: string, hint = ''): RewardFault {
    const t = this.token;
    if (t.type === 'end') return new RewardFault(`${what}, but the expression ends`, t.pos, hint || 'the expression is incomplete');
    const shown = t.type === 'num' ? `number ${t.text}` : `"${t.text}"`;
    return new RewardFault(`${what}, found ${shown}`, t.pos, hint);
  }

  private enter(pos: number): void {
    if (++this.depth > MAX_DEPTH) throw new RewardFault(`the expression nests deeper than ${MAX_DEPTH} levels`, pos, 'simplify it: fewer nested parentheses, calls and operators');
  }

  parseAll(): RewardNode {
    if (this.is('lambda')) this.parseLambda();
    const node = this.parseExpression();
    const t = this.token;
    if (t.type !== 'end') {
      if (t.text === ',') throw new RewardFault('a trailing "," makes a tuple, not a number', t.pos, 'remove the comma; a reward is a single expression');
      if (t.text === ')' || t.text === ']') throw new RewardFault(`unmatched "${t.text}"`, t.pos, 'remove it or add the opening bracket');
      if (t.text === ':') throw new RewardFault('unexpected ":"', t.pos, 'only a leading "lambda agent_feats, state:" may use a colon');
      if (t.text === '=') throw new RewardFault('"=" is assignment, which is not supported', t.pos, 'to compare, write ==');
      const shown = t.type === 'num' ? `number ${t.text}` : `"${t.text}"`;
      throw new RewardFault(`unexpected ${shown} after a complete expression`, t.pos, 'an operator such as + or * is probably missing before it');
    }
    return node;
  }

  /** `lambda a, b:` with `state` among the parameters; the other one names the feature vector. */
  private parseLambda(): void {
    const lambda = this.tokens[this.at++];
    const params: Token[] = [];
    while (this.token.type === 'name' && !KEYWORDS.has(this.token.text)) {
      params.push(this.tokens[this.at++]);
      if (!this.is(',')) break;
      this.at++;
    }
    if (this.is('=')) throw new RewardFault('default values are not supported', this.token.pos, 'write lambda agent_feats, state: ...');
    this.expect(':', 'write lambda agent_feats, state: followed by the expression');
    const names = params.map((p) => p.text);
    if (new Set(names).size !== names.length) throw new RewardFault('a lambda parameter is repeated', lambda.pos, 'write lambda agent_feats, state: ...');
    const others = names.filter((n) => n !== 'state');
    if (others.length === names.length || others.length > 1) {
      throw new RewardFault(`the lambda takes (${names.join(', ')}); it must take the feature vector and state`, lambda.pos, 'write lambda agent_feats, state: ...');
    }
    this.featureName = others[0] ?? '';
  }

  private parseExpression(): RewardNode {
    if (this.is('lambda')) throw new RewardFault('only one leading lambda is allowed', this.token.pos, 'write lambda agent_feats, state: followed by an expression without lambda');
    const body = this.parseOr();
    if (!this.is('if')) return body;
    const pos = this.tokens[this.at++].pos;
    const test = this.parseOr();
    this.expect('else', 'a conditional is written: a if condition else b');
    this.enter(pos);
    const otherwise = this.parseExpression();
    this.depth--;
    return { kind: 'if', pos, test, then: body, otherwise };
  }

  private parseOr(): RewardNode {
    let left = this.parseAnd();
    while (this.is('or')) {
      const pos = this.tokens[this.at++].pos;
      left = { kind: 'logic', pos, op: 'or', left, right: this.parseAnd() };
    }
    return left;
  }

  private parseAnd(): RewardNode {
    let left = this.parseNot();
    while (this.is('and')) {
      const pos = this.tokens[this.at++].pos;
      left = { kind: 'logic', pos, op: 'and', left, right: this.parseNot() };
    }
    return left;
  }

  private parseNot(): RewardNode {
    if (!this.is('not')) return this.parseComparison();
    const pos = this.tokens[this.at++].pos;
    this.enter(pos);
    const operand = this.parseNot();
    this.depth--;
    return { kind: 'unary', pos, op: 'not', operand };
  }

  private parseComparison(): RewardNode {
    const first = this.parseSum();
    const ops: CompareOp[] = [], opPositions: number[] = [], rest: RewardNode[] = [];
    for (;;) {
      const t = this.token;
      if (t.type === 'op' && COMPARE_OPS.has(t.text)) {
        ops.push(t.text as CompareOp);
      } else if (t.type === 'name' && (t.text === 'in' || t.text === 'is' || (t.text === 'not' && this.tokens[this.at + 1].text === 'in'))) {
        throw new RewardFault(`"${t.text}" comparisons are not supported`, t.pos, 'compare numbers with ==, !=, <, <=, >, >=');
      } else break;
      opPositions.push(t.pos);
      this.at++;
      rest.push(this.parseSum());
    }
    return ops.length ? { kind: 'compare', pos: opPositions[0], first, ops, opPositions, rest } : first;
  }

  private parseSum(): RewardNode {
    let left = this.parseTerm();
    while (this.is('+') || this.is('-')) {
      const t = this.tokens[this.at++];
      left = { kind: 'arith', pos: t.pos, op: t.text as '+' | '-', left, right: this.parseTerm() };
    }
    return left;
  }

  private parseTerm(): RewardNode {
    let left = this.parseFactor();
    while (this.is('*') || this.is('/') || this.is('//') || this.is('%')) {
      const t = this.tokens[this.at++];
      left = { kind: 'arith', pos: t.pos, op: t.text as '*' | '/' | '//' | '%', left, right: this.parseFactor() };
    }
    return left;
  }

  private parseFactor(): RewardNode {
    if (this.is('-') || this.is('+')) {
      const t = this.tokens[this.at++];
      this.enter(t.pos);
      const operand = this.parseFactor();
      this.depth--;
      return { kind: 'unary', pos: t.pos, op: t.text as '-' | '+', operand };
    }
    return this.parsePower();
  }

  private parsePower(): RewardNode {
    const base = this.parsePrimary();
    if (!this.is('**')) return base;
    const pos = this.tokens[this.at++].pos;
    this.enter(pos);
    const exponent = this.parseFactor();
    this.depth--;
    return { kind: 'arith', pos, op: '**', left: base, right: exponent };
  }

  private parsePrimary(): RewardNode {
    const t = this.token;
    if (t.type === 'num') {
      this.at++;
      if (this.is('(')) throw new RewardFault(`a number cannot be called: "${t.text} (...)" calls ${t.text} as a function`, this.token.pos, `to multiply, write ${t.text} * (...)`);
      return t.float ? { kind: 'float', pos: t.pos, value: t.value as number } : { kind: 'int', pos: t.pos, value: t.value };
    }
    if (t.type === 'op' && t.text === '(') {
      this.at++;
      this.enter(t.pos);
      if (this.is(')')) throw new RewardFault('empty parentheses make a tuple, not a number', t.pos, 'put an expression inside the parentheses');
      const inner = this.parseExpression();
      if (this.is(',')) throw new RewardFault('a "," inside parentheses makes a tuple, not a number', this.token.pos, 'tuples are not supported; to combine values use max(a, b), min(a, b) or arithmetic');
      this.expect(')', `close the "(" at character ${t.pos}`);
      this.depth--;
      return this.noTrailer(inner);
    }
    if (t.type === 'name') return this.parseName(t);
    if (t.type === 'end') throw this.unexpected('expected a number, a name or "("');
    throw this.unexpected('expected a number, a name or "("', t.text === ')' ? 'remove the extra ")" or complete the expression before it' : 'an operand is missing');
  }

  /** Calls, subscripts and attributes are only for functions and the feature vector. */
  private noTrailer(node: RewardNode): RewardNode {
    const t = this.token;
    if (this.is('(')) throw new RewardFault('only if_, max, min, abs, float, int, bool and round can be called', t.pos, 'to multiply, write * before "("');
    if (this.is('[')) throw new RewardFault('only the feature vector can be indexed', t.pos, 'write agent_feats[i]');
    if (this.is('.')) throw new RewardFault('attributes are only available on the feature vector', t.pos, 'write agent_feats.name with a feature name of the schema');
    return node;
  }

  private parseName(t: Token): RewardNode {
    const name = t.text;
    this.at++;
    if (name === 'True' || name === 'False') return this.noTrailer({ kind: 'bool', pos: t.pos, value: name === 'True' });
    if (name === 'state') return this.noTrailer({ kind: 'state', pos: t.pos });
    if (name === this.featureName) return this.noTrailer(this.parseFeature(t));
    if ((FUNCTION_NAMES as readonly string[]).includes(name)) {
      if (!this.is('(')) throw new RewardFault(`${name} is a function and must be called`, t.end, `write ${name}(...)`);
      return this.noTrailer(this.parseCall(t, name as FunctionName));
    }
    if (name === 'None') throw new RewardFault('None is not a number', t.pos, 'use 0');
    if (name === 'lambda') throw new RewardFault('only one leading lambda is allowed', t.pos, 'write lambda agent_feats, state: followed by an expression without lambda');
    if (KEYWORDS.has(name)) throw new RewardFault(`"${name}" is not allowed here`, t.pos, name === 'if' || name === 'else' ? 'a conditional is written: a if condition else b' : 'a reward is one expression over state and the feature vector');
    throw this.unknownName(t);
  }

  private unknownName(t: Token): RewardFault {
    const name = t.text;
    const features = this.featureName ? this.featureName : 'the feature vector';
    if (this.byName.has(name)) return new RewardFault(`unknown name ${name}`, t.pos, `${name} is a feature: write ${this.featureName || 'agent_feats'}.${name} (or ${this.featureName || 'agent_feats'}[${this.byName.get(name)}])`);
    if (name === 'agent_feats' || name === 'feature' || name === 'features' || name === 'feats') {
      return new RewardFault(`unknown name ${name}`, t.pos, this.featureName ? `in this expression the feature vector is called ${this.featureName}` : 'the lambda has no feature-vector parameter; write lambda agent_feats, state: ...');
    }
    if (name === 's') return new RewardFault('unknown name s', t.pos, 'the state is called state');
    if (/^(np|numpy|math|torch|pd|os|sys|builtins)$/.test(name) || name.startsWith('__')) {
      return new RewardFault(`unknown name ${name}: modules and Python internals are not available`, t.pos, `use state, ${features} and ${FUNCTION_HELP}`);
    }
    const candidates = ['state', ...(this.featureName ? [this.featureName] : []), ...FUNCTION_NAMES];
    const schemaNames = this.schema.columns.map((c) => c.name);
    const close = closestNames(name, [...candidates, ...schemaNames], 3).map((n) => (schemaNames.includes(n) && !candidates.includes(n) ? `${this.featureName || 'agent_feats'}.${n}` : n));
    const called = this.is('(') ? ` (${FUNCTION_HELP})` : '';
    return new RewardFault(`unknown name ${name}${called}`, t.pos, `closest: ${close.join(', ')}; the names available are state, ${features} and the functions ${FUNCTION_NAMES.join(', ')}`);
  }

  private parseFeature(t: Token): RewardNode {
    const count = this.schema.columns.length;
    if (this.is('.')) {
      this.at++;
      const nameToken = this.token;
      if (nameToken.type !== 'name') throw this.unexpected(`expected a feature name after "${t.text}."`);
      this.at++;
      const index = this.byName.get(nameToken.text);
      if (index === undefined) {
        const close = closestNames(nameToken.text, this.schema.columns.map((c) => c.name), 3);
        throw new RewardFault(`unknown feature ${t.text}.${nameToken.text}`, nameToken.pos, `closest feature names: ${close.join(', ')}`);
      }
      if (this.is('(')) throw new RewardFault(`${t.text}.${nameToken.text} is a number and cannot be called`, this.token.pos, 'to multiply, write * before "("');
      this.used.add(index);
      return { kind: 'feature', pos: t.pos, index };
    }
    if (!this.is('[')) throw new RewardFault(`${t.text} is the feature vector of ${count} values; use one of them`, t.pos, `write ${t.text}[i] with i from 0 to ${count - 1}, or ${t.text}.name`);
    const open = this.tokens[this.at++];
    this.enter(open.pos);
    if (this.is(']')) throw new RewardFault('an index is missing', this.token.pos, `write ${t.text}[i] with i from 0 to ${count - 1}`);
    const indexNode = this.parseExpression();
    if (this.is(':')) throw new RewardFault('slices are not supported', this.token.pos, `index one feature: ${t.text}[i]`);
    if (this.is(',')) throw new RewardFault('only one index is allowed', this.token.pos, `write ${t.text}[i]`);
    this.expect(']', `close the "[" at character ${open.pos}`);
    this.depth--;
    let value: number | bigint;
    try {
      const constant = evaluateConstant(indexNode);
      if (constant === null) throw new RewardFault('the index must be a constant integer', indexNode.pos, `state and features cannot choose the feature; write ${t.text}[i] with i from 0 to ${count - 1}`);
      if (constant.float) throw new RewardFault(`the index is the float ${pyRepr(constant.value as number)}; indices must be integers`, indexNode.pos, `write ${t.text}[i] with an integer i from 0 to ${count - 1}`);
      value = constant.value;
    } catch (error) {
      if (error instanceof PyError) throw new RewardFault(`the index fails to compute: ${error.message}`, indexNode.pos, `write ${t.text}[i] with i from 0 to ${count - 1}`);
      throw error;
    }
    if (value >= count || value < -count) {
      throw new RewardFault(`index ${value} is out of range: there are ${count} features`, indexNode.pos, `use 0 to ${count - 1} (or -${count} to -1 from the end)`);
    }
    const index = Number(value) < 0 ? Number(value) + count : Number(value);
    this.used.add(index);
    return { kind: 'feature', pos: t.pos, index };
  }

  private parseCall(t: Token, name: FunctionName): RewardNode {
    const open = this.tokens[this.at++];
    this.enter(open.pos);
    const args: RewardNode[] = [];
    while (!this.is(')')) {
      if (this.token.type === 'name' && this.tokens[this.at + 1].text === '=') {
        throw new RewardFault('keyword arguments are not supported', this.token.pos, name === 'round' ? 'write round(x, 2)' : `write ${name}(...) with positional arguments`);
      }
      if (this.is('*') || this.is('**')) throw new RewardFault('argument unpacking is not supported', this.token.pos, `write ${name}(a, b)`);
      args.push(this.parseExpression());
      if (this.token.type === 'name' && this.token.text === 'for') throw new RewardFault('comprehensions are not supported', this.token.pos, `write ${name}(a, b, ...) with the values listed`);
      if (!this.is(',')) break;
      this.at++;
    }
    this.expect(')', `close the "(" of ${name} at character ${open.pos}`);
    this.depth--;
    const [least, most] = ARITY[name];
    if (args.length < least || args.length > most) {
      const wanted = most === Infinity ? `at least ${least} arguments` : least === most ? `exactly ${least} argument${least > 1 ? 's' : ''}` : `${least} to ${most} arguments`;
      const hint = name === 'max' || name === 'min' ? `${name} compares its arguments, e.g. ${name}(0, state - 1); lists are not supported` : name === 'round' ? 'write round(x) or round(x, ndigits)' : `write ${name}(x)`;
      throw new RewardFault(`${name}() takes ${wanted}, given ${args.length}`, t.pos, hint);
    }
    return { kind: 'call', pos: t.pos, name, args };
  }
}

/** Python's repr of a float (shortest round trip, always with a "." or exponent). */
export function pyRepr(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (Object.is(x, -0)) return '-0.0';
  const abs = Math.abs(x);
  if (abs >= 1e16 || abs < 1e-4) {
    // Python switches to exponent notation at 1e16 and below 1e-4, writing e+XX / e-XX with two digits at least.
    const [mantissa, exponent] = x.toExponential().split('e');
    const e = Number(exponent);
    return `${mantissa}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  }
  const s = String(x);
  return s.includes('.') ? s : `${s}.0`;
}
