// How many arguments each whitelisted function takes, and the fault when a call gives another number, with
// the hint that says how to call it. Apart from the parser (parse-operand.ts) because it is the table of the
// functions' signatures, read once the call's arguments are parsed.
import type { FunctionName } from './reward-ast.ts';
import { RewardFault } from './reward-error.ts';

const ARITY: Record<FunctionName, [number, number]> = {
  if_: [1, 1],
  max: [2, Infinity],
  min: [2, Infinity],
  abs: [1, 1],
  float: [0, 1],
  int: [0, 1],
  bool: [0, 1],
  round: [1, 2],
};

/** Throws the fault of a call of `name` at `pos` with `given` arguments when it takes another number. */
export function checkArity(name: FunctionName, given: number, pos: number): void {
  const [least, most] = ARITY[name];
  if (given >= least && given <= most) return;
  const wanted =
    most === Infinity
      ? `at least ${least} arguments`
      : least === most
        ? `exactly ${least} argument${least > 1 ? 's' : ''}`
        : `${least} to ${most} arguments`;
  const hint =
    name === 'max' || name === 'min'
      ? `${name} compares its arguments, e.g. ${name}(0, state - 1); lists are not supported`
      : name === 'round'
        ? 'write round(x) or round(x, ndigits)'
        : `write ${name}(x)`;
  throw new RewardFault(`${name}() takes ${wanted}, given ${given}`, pos, hint);
}
