// What every compiled reward node is: an Evaluator with its static type, and the protocol by
// which a node whose type is only known when it runs (DYN, e.g. `1.5 if c else 2`) reports it:
// it sets `last.float`, which its parent reads right after calling it (`flag`).
import { PyError } from './py-error.ts';
import type { Val } from './python-int.ts';

/**
 * Static type of a node's value. Text (a string, or null for a value merged into "other") is only ever an operand of ==
 * and != (text-operands.ts).
 */
export const enum Ty {
  Int,
  Float,
  Dyn,
  Text,
}

/** Computes a node for the arm `row` (her index in every feature column), in state `s`. */
export type Evaluator = (row: number, s: number) => Val;

/** A failure while evaluating, with the position of the node that failed. */
export class EvalFault extends Error {
  constructor(
    readonly error: PyError,
    readonly pos: number,
  ) {
    super(error.message);
  }
}

/** The float flag of the last DYN node evaluated. */
export const last = { float: false };

export interface Compiled {
  evaluate: Evaluator;
  type: Ty;
}

export interface Features {
  /** One per schema column, a value per arm (feature-table.ts). */
  columns: readonly ArrayLike<number>[];
  /** Per column: whether its values are Python floats (otherwise ints). */
  columnIsFloat: readonly boolean[];
}

/** Python truthiness of a number: NaN is truthy; a bigint is never 0. */
export const truthy = (v: Val): boolean => v !== 0;

/** Wraps PyErrors thrown by `f` with the node's position. */
export function at<T>(pos: number, f: () => T): T {
  try {
    return f();
  } catch (error) {
    if (error instanceof PyError) throw new EvalFault(error, pos);
    throw error;
  }
}

/** Reads the float flag of a just-evaluated child of static type `t`. */
export const flag = (t: Ty): boolean => (t === Ty.Dyn ? last.float : t === Ty.Float);
