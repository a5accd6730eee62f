// Arithmetic nodes: unary - + not, and + - * / // % ** with Python's int/float rules, on fast
// paths when both operand types are known when compiling.
import { at, EvalFault, flag, last, truthy, Ty, type Compiled } from './compiled-node.ts';
import { floatDiv, floatFloorDiv, floatMod, floatPow } from './python-float.ts';
import {
  intAdd,
  intFloorDiv,
  intMod,
  intMul,
  intNeg,
  intPow,
  intSub,
  intToFloat,
  intTrueDiv,
  type Int,
  type Val,
} from './python-int.ts';
import { PyError } from './py-error.ts';
import type { ArithOp } from './reward-ast.ts';

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

export function compileUnary(op: '-' | '+' | 'not', a: Compiled): Compiled {
  const f = a.evaluate,
    t = a.type;
  if (op === 'not') return { evaluate: (r, s) => (truthy(f(r, s)) ? 0 : 1), type: Ty.Int };
  if (op === '+') return a;
  if (t === Ty.Float) return { evaluate: (r, s) => -(f(r, s) as number), type: Ty.Float };
  if (t === Ty.Int) return { evaluate: (r, s) => intNeg(f(r, s)), type: Ty.Int };
  return {
    evaluate: (r, s) => {
      const v = f(r, s);
      return last.float ? -(v as number) : intNeg(v);
    },
    type: Ty.Dyn,
  };
}

/** One arithmetic operation on values whose float flags are known; sets last.float. */
function arith(op: ArithOp, a: Val, fa: boolean, b: Val, fb: boolean): Val {
  if (fa || fb) {
    const x = fa ? (a as number) : intToFloat(a),
      y = fb ? (b as number) : intToFloat(b);
    last.float = true;
    switch (op) {
      case '+':
        return x + y;
      case '-':
        return x - y;
      case '*':
        return x * y;
      case '/':
        return floatDiv(x, y);
      case '//':
        return floatFloorDiv(x, y);
      case '%':
        return floatMod(x, y);
      case '**':
        return floatPow(x, y);
    }
  }
  const x = a as Int,
    y = b as Int;
  last.float = false;
  switch (op) {
    case '+':
      return intAdd(x, y);
    case '-':
      return intSub(x, y);
    case '*':
      return intMul(x, y);
    case '/':
      last.float = true;
      return intTrueDiv(x, y);
    case '//':
      return intFloorDiv(x, y);
    case '%':
      return intMod(x, y);
    case '**':
      if (y < 0) {
        last.float = true;
        return floatPow(intToFloat(x), intToFloat(y));
      }
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

export function compileArith(op: ArithOp, pos: number, a: Compiled, b: Compiled, exponentIsNatural: boolean): Compiled {
  const f = a.evaluate,
    g = b.evaluate,
    ta = a.type,
    tb = b.type;
  const type = resultType(op, ta, tb, exponentIsNatural);
  // Fast paths for statically typed operands: + - * on safe ints or floats are one JS operation.
  if (ta !== Ty.Dyn && tb !== Ty.Dyn && (op === '+' || op === '-' || op === '*')) {
    if (type === Ty.Float) {
      const num = (v: Val): number => (typeof v === 'number' ? v : at(pos, () => intToFloat(v)));
      // Both operands first, then the conversions: in `2**1024 + 1.0/0` Python raises the right
      // operand's ZeroDivisionError, never the left's OverflowError.
      if (op === '+')
        return {
          evaluate: (r, s) => {
            const x = f(r, s),
              y = g(r, s);
            return num(x) + num(y);
          },
          type,
        };
      if (op === '-')
        return {
          evaluate: (r, s) => {
            const x = f(r, s),
              y = g(r, s);
            return num(x) - num(y);
          },
          type,
        };
      return {
        evaluate: (r, s) => {
          const x = f(r, s),
            y = g(r, s);
          return num(x) * num(y);
        },
        type,
      };
    }
    const exact = op === '+' ? intAdd : op === '-' ? intSub : intMul;
    if (op === '+')
      return {
        evaluate: (r, s) => {
          const x = f(r, s),
            y = g(r, s);
          if (typeof x === 'number' && typeof y === 'number') {
            const v = x + y;
            if (v <= MAX_SAFE && v >= -MAX_SAFE) return v;
          }
          return at(pos, () => exact(x as Int, y as Int));
        },
        type,
      };
    if (op === '-')
      return {
        evaluate: (r, s) => {
          const x = f(r, s),
            y = g(r, s);
          if (typeof x === 'number' && typeof y === 'number') {
            const v = x - y;
            if (v <= MAX_SAFE && v >= -MAX_SAFE) return v;
          }
          return at(pos, () => exact(x as Int, y as Int));
        },
        type,
      };
    return {
      evaluate: (r, s) => {
        const x = f(r, s),
          y = g(r, s);
        if (typeof x === 'number' && typeof y === 'number') {
          const v = x * y;
          if (v <= MAX_SAFE && v >= -MAX_SAFE) return v + 0;
        }
        return at(pos, () => exact(x as Int, y as Int));
      },
      type,
    };
  }
  if (op === '/' && ta !== Ty.Dyn && tb !== Ty.Dyn) {
    const slow = (x: Val, y: Val) => at(pos, () => arith('/', x, ta === Ty.Float, y, tb === Ty.Float));
    return {
      evaluate: (r, s) => {
        const x = f(r, s),
          y = g(r, s);
        return typeof x === 'number' && typeof y === 'number' && y !== 0 ? x / y : slow(x, y);
      },
      type,
    };
  }
  return {
    evaluate: (r, s) => {
      const x = f(r, s),
        fx = flag(ta);
      const y = g(r, s),
        fy = flag(tb);
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
