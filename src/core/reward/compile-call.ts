// Calls of the whitelisted functions: if_, bool, float, int, abs, round, max and min.
import { at, EvalFault, flag, last, truthy, Ty, type Compiled } from './compiled-node.ts';
import { PyError } from './py-error.ts';
import { floatRound, floatRoundToInt } from './python-float.ts';
import { intAbs, intRound, intToFloat, integralToInt, type Int, type Val } from './python-int.ts';

const toFloat = (v: Val, float: boolean): number => (float ? (v as number) : intToFloat(v));

export function compileCall(name: string, pos: number, args: Compiled[]): Compiled {
  const fs = args.map((a) => a.evaluate),
    ts = args.map((a) => a.type);
  const f = fs[0],
    t = ts[0];
  switch (name) {
    case 'if_':
    case 'bool':
      if (args.length === 0) return { evaluate: () => 0, type: Ty.Int };
      return { evaluate: (r, s) => (truthy(f(r, s)) ? 1 : 0), type: Ty.Int };
    case 'float':
      if (args.length === 0) return { evaluate: () => 0, type: Ty.Float };
      if (t === Ty.Float) return { evaluate: f, type: Ty.Float };
      return {
        evaluate: (r, s) => {
          const v = f(r, s);
          return at(pos, () => toFloat(v, flag(t)));
        },
        type: Ty.Float,
      };
    case 'int':
      if (args.length === 0) return { evaluate: () => 0, type: Ty.Int };
      if (t === Ty.Int) return { evaluate: f, type: Ty.Int };
      return {
        evaluate: (r, s) => {
          const v = f(r, s);
          return flag(t) ? at(pos, () => integralToInt(Math.trunc(v as number))) : v;
        },
        type: Ty.Int,
      };
    case 'abs':
      if (t === Ty.Float) return { evaluate: (r, s) => Math.abs(f(r, s) as number), type: t };
      if (t === Ty.Int) return { evaluate: (r, s) => intAbs(f(r, s) as Int), type: t };
      return {
        evaluate: (r, s) => {
          const v = f(r, s);
          return last.float ? Math.abs(v as number) : intAbs(v as Int);
        },
        type: t,
      };
    case 'round': {
      if (args.length === 1) {
        if (t === Ty.Int) return { evaluate: f, type: Ty.Int };
        return {
          evaluate: (r, s) => {
            const v = f(r, s);
            return flag(t) ? at(pos, () => floatRoundToInt(v as number)) : v;
          },
          type: Ty.Int,
        };
      }
      const g = fs[1],
        tn = ts[1];
      return {
        evaluate: (r, s) => {
          const v = f(r, s),
            fv = flag(t);
          const n = g(r, s);
          if (flag(tn))
            throw new EvalFault(new PyError('TypeError', "round's ndigits must be an integer, not a float"), pos);
          if (fv) {
            last.float = true;
            return at(pos, () => floatRound(v as number, n as Int));
          }
          last.float = false;
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
          let best = fs[0](r, s),
            bestFloat = flag(ts[0]);
          for (let k = 1; k < fs.length; k++) {
            const v = fs[k](r, s),
              fv = flag(ts[k]);
            if (better(v, best)) {
              best = v;
              bestFloat = fv;
            }
          }
          last.float = bestFloat;
          return best;
        },
        type,
      };
    }
  }
  throw new Error(`unknown function ${name}`);
}
