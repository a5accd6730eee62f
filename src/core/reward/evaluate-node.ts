// Turns a RewardNode tree into a tree of closures that compute one (arm, state) value with
// Python's semantics. No code is generated: each node becomes a small JS function chosen by its
// operator and by the static types of its operands (int, float, or only known when it runs).
//
// Values are Python ints (a safe-integer number or a bigint) or floats (numbers). A node's
// static type says which; a DYN node (e.g. `1.5 if c else 2`) reports it in `lastFloat`, which its
// parent reads right after calling it.
import type { ArithOp, CompareOp, RewardNode } from './reward-ast.ts';
import {
  floatDiv, floatFloorDiv, floatMod, floatPow, floatRound, floatRoundToInt, intAbs, intAdd, intFloorDiv, intMod, intMul, intNeg, intPow,
  intRound, intSub, intToFloat, intTrueDiv, integralToInt, PyError, type Int, type Val,
} from './python-number.ts';

/** Static type of a node's value. */
export const enum Ty { Int, Float, Dyn }

/** Computes a node for the arm whose features start at `row` in the feature array, in state `s`. */
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

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** The float flag of the last DYN node evaluated. */
let lastFloat = false;

export interface Compiled {
  evaluate: Evaluator;
  type: Ty;
}

export interface Features {
  values: Float64Array;
  /** Per column: whether its values are Python floats (otherwise ints). */
  columnIsFloat: readonly boolean[];
}

const NO_FEATURES: Features = { values: new Float64Array(0), columnIsFloat: [] };

/** The value of a node that reads neither state nor features, or null when it reads them. Throws PyError. */
export function evaluateConstant(node: RewardNode): { value: Val; float: boolean } | null {
  if (readsInput(node)) return null;
  const { evaluate, type } = compileNode(node, NO_FEATURES);
  try {
    const value = evaluate(0, 0);
    return { value, float: type === Ty.Dyn ? lastFloat : type === Ty.Float };
  } catch (error) {
    if (error instanceof EvalFault) throw error.error;
    throw error;
  }
}

const readsInput = (node: RewardNode): boolean => reads(node, 'state') || reads(node, 'feature');

/** Whether the subtree contains a node of this kind. */
function reads(node: RewardNode, kind: 'state' | 'feature'): boolean {
  switch (node.kind) {
    case 'state': case 'feature': return node.kind === kind;
    case 'int': case 'float': case 'bool': return false;
    case 'unary': return reads(node.operand, kind);
    case 'arith': case 'logic': return reads(node.left, kind) || reads(node.right, kind);
    case 'compare': return reads(node.first, kind) || node.rest.some((n) => reads(n, kind));
    case 'if': return reads(node.test, kind) || reads(node.then, kind) || reads(node.otherwise, kind);
    case 'call': return node.args.some((n) => reads(n, kind));
  }
}

const truthy = (v: Val): boolean => v !== 0; // NaN is truthy in Python; a bigint is never 0
const toFloat = (v: Val, float: boolean): number => (float ? (v as number) : intToFloat(v));

/** Wraps PyErrors thrown by `f` with the node's position. */
function at<T>(pos: number, f: () => T): T {
  try {
    return f();
  } catch (error) {
    if (error instanceof PyError) throw new EvalFault(error, pos);
    throw error;
  }
}

/**
 * Compiles a node. A subtree without `state` is computed once per arm (its value cached by row,
 * arms being visited in order), and a subtree without state or features is folded to a constant
 * when it computes without error (an error is left for the arm that reaches it, as in Python).
 */
export function compileNode(node: RewardNode, features: Features, stateFree = false): Compiled {
  const leaf = node.kind === 'int' || node.kind === 'float' || node.kind === 'bool' || node.kind === 'state' || node.kind === 'feature';
  if (stateFree || leaf || reads(node, 'state')) return compileInner(node, features, stateFree);
  if (!reads(node, 'feature')) {
    const compiled = compileInner(node, features, true);
    try {
      const value = compiled.evaluate(0, 0), float = flag(compiled.type);
      return { evaluate: () => { lastFloat = float; return value; }, type: compiled.type };
    } catch (error) {
      if (error instanceof EvalFault) return compiled;
      throw error;
    }
  }
  return perRow(compileInner(node, features, true));
}

