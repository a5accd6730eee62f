// The index of agent_feats[i]: a constant integer within the feature vector, negative ones counted from
// the end as in Python, or a fault that says which index to write. Apart from the parser (parse-operand.ts)
// because it computes rather than parses: the index expression is evaluated once, at parse time.
import { evaluateConstant } from './evaluate-node.ts';
import { PyError } from './py-error.ts';
import { pyRepr } from './py-repr.ts';
import type { RewardNode } from './reward-ast.ts';
import { RewardFault } from './reward-error.ts';

/** The feature `indexNode` names in a vector of `count` features called `vector`, from 0. */
export function featureIndex(indexNode: RewardNode, count: number, vector: string): number {
  let value: number | bigint;
  try {
    const constant = evaluateConstant(indexNode);
    if (constant === null)
      throw new RewardFault(
        'the index must be a constant integer',
        indexNode.pos,
        `state and features cannot choose the feature; write ${vector}[i] with i from 0 to ${count - 1}`,
      );
    if (constant.float)
      throw new RewardFault(
        `the index is the float ${pyRepr(constant.value as number)}; indices must be integers`,
        indexNode.pos,
        `write ${vector}[i] with an integer i from 0 to ${count - 1}`,
      );
    value = constant.value;
  } catch (error) {
    if (error instanceof PyError)
      throw new RewardFault(
        `the index fails to compute: ${error.message}`,
        indexNode.pos,
        `write ${vector}[i] with i from 0 to ${count - 1}`,
      );
    throw error;
  }
  if (value >= count || value < -count) {
    throw new RewardFault(
      `index ${value} is out of range: there are ${count} features`,
      indexNode.pos,
      `use 0 to ${count - 1} (or -${count} to -1 from the end)`,
    );
  }
  return Number(value) < 0 ? Number(value) + count : Number(value);
}
