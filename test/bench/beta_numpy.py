#!/usr/bin/env python3
"""numpy's Beta sampler on a posterior's parameters: the reference of test/bench/beta-numpy.ts (issue 28, item 2),
which times allot's WASM sampler and a whole posterior draw beside it.

Input: a folder with alpha.f64 and beta.f64 (little-endian float64, one per (beneficiary, state, action) row).
  beta_numpy.py DIR --serve   reads commands on stdin: "run" draws Generator.beta(alpha, beta) once (PCG64,
                              numpy's default generator) and prints its wall and CPU ms and the draws' mean as
                              JSON; "quit" (or end of input) stops
"""
import json
import sys
import time

import numpy as np


def main():
    folder = sys.argv[1]
    alpha = np.fromfile(f'{folder}/alpha.f64', np.float64)
    beta = np.fromfile(f'{folder}/beta.f64', np.float64)
    rng = np.random.default_rng(1)
    print(json.dumps({'numpy': np.__version__, 'python': sys.version.split()[0]}), flush=True)
    for line in sys.stdin:
        if line.strip() != 'run':
            break
        wall, cpu = time.perf_counter(), time.process_time()
        q = rng.beta(alpha, beta)
        ms = {'wallMs': (time.perf_counter() - wall) * 1e3, 'cpuMs': (time.process_time() - cpu) * 1e3}
        print(json.dumps({**ms, 'mean': float(q.mean())}), flush=True)


if __name__ == '__main__':
    main()
