// The trade-off dial's workloads in `allot bench`: a 25-point sweep of R_lambda on DLM's protocol
// (48 arms x 200 seeds x 50 trials x 10 steps) and on one population of --arms arms (100,000 by
// default; budget a tenth, horizon 12, 20 trials), each timed after the engine threads have started.
// Drawing the seeds' arms (200 DLM samples) is timed apart: it is done once per population and seed
// and reused by every later sweep, refinement and baseline (evaluation-arms.ts).
import { loadavg } from 'node:os';
import { findGenerator } from '../core/datasets/generators.ts';
import type { Instance } from '../core/instance/types.ts';
import { compileReward } from '../core/reward/compile-reward.ts';
import { lambdaGrid } from '../core/tradeoff/lambda-grid.ts';
import { DialSweep } from '../core/tradeoff/sweep-dial.ts';
import { createNodeSimulator } from './node-simulate.ts';

export interface TradeoffBench {
  /** Best of the repeats: the 25 points' simulations and their measures, with the seeds' arms drawn already. */
  dlm_48x200_ms: number;
  /**
   * CPU time of that sweep, every thread of the process together: the work, whatever the load (wall >= cpu / threads).
   */
  dlm_48x200_cpu_ms: number;
  large_cpu_ms: number;
  /** Drawing the 200 seeds' arms the first time (later sweeps reuse them). */
  dlm_draw_ms: number;
  /** 1-minute load average when the bench ended (the machine is shared: read the figures with it). */
  load: number;
  /** The sweep on `arms` arms (the bench's --arms, 100,000 by default). */
  arms: number;
  large_ms: number;
}

/** Milliseconds to prepare the sweep (draw the seeds' arms, unless drawn before) and to run its 25 points. */
async function sweepMs(
  population: Instance,
  expression: string,
  seeds: number,
  trials: number,
  workers: number,
): Promise<{ draw: number; sweep: number; cpu: number }> {
  const compiled = compileReward(expression, population);
  if (!compiled.ok) throw new Error(compiled.error.message);
  const simulator = await createNodeSimulator(workers, { spreadSmall: true });
  try {
    await simulator.ready();
    const t0 = performance.now();
    const sweep = new DialSweep({
      population,
      reward: compiled.table,
      seeds: Array.from({ length: seeds }, (_, s) => s),
      trials,
    });
    const t1 = performance.now(),
      c1 = process.cpuUsage();
    await sweep.run(lambdaGrid(25), simulator.simulate);
    const c = process.cpuUsage(c1);
    return { draw: t1 - t0, sweep: performance.now() - t1, cpu: (c.user + c.system) / 1000 };
  } finally {
    await simulator.close();
  }
}

/** Best of `repeat` for the DLM workload (noise on a shared machine), one run on `arms` arms (budget arms / 10). */
export async function benchTradeoff(repeat: number, arms = 100_000, workers = 0): Promise<TradeoffBench> {
  const dlm = findGenerator('dlm')!.generate({}, 0);
  let best = Infinity,
    cpu = Infinity,
    draw = 0;
  for (let r = 0; r < repeat; r++) {
    const t = await sweepMs(dlm, 'state * (1 + agent_feats.age_51_60)', 200, 50, workers);
    if (r === 0) draw = t.draw;
    best = Math.min(best, t.sweep);
    cpu = Math.min(cpu, t.cpu);
  }
  const big = findGenerator('multilingual')!.generate({ arms, budget: Math.max(1, Math.floor(arms / 10)) }, 0);
  const large = await sweepMs(big, 'state * (1 + 2 * agent_feats[0])', 1, 20, workers);
  return {
    dlm_48x200_ms: best,
    dlm_48x200_cpu_ms: cpu,
    dlm_draw_ms: draw,
    arms,
    large_ms: large.draw + large.sweep,
    large_cpu_ms: large.cpu,
    load: loadavg()[0],
  };
}
