// Nodes that choose or compare: `and`/`or` (which return the deciding operand), chained
// comparisons (of numbers, and == / != of text as Python compares str with str and with numbers)
// and `a if c else b`.
import { flag, last, truthy, Ty, type Compiled } from './compiled-node.ts';
import type { Val } from './python-int.ts';
import type { CompareOp } from './reward-ast.ts';

export function compileLogic(op: 'and' | 'or', a: Compiled, b: Compiled): Compiled {
  const f = a.evaluate,
    g = b.evaluate,
    ta = a.type,
    tb = b.type;
  if (ta === tb && ta !== Ty.Dyn) {
    return {
      evaluate:
        op === 'and'
          ? (r, s) => {
              const x = f(r, s);
              return truthy(x) ? g(r, s) : x;
            }
          : (r, s) => {
              const x = f(r, s);
              return truthy(x) ? x : g(r, s);
            },
      type: ta,
    };
  }
  // Python returns the deciding operand itself, so the result's type is that operand's.
  return {
    evaluate: (r, s) => {
      const x = f(r, s),
        fx = flag(ta);
      if (truthy(x) === (op === 'or')) {
        last.float = fx;
        return x;
      }
      const y = g(r, s);
      last.float = flag(tb);
      return y;
    },
    type: Ty.Dyn,
  };
}

function compare(op: CompareOp, x: Val, y: Val): boolean {
  // JS compares numbers and bigints by their exact mathematical values, as Python does for int and float.
  switch (op) {
    case '<':
      return x < y;
    case '<=':
      return x <= y;
    case '>':
      return x > y;
    case '>=':
      return x >= y;
    case '==':
      // eslint-disable-next-line eqeqeq -- a bigint equals the number of the same value (1n == 1), as in Python
      return x == y;
    case '!=':
      // eslint-disable-next-line eqeqeq -- as above
      return x != y;
  }
}

/**
 * Her value of a text group: the value of the bucket whose 0/1 column is 1 (null for the bucket of
 * merged rare values; text-operands.ts refuses every comparison that would need to know which).
 */
export function compileTextFeature(
  columns: readonly number[],
  values: readonly (string | null)[],
  features: readonly ArrayLike<number>[],
): Compiled {
  const cs = columns.map((c) => features[c]);
  return {
    evaluate: (row) => {
      for (let b = 0; b < cs.length; b++) if (cs[b][row] === 1) return values[b] as unknown as Val;
      return null as unknown as Val;
    },
    type: Ty.Text,
  };
}

/**
 * == or != with a text operand, as Python compares: str with str by their characters, str with a
 * number never equal. A null (merged) value differs from every literal it is compared with (the
 * literals that could equal it were refused).
 */
function compileTextCompare(ops: CompareOp[], operands: Compiled[]): Compiled {
  const fs = operands.map((c) => c.evaluate),
    text = operands.map((c) => c.type === Ty.Text);
  return {
    evaluate: (r, s) => {
      let x = fs[0](r, s);
      for (let k = 0; k < ops.length; k++) {
        const y = fs[k + 1](r, s);
        const holds =
          text[k] || text[k + 1]
            ? (ops[k] === '==') === (text[k] === text[k + 1] && x !== null && x === y)
            : compare(ops[k], x, y);
        if (!holds) return 0;
        x = y;
      }
      return 1;
    },
    type: Ty.Int,
  };
}

export function compileCompare(ops: CompareOp[], first: Compiled, rest: Compiled[]): Compiled {
  if (first.type === Ty.Text || rest.some((c) => c.type === Ty.Text)) return compileTextCompare(ops, [first, ...rest]);
  const f = first.evaluate,
    gs = rest.map((c) => c.evaluate);
  if (ops.length === 1) {
    const g = gs[0];
    switch (ops[0]) {
      case '<':
        return { evaluate: (r, s) => (f(r, s) < g(r, s) ? 1 : 0), type: Ty.Int };
      case '<=':
        return { evaluate: (r, s) => (f(r, s) <= g(r, s) ? 1 : 0), type: Ty.Int };
      case '>':
        return { evaluate: (r, s) => (f(r, s) > g(r, s) ? 1 : 0), type: Ty.Int };
      case '>=':
        return { evaluate: (r, s) => (f(r, s) >= g(r, s) ? 1 : 0), type: Ty.Int };
      case '==':
        // eslint-disable-next-line eqeqeq -- a bigint equals the number of the same value (1n == 1), as in Python
        return { evaluate: (r, s) => (f(r, s) == g(r, s) ? 1 : 0), type: Ty.Int };
      case '!=':
        // eslint-disable-next-line eqeqeq -- as above
        return { evaluate: (r, s) => (f(r, s) != g(r, s) ? 1 : 0), type: Ty.Int };
    }
  }
  return {
    evaluate: (r, s) => {
      let x = f(r, s);
      for (let k = 0; k < ops.length; k++) {
        const y = gs[k](r, s);
        if (!compare(ops[k], x, y)) return 0;
        x = y;
      }
      return 1;
    },
    type: Ty.Int,
  };
}

export function compileIf(test: Compiled, a: Compiled, b: Compiled): Compiled {
  const c = test.evaluate,
    f = a.evaluate,
    g = b.evaluate,
    ta = a.type,
    tb = b.type;
  if (ta === tb && ta !== Ty.Dyn) return { evaluate: (r, s) => (truthy(c(r, s)) ? f(r, s) : g(r, s)), type: ta };
  return {
    evaluate: (r, s) => {
      if (truthy(c(r, s))) {
        const v = f(r, s);
        last.float = flag(ta);
        return v;
      }
      const v = g(r, s);
      last.float = flag(tb);
      return v;
    },
    type: Ty.Dyn,
  };
}
