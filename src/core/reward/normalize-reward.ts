// The canonical text of a reward expression, for recognising duplicates: one spacing, only the
// parentheses Python needs, numbers as Python prints them (0x10 -> 16, .1 -> 0.1, 1e5 -> 100000.0),
// every feature as agent_feats[i] with a non-negative index (a text feature by its name), text as
// Python's repr prints it, no lambda. `a or (b or c)` prints as
// `a or b or c`, which Python evaluates identically; nothing else is rewritten.
import { pyRepr, pyStrRepr } from './py-repr.ts';
import type { RewardNode } from './reward-ast.ts';

const PRECEDENCE: Record<string, number> = {
  if: 1,
  or: 2,
  and: 3,
  not: 4,
  compare: 5,
  '+': 6,
  '-': 6,
  '*': 7,
  '/': 7,
  '//': 7,
  '%': 7,
  unary: 8,
  '**': 9,
  atom: 10,
};

function precedence(node: RewardNode): number {
  switch (node.kind) {
    case 'if':
      return PRECEDENCE.if;
    case 'logic':
      return PRECEDENCE[node.op];
    case 'unary':
      return node.op === 'not' ? PRECEDENCE.not : PRECEDENCE.unary;
    case 'compare':
      return PRECEDENCE.compare;
    case 'arith':
      return PRECEDENCE[node.op];
    default:
      return PRECEDENCE.atom;
  }
}

export function normalizeReward(node: RewardNode): string {
  return print(node, 0);
}

function print(node: RewardNode, min: number): string {
  const text = bare(node);
  return precedence(node) < min ? `(${text})` : text;
}

function bare(node: RewardNode): string {
  switch (node.kind) {
    case 'int':
      return String(node.value);
    case 'float':
      return Number.isFinite(node.value) ? pyRepr(node.value) : '1e999';
    case 'bool':
      return node.value ? 'True' : 'False';
    case 'state':
      return 'state';
    case 'feature':
      return `agent_feats[${node.index}]`;
    case 'text':
      return pyStrRepr(node.value);
    case 'text-feature':
      return `agent_feats.${node.name}`;
    case 'unary':
      return node.op === 'not'
        ? `not ${print(node.operand, PRECEDENCE.not)}`
        : `${node.op}${print(node.operand, PRECEDENCE.unary)}`;
    case 'arith': {
      const p = PRECEDENCE[node.op];
      if (node.op === '**') return `${print(node.left, PRECEDENCE.atom)} ** ${print(node.right, PRECEDENCE.unary)}`;
      return `${print(node.left, p)} ${node.op} ${print(node.right, p + 1)}`;
    }
    case 'logic': {
      const p = PRECEDENCE[node.op];
      const sameOp = node.right.kind === 'logic' && node.right.op === node.op;
      return `${print(node.left, p)} ${node.op} ${print(node.right, sameOp ? p : p + 1)}`;
    }
    case 'compare':
      return [
        print(node.first, PRECEDENCE.compare + 1),
        ...node.rest.map((n, k) => `${node.ops[k]} ${print(n, PRECEDENCE.compare + 1)}`),
      ].join(' ');
    case 'if':
      return (
        `${print(node.then, PRECEDENCE.or)} if ${print(node.test, PRECEDENCE.or)} else ` +
        `${print(node.otherwise, PRECEDENCE.if)}`
      );
    case 'call':
      return `${node.name}(${node.args.map((a) => print(a, PRECEDENCE.if)).join(', ')})`;
  }
}
