// The operand level of the reward parser: the token cursor with its nesting limit, the leading
// lambda, and the operands (numbers, True/False, state, features, whitelisted calls), with the
// hints that tell an LLM what to write instead. The operator grammar (parse-reward.ts) extends
// it and provides parseExpression.
import type { FeatureSchema, TextGroup as SchemaTextGroup } from '../instance/types.ts';
import { checkArity } from './call-arity.ts';
import { featureIndex } from './feature-index.ts';
import { FUNCTION_NAMES, type FunctionName, type RewardNode } from './reward-ast.ts';
import { closestNames, RewardFault } from './reward-error.ts';
import { refuseText } from './text-operands.ts';
import { KEYWORDS, tokenizeReward, type Token } from './tokenize-reward.ts';
import { unknownNameFault } from './unknown-name.ts';

/** Deepest nesting of parentheses, brackets, calls, unary operators, ** and conditionals. */
export const MAX_DEPTH = 64;

type TextGroup = SchemaTextGroup & { columns: number[] };

export abstract class OperandParser {
  protected readonly tokens: Token[];
  protected at = 0;
  protected depth = 0;
  /** What the feature vector is called: agent_feats, or the lambda's other parameter ('' when it has none). */
  protected featureName = 'agent_feats';
  protected readonly byName = new Map<string, number>();
  /** Text groups by identifier: agent_feats.<name> reads her value as text. */
  protected readonly textByName = new Map<string, TextGroup>();
  readonly used = new Set<number>();

  protected constructor(
    text: string,
    start: number,
    end: number,
    private readonly schema: FeatureSchema,
  ) {
    this.tokens = tokenizeReward(text, start, end);
    schema.columns.forEach((column, i) => this.byName.set(column.name, i));
    for (const g of schema.groups) if (g.text) this.textByName.set(g.text.name, { ...g.text, columns: g.columns });
  }

  protected get token(): Token {
    return this.tokens[this.at];
  }

  protected is(text: string): boolean {
    const t = this.token;
    return (t.type === 'op' || t.type === 'name') && t.text === text;
  }

  protected expect(text: string, hint: string): Token {
    if (!this.is(text)) throw this.unexpected(`expected "${text}"`, hint);
    return this.tokens[this.at++];
  }

  protected unexpected(what: string, hint = ''): RewardFault {
    const t = this.token;
    if (t.type === 'end')
      return new RewardFault(`${what}, but the expression ends`, t.pos, hint || 'the expression is incomplete');
    const shown = t.type === 'num' ? `number ${t.text}` : `"${t.text}"`;
    return new RewardFault(`${what}, found ${shown}`, t.pos, hint);
  }

  protected enter(pos: number): void {
    if (++this.depth > MAX_DEPTH)
      throw new RewardFault(
        `the expression nests deeper than ${MAX_DEPTH} levels`,
        pos,
        'simplify it: fewer nested parentheses, calls and operators',
      );
  }

  /** The whole grammar, from the conditional down (parse-reward.ts). */
  protected abstract parseExpression(): RewardNode;

  /** `lambda a, b:` with `state` among the parameters; the other one names the feature vector. */
  protected parseLambda(): void {
    const lambda = this.tokens[this.at++];
    const params: Token[] = [];
    while (this.token.type === 'name' && !KEYWORDS.has(this.token.text)) {
      params.push(this.tokens[this.at++]);
      if (!this.is(',')) break;
      this.at++;
    }
    if (this.is('='))
      throw new RewardFault('default values are not supported', this.token.pos, 'write lambda agent_feats, state: ...');
    this.expect(':', 'write lambda agent_feats, state: followed by the expression');
    const names = params.map((p) => p.text);
    if (new Set(names).size !== names.length)
      throw new RewardFault('a lambda parameter is repeated', lambda.pos, 'write lambda agent_feats, state: ...');
    const others = names.filter((n) => n !== 'state');
    if (others.length === names.length || others.length > 1) {
      throw new RewardFault(
        `the lambda takes (${names.join(', ')}); it must take the feature vector and state`,
        lambda.pos,
        'write lambda agent_feats, state: ...',
      );
    }
    this.featureName = others[0] ?? '';
  }

