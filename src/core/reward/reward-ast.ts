// The syntax tree of a reward expression. Every node carries `pos`, the 0-based character offset
// (in the text as given) that an error about it points at: operators point at the operator.
import type { Int } from './python-int.ts';

export type ArithOp = '+' | '-' | '*' | '/' | '//' | '%' | '**';
export type CompareOp = '<' | '<=' | '>' | '>=' | '==' | '!=';
/** The whitelist of callable names. */
export type FunctionName = 'if_' | 'max' | 'min' | 'abs' | 'float' | 'int' | 'bool' | 'round';
export const FUNCTION_NAMES: readonly FunctionName[] = ['if_', 'max', 'min', 'abs', 'float', 'int', 'bool', 'round'];

export type RewardNode =
  | { kind: 'int'; pos: number; value: Int }
  | { kind: 'float'; pos: number; value: number }
  | { kind: 'bool'; pos: number; value: boolean }
  | { kind: 'state'; pos: number }
  /** agent_feats[index], index in 0..numFeatures-1 (negative and named forms resolved). */
  | { kind: 'feature'; pos: number; index: number }
  /** A string literal (adjacent literals joined, as Python joins them). */
  | { kind: 'text'; pos: number; value: string }
  /**
   * agent_feats.<name> of a text group (instance/types.ts TextGroup): her value as text, from the 0/1
   * columns of its buckets; values[i] is bucket i's (null: the bucket of the `merged` rare values).
   */
  | { kind: 'text-feature'; pos: number; name: string; columns: number[]; values: (string | null)[]; merged: string[] }
  | { kind: 'unary'; pos: number; op: '-' | '+' | 'not'; operand: RewardNode }
  | { kind: 'arith'; pos: number; op: ArithOp; left: RewardNode; right: RewardNode }
  | { kind: 'logic'; pos: number; op: 'and' | 'or'; left: RewardNode; right: RewardNode }
  /** first ops[0] rest[0] ops[1] rest[1] ...: a chained comparison. */
  | { kind: 'compare'; pos: number; first: RewardNode; ops: CompareOp[]; opPositions: number[]; rest: RewardNode[] }
  | { kind: 'if'; pos: number; test: RewardNode; then: RewardNode; otherwise: RewardNode }
  | { kind: 'call'; pos: number; name: FunctionName; args: RewardNode[] };