function perRow({ evaluate: f, type }: Compiled): Compiled {
  let lastRow = -1, value: Val = 0, float = false;
  return {
    evaluate: (row, s) => {
      if (row !== lastRow) {
        value = f(row, s);
        float = flag(type);
        lastRow = row;
      } else lastFloat = float;
      return value;
    },
    type,
  };
}

function compileInner(node: RewardNode, features: Features, stateFree: boolean): Compiled {
  const compile = (child: RewardNode) => compileNode(child, features, stateFree);
  switch (node.kind) {
    case 'int': { const v = node.value; return { evaluate: () => v, type: Ty.Int }; }
    case 'float': { const v = node.value; return { evaluate: () => v, type: Ty.Float }; }
    case 'bool': { const v = node.value ? 1 : 0; return { evaluate: () => v, type: Ty.Int }; }
    case 'state': return { evaluate: (_row, s) => s, type: Ty.Int };
    case 'feature': {
      const { values } = features, i = node.index;
      if (features.columnIsFloat[i]) return { evaluate: (row) => values[row + i], type: Ty.Float };
      return { evaluate: (row) => values[row + i] + 0, type: Ty.Int }; // + 0: an int column's -0 is the int 0
    }
    case 'unary': return compileUnary(node.op, compile(node.operand));
    case 'arith': {
      const natural = (node.right.kind === 'int' && node.right.value >= 0) || node.right.kind === 'bool';
      return compileArith(node.op, node.pos, compile(node.left), compile(node.right), natural);
    }
    case 'logic': return compileLogic(node.op, compile(node.left), compile(node.right));
    case 'compare': return compileCompare(node.ops, compile(node.first), node.rest.map(compile));
    case 'if': return compileIf(compile(node.test), compile(node.then), compile(node.otherwise));
    case 'call': return compileCall(node.name, node.pos, node.args.map(compile));
  }
}

/** Reads the float flag of a just-evaluated child of static type `t`. */
const flag = (t: Ty): boolean => (t === Ty.Dyn ? lastFloat : t === Ty.Float);

function compileUnary(op: '-' | '+' | 'not', a: Compiled): Compiled {
  const f = a.evaluate, t = a.type;
  if (op === 'not') return { evaluate: (r, s) => (truthy(f(r, s)) ? 0 : 1), type: Ty.Int };
  if (op === '+') return a;
  if (t === Ty.Float) return { evaluate: (r, s) => -(f(r, s) as number), type: Ty.Float };
  if (t === Ty.Int) return { evaluate: (r, s) => intNeg(f(r, s)), type: Ty.Int };
  return { evaluate: (r, s) => { const v = f(r, s); return lastFloat ? -(v as number) : intNeg(v); }, type: Ty.Dyn };
}

/** One arithmetic operation on values whose float flags are known; sets lastFloat. */
function arith(op: ArithOp, a: Val, fa: boolean, b: Val, fb: boolean): Val {
  if (fa || fb) {
    const x = fa ? (a as number) : intToFloat(a), y = fb ? (b as number) : intToFloat(b);
    lastFloat = true;
    switch (op) {
      case '+': return x + y;
      case '-': return x - y;
      case '*': return x * y;
      case '/': return floatDiv(x, y);
      case '//': return floatFloorDiv(x, y);
      case '%': return floatMod(x, y);
      case '**': return floatPow(x, y);
    }
  }
  const x = a as Int, y = b as Int;
  lastFloat = false;
  switch (op) {
    case '+': return intAdd(x, y);
    case '-': return intSub(x, y);
    case '*': return intMul(x, y);
    case '/': lastFloat = true; return intTrueDiv(x, y);
    case '//': return intFloorDiv(x, y);
    case '%': return intMod(x, y);
    case '**':
      if (y < 0) { lastFloat = true; return floatPow(intToFloat(x), intToFloat(y)); }
      return intPow(x, y);
  }
}

function resultType(op: ArithOp, ta: Ty, tb: Ty, exponentIsNatural: boolean): Ty {
  if (op === '/') return Ty.Float;
  if (ta === Ty.Float || tb === Ty.Float) return Ty.Float;
  if (ta === Ty.Dyn || tb === Ty.Dyn) return Ty.Dyn;
  // int ** int is an int unless the exponent is negative, which only a literal exponent rules out.
  if (op === '**' && !exponentIsNatural) return Ty.Dyn;
  return Ty.Int;
}