  protected parsePrimary(): RewardNode {
    const t = this.token;
    if (t.type === 'num') {
      this.at++;
      if (this.is('('))
        throw new RewardFault(
          `a number cannot be called: "${t.text} (...)" calls ${t.text} as a function`,
          this.token.pos,
          `to multiply, write ${t.text} * (...)`,
        );
      return t.float
        ? { kind: 'float', pos: t.pos, value: t.value as number }
        : { kind: 'int', pos: t.pos, value: t.value };
    }
    if (t.type === 'op' && t.text === '(') {
      this.at++;
      this.enter(t.pos);
      if (this.is(')'))
        throw new RewardFault(
          'empty parentheses make a tuple, not a number',
          t.pos,
          'put an expression inside the parentheses',
        );
      const inner = this.parseExpression();
      if (this.is(','))
        throw new RewardFault(
          'a "," inside parentheses makes a tuple, not a number',
          this.token.pos,
          'tuples are not supported; to combine values use max(a, b), min(a, b) or arithmetic',
        );
      this.expect(')', `close the "(" at character ${t.pos}`);
      this.depth--;
      return this.noTrailer(inner);
    }
    if (t.type === 'name') return this.parseName(t);
    if (t.type === 'str') {
      // Adjacent literals are one, as in Python ("पाल" "घर" is "पालघर").
      let value = '';
      while (this.token.type === 'str') value += (this.tokens[this.at++] as Extract<Token, { type: 'str' }>).value;
      return this.noTrailer({ kind: 'text', pos: t.pos, value });
    }
    if (t.type === 'end') throw this.unexpected('expected a number, a name or "("');
    throw this.unexpected(
      'expected a number, a name or "("',
      t.text === ')' ? 'remove the extra ")" or complete the expression before it' : 'an operand is missing',
    );
  }

  /** Calls, subscripts and attributes are only for functions and the feature vector. */
  protected noTrailer(node: RewardNode): RewardNode {
    const t = this.token;
    if (this.is('('))
      throw new RewardFault(
        'only if_, max, min, abs, float, int, bool and round can be called',
        t.pos,
        'to multiply, write * before "("',
      );
    if (this.is('[')) throw new RewardFault('only the feature vector can be indexed', t.pos, 'write agent_feats[i]');
    if (this.is('.'))
      throw new RewardFault(
        'attributes are only available on the feature vector',
        t.pos,
        'write agent_feats.name with a feature name of the schema',
      );
    return node;
  }

  protected parseName(t: Token): RewardNode {
    const name = t.text;
    this.at++;
    if (name === 'True' || name === 'False')
      return this.noTrailer({ kind: 'bool', pos: t.pos, value: name === 'True' });
    if (name === 'state') return this.noTrailer({ kind: 'state', pos: t.pos });
    if (name === this.featureName) return this.noTrailer(this.parseFeature(t));
    if ((FUNCTION_NAMES as readonly string[]).includes(name)) {
      if (!this.is('(')) throw new RewardFault(`${name} is a function and must be called`, t.end, `write ${name}(...)`);
      return this.noTrailer(this.parseCall(t, name as FunctionName));
    }
    if (name === 'None') throw new RewardFault('None is not a number', t.pos, 'use 0');
    if (name === 'lambda')
      throw new RewardFault(
        'only one leading lambda is allowed',
        t.pos,
        'write lambda agent_feats, state: followed by an expression without lambda',
      );
    if (KEYWORDS.has(name))
      throw new RewardFault(
        `"${name}" is not allowed here`,
        t.pos,
        name === 'if' || name === 'else'
          ? 'a conditional is written: a if condition else b'
          : 'a reward is one expression over state and the feature vector',
      );
    throw this.unknownName(t);
  }

