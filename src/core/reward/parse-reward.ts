// A recursive-descent parser for the Python subset that LLMs write as reward functions: numbers,
// True/False, state, the feature vector (agent_feats[i], agent_feats.name), text (string literals and
// text features, compared with == and !=: text-operands.ts), arithmetic, chained comparisons,
// and/or/not, `a if c else b`, and calls to a fixed whitelist. Nothing is executed:
// the text becomes a RewardNode tree or a RewardError. Whitespace and newlines never end the
// expression (as inside Python parentheses), because the papers print expressions wrapped.
import type { FeatureSchema } from '../instance/types.ts';
import { OperandParser } from './parse-operand.ts';
import type { CompareOp, RewardNode } from './reward-ast.ts';
import { rewardError, RewardFault, type RewardError } from './reward-error.ts';
import { refuseText } from './text-operands.ts';

/** Longest expression accepted, in characters (after fences and $$$ are stripped). */
export const MAX_LENGTH = 2000;

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
      throw new RewardFault(
        `the expression is ${end - start} characters long; at most ${MAX_LENGTH} are accepted`,
        start + MAX_LENGTH,
        'write a shorter expression',
      );
    }
    if (start >= end)
      throw new RewardFault(
        'the expression is empty',
        start,
        'write an expression such as: state * (1 + agent_feats[11])',
      );
    const parser = new Parser(text, start, end, schema);
    const ast = parser.parseAll();
    refuseText(ast, 'reward');
    return { ok: true, ast, featuresUsed: [...parser.used].sort((a, b) => a - b), span: [start, end] };
  } catch (error) {
    if (error instanceof RewardFault) return { ok: false, error: rewardError(text, error) };
    throw error;
  }
}

/**
 * The window of `text` inside surrounding whitespace, ```code fences```, `backticks` and $$$ ... $$$.
 * Linear in the length of the text: indices only, no slices, and a run of backticks is removed at
 * once (a reply of 100,000 backticks takes as long as one of 100,000 letters).
 */
export function stripWrapping(text: string): [number, number] {
  let start = 0,
    end = text.length;
  const space = (i: number) => /\s/.test(text[i]);
  for (;;) {
    while (start < end && space(start)) start++;
    while (end > start && space(end - 1)) end--;
    const length = end - start;
    if (length >= 6 && text.startsWith('```', start) && text.startsWith('```', end - 3)) {
      // An info string (```python) ends at the first line break; it is a word, then spaces.
      let i = start + 3;
      while (i < end - 3 && /[A-Za-z0-9_+-]/.test(text[i])) i++;
      while (i < end - 3 && (text[i] === ' ' || text[i] === '\t' || text[i] === '\r')) i++;
      start = text[i] === '\n' && i < end - 3 ? i + 1 : start + 3;
      end -= 3;
    } else if (length >= 6 && text.startsWith('$$$', start) && text.startsWith('$$$', end - 3)) {
      start += 3;
      end -= 3;
    } else if (length >= 2 && text[start] === '`' && text[end - 1] === '`') {
      let k = 1;
      while (2 * (k + 1) <= length && text[start + k] === '`' && text[end - 1 - k] === '`') k++;
      start += k;
      end -= k;
    } else {
      return [start, end];
    }
  }
}

const COMPARE_OPS = new Set(['<', '<=', '>', '>=', '==', '!=']);

/** The operator grammar, Python's precedence from `a if c else b` down to `**`. */
class Parser extends OperandParser {
  constructor(text: string, start: number, end: number, schema: FeatureSchema) {
    super(text, start, end, schema);
  }

