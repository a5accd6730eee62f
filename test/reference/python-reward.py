# The reference for reward expressions: CPython itself. Reads one JSON document on stdin,
#   {"columns": [[name, is_float], ...], "cases": [{"expr": str, "arms": [[v, ...], ...], "states": n}, ...]}
# and prints one JSON document: per case, per arm, per state, repr(float(value)) or "error: Type".
# Feature values are Python ints for integer columns and floats for float columns, as allot's
# compileReward defines them; if_ is DLM's (1 if truthy else 0). Test use only.
#
# One change to CPython: float ** float ends in the C library's pow(), which is not correctly
# rounded everywhere (glibc is one unit off in about 1 in 2,000 cases), while allot's is. So every
# `**` is rewritten to _pow, which keeps Python's types, special cases and errors and replaces a
# finite float result by the correctly rounded one (correct_pow.py: exact Fractions where the power
# is rational, Decimal at growing precision otherwise).
import ast
import json
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from correct_pow import correct_pow  # noqa: E402


def _pow(a, b):
    r = a ** b
    if isinstance(r, float) and math.isfinite(r):
        x, y = float(a), float(b)
        sign = -1.0 if x < 0 and math.copysign(1.0, r) < 0 else 1.0
        x = abs(x)
        if x not in (0.0, 1.0) and math.isfinite(x) and math.isfinite(y) and y != 0:
            r = sign * correct_pow(x, y)
            if math.isinf(r):
                raise OverflowError('numerical result out of range')
    return r


class _PowToCall(ast.NodeTransformer):
    def visit_BinOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.Pow):
            return ast.copy_location(ast.Call(func=ast.Name('_pow', ast.Load()), args=[node.left, node.right], keywords=[]), node)
        return node


def _compile(text):
    tree = _PowToCall().visit(ast.parse('(' + text + '\n)', mode='eval'))
    return compile(ast.fix_missing_locations(tree), '<reward>', 'eval')


def if_(x):
    return 1 if x else 0


BUILTINS = {'__builtins__': {'max': max, 'min': min, 'abs': abs, 'float': float, 'int': int, 'bool': bool, 'round': round}, 'if_': if_, '_pow': _pow}


class Feats:
    def __init__(self, values, index, texts):
        self._values = values
        self._index = index
        self._texts = texts

    def __getitem__(self, i):
        return self._values[i]

    def __getattr__(self, name):
        if name in self._texts:
            return self._texts[name]
        if name.startswith('_') or name not in self._index:
            raise AttributeError(name)
        return self._values[self._index[name]]


def main():
    doc = json.load(sys.stdin)
    columns = doc['columns']
    index = {name: i for i, (name, _) in enumerate(columns)}
    out = []
    for case in doc['cases']:
        text = case['expr']
        arms = []
        try:
            code = _compile(text)
            fn = eval(code, dict(BUILTINS)) if text.lstrip().startswith('lambda') else None
        except Exception as e:  # a syntax error: every entry is an error
            fn = e
        texts = case.get('texts', {})
        for a, arm in enumerate(case['arms']):
            values = [float(v) if is_float else int(float(v)) for v, (_, is_float) in zip(arm, columns)]
            feats = Feats(values, index, {name: per_arm[a] for name, per_arm in texts.items()})
            row = []
            for state in range(case['states']):
                try:
                    if isinstance(fn, Exception):
                        raise fn
                    if fn is None:
                        v = eval(code, dict(BUILTINS, state=state, agent_feats=feats))
                    else:
                        names = fn.__code__.co_varnames[:fn.__code__.co_argcount]
                        v = fn(**{name: (state if name == 'state' else feats) for name in names})
                    row.append(repr(float(v)))
                except Exception as e:
                    row.append('error: ' + type(e).__name__)
            arms.append(row)
        out.append(arms)
    json.dump(out, sys.stdout)


main()