function compileArith(op: ArithOp, pos: number, a: Compiled, b: Compiled, exponentIsNatural: boolean): Compiled {
  const f = a.evaluate, g = b.evaluate, ta = a.type, tb = b.type;
  const type = resultType(op, ta, tb, exponentIsNatural);
  // Fast paths for statically typed operands: + - * on safe ints or floats are one JS operation.
  if (ta !== Ty.Dyn && tb !== Ty.Dyn && (op === '+' || op === '-' || op === '*')) {
    if (type === Ty.Float) {
      const num = (v: Val): number => (typeof v === 'number' ? v : at(pos, () => intToFloat(v)));
      if (op === '+') return { evaluate: (r, s) => num(f(r, s)) + num(g(r, s)), type };
      if (op === '-') return { evaluate: (r, s) => num(f(r, s)) - num(g(r, s)), type };
      return { evaluate: (r, s) => num(f(r, s)) * num(g(r, s)), type };
    }
    const exact = op === '+' ? intAdd : op === '-' ? intSub : intMul;
    if (op === '+') return { evaluate: (r, s) => { const x = f(r, s), y = g(r, s); if (typeof x === 'number' && typeof y === 'number') { const v = x + y; if (v <= MAX_SAFE && v >= -MAX_SAFE) return v; } return at(pos, () => exact(x as Int, y as Int)); }, type };
    if (op === '-') return { evaluate: (r, s) => { const x = f(r, s), y = g(r, s); if (typeof x === 'number' && typeof y === 'number') { const v = x - y; if (v <= MAX_SAFE && v >= -MAX_SAFE) return v; } return at(pos, () => exact(x as Int, y as Int)); }, type };
    return { evaluate: (r, s) => { const x = f(r, s), y = g(r, s); if (typeof x === 'number' && typeof y === 'number') { const v = x * y; if (v <= MAX_SAFE && v >= -MAX_SAFE) return v + 0; } return at(pos, () => exact(x as Int, y as Int)); }, type };
  }
  if (op === '/' && ta !== Ty.Dyn && tb !== Ty.Dyn) {
    const slow = (x: Val, y: Val) => at(pos, () => arith('/', x, ta === Ty.Float, y, tb === Ty.Float));
    return { evaluate: (r, s) => { const x = f(r, s), y = g(r, s); return typeof x === 'number' && typeof y === 'number' && y !== 0 ? x / y : slow(x, y); }, type };
  }
  return {
    evaluate: (r, s) => {
      const x = f(r, s), fx = flag(ta);
      const y = g(r, s), fy = flag(tb);
      try {
        return arith(op, x, fx, y, fy);
      } catch (error) {
        if (error instanceof PyError) throw new EvalFault(error, pos);
        throw error;
      }
    },
    type,
  };
}

function compileLogic(op: 'and' | 'or', a: Compiled, b: Compiled): Compiled {
  const f = a.evaluate, g = b.evaluate, ta = a.type, tb = b.type;
  if (ta === tb && ta !== Ty.Dyn) {
    return { evaluate: op === 'and' ? (r, s) => { const x = f(r, s); return truthy(x) ? g(r, s) : x; } : (r, s) => { const x = f(r, s); return truthy(x) ? x : g(r, s); }, type: ta };
  }
  // Python returns the deciding operand itself, so the result's type is that operand's.
  return {
    evaluate: (r, s) => {
      const x = f(r, s), fx = flag(ta);
      if (truthy(x) === (op === 'or')) { lastFloat = fx; return x; }
      const y = g(r, s);
      lastFloat = flag(tb);
      return y;
    },
    type: Ty.Dyn,
  };
}

function compare(op: CompareOp, x: Val, y: Val): boolean {
  // JS compares numbers and bigints by their exact mathematical values, as Python does for int and float.
  switch (op) {
    case '<': return x < y;
    case '<=': return x <= y;
    case '>': return x > y;
    case '>=': return x >= y;
    // eslint-disable-next-line eqeqeq
    case '==': return x == y;
    // eslint-disable-next-line eqeqeq
    case '!=': return x != y;
  }
}

