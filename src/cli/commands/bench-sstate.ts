// The S-state index workload of `allot bench`: random dense arms (every transition positive), drawn from the
// engine's own generator so that tests and the reference twin see the same arms.
import type { Engine } from '../../engine/engine.ts';

/** Stream 6 of the counter-based generator: the bench's S-state arms. */
const STREAM_SSTATE_ARMS = 6;

/**
 * n arms of S states: each row P(. | s, a) proportional to u + 0.01, rewards u, for draws u in [0, 1)
 * (counters numbered arm by arm). Layouts: transitions n x S x 2 x S, rewards n x S.
 */
export function randomDenseArms(
  engine: Engine,
  n: number,
  S: number,
  seed: number,
): { transitions: Float64Array; rewards: Float64Array } {
  const perArm = 2 * S * S + S;
  const transitions = new Float64Array(n * 2 * S * S),
    rewards = new Float64Array(n * S);
  for (let i = 0; i < n; i++) {
    let c = i * perArm;
    for (let row = 0; row < 2 * S; row++) {
      const at = (i * 2 * S + row) * S;
      let total = 0;
      for (let j = 0; j < S; j++)
        total += transitions[at + j] = engine.kernels.uniform(seed, STREAM_SSTATE_ARMS, c++) + 0.01;
      for (let j = 0; j < S; j++) transitions[at + j] /= total;
    }
    for (let s = 0; s < S; s++) rewards[i * S + s] = engine.kernels.uniform(seed, STREAM_SSTATE_ARMS, c++);
  }
  return { transitions, rewards };
}

/**
 * Milliseconds (best of `repeat`) of the S-state kernel on n random dense arms for each S, one thread: the kernel
 * alone, on data already in WASM memory (as the index bench times the closed form), and with the copies in and
 * out of Engine.kernelWhittleS.
 */
export function benchSState(
  engine: Engine,
  n: number,
  sizes: number[],
  repeat: number,
  discount: number,
): { kernel: Record<string, number>; withCopies: Record<string, number> } {
  const kernel: Record<string, number> = {},
    withCopies: Record<string, number> = {};
  const k = engine.kernels;
  for (const S of sizes) {
    const { transitions, rewards } = randomDenseArms(engine, n, S, 1);
    const work = k.whittleSWorkSize(S);
    const t = k.alloc(transitions.length * 8),
      r = k.alloc(rewards.length * 8),
      out = k.alloc(n * S * 8),
      verdict = k.alloc(n),
      w = k.alloc(work * 8);
    try {
      new Float64Array(k.memory.buffer, t, transitions.length).set(transitions);
      new Float64Array(k.memory.buffer, r, rewards.length).set(rewards);
      kernel[String(S)] = best(repeat, () => k.whittleS(n, S, t, r, discount, out, verdict, w));
    } finally {
      for (const p of [t, r, out, verdict, w]) k.free(p);
    }
    withCopies[String(S)] = best(repeat, () => engine.kernelWhittleS(transitions, rewards, S, discount));
  }
  return { kernel, withCopies };
}

function best(repeat: number, fn: () => unknown): number {
  let ms = Infinity;
  for (let i = 0; i < repeat; i++) {
    const t0 = performance.now();
    fn();
    ms = Math.min(ms, performance.now() - t0);
  }
  return ms;
}
