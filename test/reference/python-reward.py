# The reference for reward expressions: CPython itself. Reads one JSON document on stdin,
#   {"columns": [[name, is_float], ...], "cases": [{"expr": str, "arms": [[v, ...], ...], "states": n}, ...]}
# and prints one JSON document: per case, per arm, per state, repr(float(value)) or "error: Type".
# Feature values are Python ints for integer columns and floats for float columns, as allot's
# compileReward defines them; if_ is DLM's (1 if truthy else 0). Test use only.
import json
import sys


def if_(x):
    return 1 if x else 0


class Feats:
    def __init__(self, values, index):
        self._values = values
        self._index = index

    def __getitem__(self, i):
        return self._values[i]

    def __getattr__(self, name):
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
            fn = eval('(' + text + '\n)', {'__builtins__': {'max': max, 'min': min, 'abs': abs, 'float': float, 'int': int, 'bool': bool, 'round': round}, 'if_': if_}) if text.lstrip().startswith('lambda') else None
        except Exception as e:  # a syntax error: every entry is an error
            fn = e
        for arm in case['arms']:
            values = [float(v) if is_float else int(v) for v, (_, is_float) in zip(arm, columns)]
            feats = Feats(values, index)
            row = []
            for state in range(case['states']):
                try:
                    if isinstance(fn, Exception):
                        raise fn
                    if fn is None:
                        v = eval('(' + text + '\n)', {'__builtins__': {'max': max, 'min': min, 'abs': abs, 'float': float, 'int': int, 'bool': bool, 'round': round}, 'if_': if_, 'state': state, 'agent_feats': feats})
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