function compileCompare(ops: CompareOp[], first: Compiled, rest: Compiled[]): Compiled {
  const f = first.evaluate, gs = rest.map((c) => c.evaluate);
  if (ops.length === 1) {
    const g = gs[0];
    switch (ops[0]) {
      case '<': return { evaluate: (r, s) => (f(r, s) < g(r, s) ? 1 : 0), type: Ty.Int };
      case '<=': return { evaluate: (r, s) => (f(r, s) <= g(r, s) ? 1 : 0), type: Ty.Int };
      case '>': return { evaluate: (r, s) => (f(r, s) > g(r, s) ? 1 : 0), type: Ty.Int };
      case '>=': return { evaluate: (r, s) => (f(r, s) >= g(r, s) ? 1 : 0), type: Ty.Int };
      // eslint-disable-next-line eqeqeq
      case '==': return { evaluate: (r, s) => (f(r, s) == g(r, s) ? 1 : 0), type: Ty.Int };
      // eslint-disable-next-line eqeqeq
      case '!=': return { evaluate: (r, s) => (f(r, s) != g(r, s) ? 1 : 0), type: Ty.Int };
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

function compileIf(test: Compiled, a: Compiled, b: Compiled): Compiled {
  const c = test.evaluate, f = a.evaluate, g = b.evaluate, ta = a.type, tb = b.type;
  if (ta === tb && ta !== Ty.Dyn) return { evaluate: (r, s) => (truthy(c(r, s)) ? f(r, s) : g(r, s)), type: ta };
  return {
    evaluate: (r, s) => {
      if (truthy(c(r, s))) { const v = f(r, s); lastFloat = flag(ta); return v; }
      const v = g(r, s);
      lastFloat = flag(tb);
      return v;
    },
    type: Ty.Dyn,
  };
}

function compileCall(name: string, pos: number, args: Compiled[]): Compiled {
  const fs = args.map((a) => a.evaluate), ts = args.map((a) => a.type);
  const f = fs[0], t = ts[0];
  switch (name) {
    case 'if_':
    case 'bool':
      if (args.length === 0) return { evaluate: () => 0, type: Ty.Int };
      return { evaluate: (r, s) => (truthy(f(r, s)) ? 1 : 0), type: Ty.Int };
    case 'float':
      if (args.length === 0) return { evaluate: () => 0, type: Ty.Float };
      if (t === Ty.Float) return { evaluate: f, type: Ty.Float };
      return { evaluate: (r, s) => { const v = f(r, s); return at(pos, () => toFloat(v, flag(t))); }, type: Ty.Float };
    case 'int':
      if (args.length === 0) return { evaluate: () => 0, type: Ty.Int };
      if (t === Ty.Int) return { evaluate: f, type: Ty.Int };
      return { evaluate: (r, s) => { const v = f(r, s); return flag(t) ? at(pos, () => integralToInt(Math.trunc(v as number))) : v; }, type: Ty.Int };
    case 'abs':
      if (t === Ty.Float) return { evaluate: (r, s) => Math.abs(f(r, s) as number), type: t };
      if (t === Ty.Int) return { evaluate: (r, s) => intAbs(f(r, s) as Int), type: t };
      return { evaluate: (r, s) => { const v = f(r, s); return lastFloat ? Math.abs(v as number) : intAbs(v as Int); }, type: t };
    case 'round': {
      if (args.length === 1) {
        if (t === Ty.Int) return { evaluate: f, type: Ty.Int };
        return { evaluate: (r, s) => { const v = f(r, s); return flag(t) ? at(pos, () => floatRoundToInt(v as number)) : v; }, type: Ty.Int };
      }
      const g = fs[1], tn = ts[1];
      return {
        evaluate: (r, s) => {
          const v = f(r, s), fv = flag(t);
          const n = g(r, s);
          if (flag(tn)) throw new EvalFault(new PyError('TypeError', "round's ndigits must be an integer, not a float"), pos);
          if (fv) { lastFloat = true; return at(pos, () => floatRound(v as number, n as Int)); }
          lastFloat = false;
          return at(pos, () => intRound(v as Int, n as Int));
        },
        type: t,
      };
    }
    case 'max':
    case 'min': {
      const type = ts.every((x) => x === t) ? t : Ty.Dyn;
      const better = name === 'max' ? (x: Val, y: Val) => x > y : (x: Val, y: Val) => x < y;
      // Python keeps the first of equal values and replaces only on a strict improvement.
      return {
        evaluate: (r, s) => {
          let best = fs[0](r, s), bestFloat = flag(ts[0]);
          for (let k = 1; k < fs.length; k++) {
            const v = fs[k](r, s), fv = flag(ts[k]);
            if (better(v, best)) { best = v; bestFloat = fv; }
          }
          lastFloat = bestFloat;
          return best;
        },
        type,
      };
    }
  }
  throw new Error(`unknown function ${name}`);
}
