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

function readsInput(node: RewardNode): boolean {
  switch (node.kind) {
    case 'state': case 'feature': return true;
    case 'int': case 'float': case 'bool': return false;
    case 'unary': return readsInput(node.operand);
    case 'arith': case 'logic': return readsInput(node.left) || readsInput(node.right);
    case 'compare': return readsInput(node.first) || node.rest.some(readsInput);
    case 'if': return readsInput(node.test) || readsInput(node.then) || readsInput(node.otherwise);
    case 'call': return node.args.some(readsInput);
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

export function compileNode(node: RewardNode, features: Features): Compiled {
  switch (node.kind) {
    case 'int': { const v = node.value; return { evaluate: () => v, type: Ty.Int }; }
    case 'float': { const v = node.value; return { evaluate: () => v, type: Ty.Float }; }
    case 'bool': { const v = node.value ? 1 : 0; return { evaluate: () => v, type: Ty.Int }; }
    case 'state': return { evaluate: (_row, s) => s, type: Ty.Int };
    case 'feature': {
      const { values } = features, i = node.index;
      return { evaluate: (row) => values[row + i], type: features.columnIsFloat[i] ? Ty.Float : Ty.Int };
    }
    case 'unary': return compileUnary(node.op, compileNode(node.operand, features));
    case 'arith': {
      const natural = (node.right.kind === 'int' && node.right.value >= 0) || node.right.kind === 'bool';
      return compileArith(node.op, node.pos, compileNode(node.left, features), compileNode(node.right, features), natural);
    }
    case 'logic': return compileLogic(node.op, compileNode(node.left, features), compileNode(node.right, features));
    case 'compare': return compileCompare(node.ops, compileNode(node.first, features), node.rest.map((n) => compileNode(n, features)));
    case 'if': return compileIf(compileNode(node.test, features), compileNode(node.then, features), compileNode(node.otherwise, features));
    case 'call': return compileCall(node.name, node.pos, node.args.map((n) => compileNode(n, features)));
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
  // Fast paths for the common static cases (no flags to read, no errors possible).
  if (ta === Ty.Float && tb === Ty.Float) {
    if (op === '+') return { evaluate: (r, s) => (f(r, s) as number) + (g(r, s) as number), type };
    if (op === '-') return { evaluate: (r, s) => (f(r, s) as number) - (g(r, s) as number), type };
    if (op === '*') return { evaluate: (r, s) => (f(r, s) as number) * (g(r, s) as number), type };
  }
  if (ta === Ty.Int && tb === Ty.Float && op === '*') {
    return { evaluate: (r, s) => { const x = f(r, s); return (typeof x === 'number' ? x : at(pos, () => intToFloat(x))) * (g(r, s) as number); }, type };
  }
  if (ta === Ty.Float && tb === Ty.Int && op === '*') {
    return { evaluate: (r, s) => { const x = f(r, s) as number, y = g(r, s); return x * (typeof y === 'number' ? y : at(pos, () => intToFloat(y))); }, type };
  }
  if (ta === Ty.Int && tb === Ty.Int && (op === '+' || op === '*')) {
    return {
      evaluate: op === '+'
        ? (r, s) => { const x = f(r, s), y = g(r, s); if (typeof x === 'number' && typeof y === 'number') { const v = x + y; if (v <= 9007199254740991 && v >= -9007199254740991) return v; } return at(pos, () => intAdd(x, y)); }
        : (r, s) => { const x = f(r, s), y = g(r, s); if (typeof x === 'number' && typeof y === 'number') { const v = x * y; if (v <= 9007199254740991 && v >= -9007199254740991) return v + 0; } return at(pos, () => intMul(x, y)); },
      type,
    };
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
    const g = gs[0], op = ops[0];
    return { evaluate: (r, s) => (compare(op, f(r, s), g(r, s)) ? 1 : 0), type: Ty.Int };
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
