// Turns a RewardNode tree into a tree of closures that compute one (arm, state) value with
// Python's semantics. No code is generated: each node becomes a small JS function chosen by its
// operator and by the static types of its operands (int, float, or only known when it runs).
//
// Values are Python ints (a safe-integer number or a bigint) or floats (numbers). A node's
// static type says which; a DYN node (e.g. `1.5 if c else 2`) reports it in `last.float` (compiled-node.ts), which its
// parent reads right after calling it.
import { compileArith, compileUnary } from './compile-arith.ts';
import { compileCall } from './compile-call.ts';
import { compileCompare, compileIf, compileLogic, compileTextFeature } from './compile-logic.ts';
import { EvalFault, flag, last, Ty, type Compiled, type Features } from './compiled-node.ts';
import type { Val } from './python-int.ts';
import type { RewardNode } from './reward-ast.ts';

const NO_FEATURES: Features = { columns: [], columnIsFloat: [] };

/** The value of a node that reads neither state nor features, or null when it reads them. Throws PyError. */
export function evaluateConstant(node: RewardNode): { value: Val; float: boolean } | null {
  if (readsInput(node)) return null;
  const { evaluate, type } = compileNode(node, NO_FEATURES);
  try {
    const value = evaluate(0, 0);
    return { value, float: type === Ty.Dyn ? last.float : type === Ty.Float };
  } catch (error) {
    if (error instanceof EvalFault) throw error.error;
    throw error;
  }
}

const readsInput = (node: RewardNode): boolean => reads(node, 'state') || reads(node, 'feature');

/** Whether the subtree contains a node of this kind. */
function reads(node: RewardNode, kind: 'state' | 'feature'): boolean {
  switch (node.kind) {
    case 'state':
    case 'feature':
      return node.kind === kind;
    case 'text-feature':
      return kind === 'feature';
    case 'int':
    case 'float':
    case 'bool':
    case 'text':
      return false;
    case 'unary':
      return reads(node.operand, kind);
    case 'arith':
    case 'logic':
      return reads(node.left, kind) || reads(node.right, kind);
    case 'compare':
      return reads(node.first, kind) || node.rest.some((n) => reads(n, kind));
    case 'if':
      return reads(node.test, kind) || reads(node.then, kind) || reads(node.otherwise, kind);
    case 'call':
      return node.args.some((n) => reads(n, kind));
  }
}

/**
 * Compiles a node. A subtree without `state` is computed once per arm (its value cached by row,
 * arms being visited in order), and a subtree without state or features is folded to a constant
 * when it computes without error (an error is left for the arm that reaches it, as in Python).
 */
export function compileNode(node: RewardNode, features: Features, stateFree = false): Compiled {
  const leaf =
    node.kind === 'int' ||
    node.kind === 'float' ||
    node.kind === 'bool' ||
    node.kind === 'state' ||
    node.kind === 'feature' ||
    node.kind === 'text' ||
    node.kind === 'text-feature';
  if (stateFree || leaf || reads(node, 'state')) return compileInner(node, features, stateFree);
  if (!reads(node, 'feature')) {
    const compiled = compileInner(node, features, true);
    try {
      const value = compiled.evaluate(0, 0),
        float = flag(compiled.type);
      return {
        evaluate: () => {
          last.float = float;
          return value;
        },
        type: compiled.type,
      };
    } catch (error) {
      if (error instanceof EvalFault) return compiled;
      throw error;
    }
  }
  return perRow(compileInner(node, features, true));
}

function perRow({ evaluate: f, type }: Compiled): Compiled {
  let lastRow = -1,
    value: Val = 0,
    float = false;
  return {
    evaluate: (row, s) => {
      if (row !== lastRow) {
        value = f(row, s);
        float = flag(type);
        lastRow = row;
      } else last.float = float;
      return value;
    },
    type,
  };
}

function compileInner(node: RewardNode, features: Features, stateFree: boolean): Compiled {
  const compile = (child: RewardNode) => compileNode(child, features, stateFree);
  switch (node.kind) {
    case 'int': {
      const v = node.value;
      return { evaluate: () => v, type: Ty.Int };
    }
    case 'float': {
      const v = node.value;
      return { evaluate: () => v, type: Ty.Float };
    }
    case 'bool': {
      const v = node.value ? 1 : 0;
      return { evaluate: () => v, type: Ty.Int };
    }
    case 'state':
      return { evaluate: (_row, s) => s, type: Ty.Int };
    case 'feature': {
      const values = features.columns[node.index];
      if (features.columnIsFloat[node.index]) return { evaluate: (row) => values[row], type: Ty.Float };
      return { evaluate: (row) => values[row] + 0, type: Ty.Int }; // + 0: an int column's -0 is the int 0
    }
    case 'text': {
      const v = node.value as unknown as Val;
      return { evaluate: () => v, type: Ty.Text };
    }
    case 'text-feature':
      return compileTextFeature(node.columns, node.values, features.columns);
    case 'unary':
      return compileUnary(node.op, compile(node.operand));
    case 'arith': {
      const natural = (node.right.kind === 'int' && node.right.value >= 0) || node.right.kind === 'bool';
      return compileArith(node.op, node.pos, compile(node.left), compile(node.right), natural);
    }
    case 'logic':
      return compileLogic(node.op, compile(node.left), compile(node.right));
    case 'compare':
      return compileCompare(node.ops, compile(node.first), node.rest.map(compile));
    case 'if':
      return compileIf(compile(node.test), compile(node.then), compile(node.otherwise));
    case 'call':
      return compileCall(node.name, node.pos, node.args.map(compile));
  }
}