  parseAll(): RewardNode {
    if (this.is('lambda')) this.parseLambda();
    const node = this.parseExpression();
    const t = this.token;
    if (t.type !== 'end') {
      if (t.text === ',')
        throw new RewardFault(
          'a trailing "," makes a tuple, not a number',
          t.pos,
          'remove the comma; a reward is a single expression',
        );
      if (t.text === ')' || t.text === ']')
        throw new RewardFault(`unmatched "${t.text}"`, t.pos, 'remove it or add the opening bracket');
      if (t.text === ':')
        throw new RewardFault('unexpected ":"', t.pos, 'only a leading "lambda agent_feats, state:" may use a colon');
      if (t.text === '=')
        throw new RewardFault('"=" is assignment, which is not supported', t.pos, 'to compare, write ==');
      const shown = t.type === 'num' ? `number ${t.text}` : `"${t.text}"`;
      throw new RewardFault(
        `unexpected ${shown} after a complete expression`,
        t.pos,
        'an operator such as + or * is probably missing before it',
      );
    }
    return node;
  }

  protected parseExpression(): RewardNode {
    if (this.is('lambda'))
      throw new RewardFault(
        'only one leading lambda is allowed',
        this.token.pos,
        'write lambda agent_feats, state: followed by an expression without lambda',
      );
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

  protected parseOr(): RewardNode {
    let left = this.parseAnd();
    while (this.is('or')) {
      const pos = this.tokens[this.at++].pos;
      left = { kind: 'logic', pos, op: 'or', left, right: this.parseAnd() };
    }
    return left;
  }

  protected parseAnd(): RewardNode {
    let left = this.parseNot();
    while (this.is('and')) {
      const pos = this.tokens[this.at++].pos;
      left = { kind: 'logic', pos, op: 'and', left, right: this.parseNot() };
    }
    return left;
  }

  protected parseNot(): RewardNode {
    if (!this.is('not')) return this.parseComparison();
    const pos = this.tokens[this.at++].pos;
    this.enter(pos);
    const operand = this.parseNot();
    this.depth--;
    return { kind: 'unary', pos, op: 'not', operand };
  }

  protected parseComparison(): RewardNode {
    const first = this.parseSum();
    const ops: CompareOp[] = [],
      opPositions: number[] = [],
      rest: RewardNode[] = [];
    for (;;) {
      const t = this.token;
      if (t.type === 'op' && COMPARE_OPS.has(t.text)) {
        ops.push(t.text as CompareOp);
      } else if (
        t.type === 'name' &&
        (t.text === 'in' || t.text === 'is' || (t.text === 'not' && this.tokens[this.at + 1].text === 'in'))
      ) {
        throw new RewardFault(
          `"${t.text}" comparisons are not supported`,
          t.pos,
          'compare numbers with ==, !=, <, <=, >, >= and text with == or !=, e.g. agent_feats.district == "पालघर"',
        );
      } else break;
      opPositions.push(t.pos);
      this.at++;
      rest.push(this.parseSum());
    }
    return ops.length ? { kind: 'compare', pos: opPositions[0], first, ops, opPositions, rest } : first;
  }

  protected parseSum(): RewardNode {
    let left = this.parseTerm();
    while (this.is('+') || this.is('-')) {
      const t = this.tokens[this.at++];
      left = { kind: 'arith', pos: t.pos, op: t.text as '+' | '-', left, right: this.parseTerm() };
    }
    return left;
  }

  protected parseTerm(): RewardNode {
    let left = this.parseFactor();
    while (this.is('*') || this.is('/') || this.is('//') || this.is('%')) {
      const t = this.tokens[this.at++];
      left = { kind: 'arith', pos: t.pos, op: t.text as '*' | '/' | '//' | '%', left, right: this.parseFactor() };
    }
    return left;
  }

  protected parseFactor(): RewardNode {
    if (this.is('-') || this.is('+')) {
      const t = this.tokens[this.at++];
      this.enter(t.pos);
      const operand = this.parseFactor();
      this.depth--;
      return { kind: 'unary', pos: t.pos, op: t.text as '-' | '+', operand };
    }
    return this.parsePower();
  }

  protected parsePower(): RewardNode {
    const base = this.parsePrimary();
    if (!this.is('**')) return base;
    const pos = this.tokens[this.at++].pos;
    this.enter(pos);
    const exponent = this.parseFactor();
    this.depth--;
    return { kind: 'arith', pos, op: '**', left: base, right: exponent };
  }
}
