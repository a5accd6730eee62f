// Where text may stand in a reward: as an operand of == and != only (a string literal or a text
// feature, agent_feats.district). Python would also let text be tested for truth, ordered,
// concatenated or repeated, or be the reward itself (then float() fails); none of that means anything
// for a reward, so it is refused before anything runs, with the place and what to write (README,
// "Deviations"). A comparison that cannot be decided because the value was merged into "other" is
// refused too, rather than answered wrongly.
import type { CompareOp, RewardNode } from './reward-ast.ts';
import { RewardFault } from './reward-error.ts';

type TextNode = Extract<RewardNode, { kind: 'text' | 'text-feature' }>;

const isText = (node: RewardNode): node is TextNode => node.kind === 'text' || node.kind === 'text-feature';
const ORDERING: ReadonlySet<CompareOp> = new Set(['<', '<=', '>', '>=']);
const shown = (node: TextNode) => (node.kind === 'text' ? JSON.stringify(node.value) : `agent_feats.${node.name}`);

/** Throws a RewardFault at the first text operand outside == and != (`root`: what the whole expression is). */
export function refuseText(node: RewardNode, root: 'reward' | 'index'): void {
  if (isText(node)) {
    if (root === 'index') {
      const hint = 'a text feature is read by its name: agent_feats.name';
      throw new RewardFault('the index is text; indices must be integers', node.pos, hint);
    }
    const hint = `compare it: ${example(node)} is 1 for those beneficiaries and 0 for the others`;
    throw new RewardFault('the reward is text, not a number', node.pos, hint);
  }
  walk(node);
}

function example(node: TextNode): string {
  if (node.kind === 'text-feature') {
    return `agent_feats.${node.name} == ${JSON.stringify(node.values.find((v) => v) ?? '')}`;
  }
  return `agent_feats.name == ${JSON.stringify(node.value)}`;
}

function operand(node: RewardNode): void {
  if (isText(node)) {
    const hint = `write ${example(node)}, which is 1 for those beneficiaries and 0 for the others`;
    throw new RewardFault('text can only be compared with == or !=', node.pos, hint);
  }
  walk(node);
}

function walk(node: RewardNode): void {
  switch (node.kind) {
    case 'unary':
      return operand(node.operand);
    case 'arith':
    case 'logic':
      operand(node.left);
      return operand(node.right);
    case 'if':
      operand(node.test);
      operand(node.then);
      return operand(node.otherwise);
    case 'call':
      return node.args.forEach(operand);
    case 'compare': {
      const operands = [node.first, ...node.rest];
      for (const o of operands) if (!isText(o)) walk(o);
      node.ops.forEach((op, k) => {
        const a = operands[k],
          b = operands[k + 1];
        if (ORDERING.has(op) && (isText(a) || isText(b))) {
          throw new RewardFault(`text cannot be ordered with ${op}`, node.opPositions[k], 'compare text with == or !=');
        }
        if (isText(a) && isText(b)) decidable(a, b);
      });
      return;
    }
    default:
      return;
  }
}

/** A comparison of text with text that the buckets can decide: none of its values is hidden in "other". */
function decidable(a: TextNode, b: TextNode): void {
  for (const [feature, other] of [
    [a, b],
    [b, a],
  ] as const) {
    if (feature.kind !== 'text-feature' || feature.merged.length === 0) continue;
    if (other.kind === 'text-feature') {
      const why = `the rare values of agent_feats.${feature.name} are merged into "other"`;
      const what = `${shown(a)} and ${shown(b)} cannot be compared: ${why}`;
      throw new RewardFault(what, other.pos, 'compare each with a value instead');
    }
    if (feature.merged.includes(other.value)) {
      const why = `${shown(other)} is one of the rare values of agent_feats.${feature.name} merged into "other"`;
      const hint =
        'keep the rare values of that column where the register is read (untick "merge"), ' +
        'or read the "other" bucket\'s 0/1 column';
      throw new RewardFault(`${why}, so who holds it is not known here`, other.pos, hint);
    }
  }
}