  protected unknownName(t: Token): RewardFault {
    return unknownNameFault(t.text, t.pos, {
      featureName: this.featureName,
      byName: this.byName,
      textByName: this.textByName,
      columnNames: this.schema.columns.map((c) => c.name),
      called: this.is('('),
    });
  }

  protected parseFeature(t: Token): RewardNode {
    const count = this.schema.columns.length;
    if (this.is('.')) {
      this.at++;
      const nameToken = this.token;
      if (nameToken.type !== 'name') throw this.unexpected(`expected a feature name after "${t.text}."`);
      this.at++;
      const text = this.textByName.get(nameToken.text);
      if (text) {
        text.columns.forEach((c) => this.used.add(c));
        return {
          kind: 'text-feature',
          pos: t.pos,
          name: text.name,
          columns: text.columns,
          values: text.values,
          merged: text.merged ?? [],
        };
      }
      const index = this.byName.get(nameToken.text);
      if (index === undefined) {
        const close = closestNames(
          nameToken.text,
          [...this.textByName.keys(), ...this.schema.columns.map((c) => c.name)],
          3,
        );
        throw new RewardFault(
          `unknown feature ${t.text}.${nameToken.text}`,
          nameToken.pos,
          `closest feature names: ${close.join(', ')}`,
        );
      }
      if (this.is('('))
        throw new RewardFault(
          `${t.text}.${nameToken.text} is a number and cannot be called`,
          this.token.pos,
          'to multiply, write * before "("',
        );
      this.used.add(index);
      return { kind: 'feature', pos: t.pos, index };
    }
    if (!this.is('['))
      throw new RewardFault(
        `${t.text} is the feature vector of ${count} values; use one of them`,
        t.pos,
        `write ${t.text}[i] with i from 0 to ${count - 1}, or ${t.text}.name`,
      );
    const open = this.tokens[this.at++];
    this.enter(open.pos);
    if (this.is(']'))
      throw new RewardFault('an index is missing', this.token.pos, `write ${t.text}[i] with i from 0 to ${count - 1}`);
    const indexNode = this.parseExpression();
    if (this.is(':'))
      throw new RewardFault('slices are not supported', this.token.pos, `index one feature: ${t.text}[i]`);
    if (this.is(',')) throw new RewardFault('only one index is allowed', this.token.pos, `write ${t.text}[i]`);
    this.expect(']', `close the "[" at character ${open.pos}`);
    this.depth--;
    refuseText(indexNode, 'index');
    const index = featureIndex(indexNode, count, t.text);
    this.used.add(index);
    return { kind: 'feature', pos: t.pos, index };
  }

  protected parseCall(t: Token, name: FunctionName): RewardNode {
    const open = this.tokens[this.at++];
    this.enter(open.pos);
    const args: RewardNode[] = [];
    while (!this.is(')')) {
      if (this.token.type === 'name' && this.tokens[this.at + 1].text === '=') {
        throw new RewardFault(
          'keyword arguments are not supported',
          this.token.pos,
          name === 'round' ? 'write round(x, 2)' : `write ${name}(...) with positional arguments`,
        );
      }
      if (this.is('*') || this.is('**'))
        throw new RewardFault('argument unpacking is not supported', this.token.pos, `write ${name}(a, b)`);
      args.push(this.parseExpression());
      if (this.token.type === 'name' && this.token.text === 'for')
        throw new RewardFault(
          'comprehensions are not supported',
          this.token.pos,
          `write ${name}(a, b, ...) with the values listed`,
        );
      if (!this.is(',')) break;
      this.at++;
    }
    this.expect(')', `close the "(" of ${name} at character ${open.pos}`);
    this.depth--;
    checkArity(name, args.length, t.pos);
    return { kind: 'call', pos: t.pos, name, args };
  }
}
