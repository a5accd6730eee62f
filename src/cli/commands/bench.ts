// `allot bench`: times the WASM engine beside plain-JavaScript references on the workloads of
// docs/ARCHITECTURE.md "Benchmarks" (same arm generator, so the checksums can be compared with reference programs).
import { availableParallelism } from 'node:os';
import type { Engine } from '../../engine/engine.ts';
import { loadEngineNode } from '../../engine/load-node.ts';
import { mergeParts, uniformInitial, type SimulationInput } from '../../engine/simulation.ts';
import type { Command } from '../command.ts';
import { RANGES } from '../../core/limits/setting-ranges.ts';
import { numberOption } from '../number-option.ts';
import { closedFormJs, referenceSimulation, type BenchArms } from './bench-reference.ts';
import { benchSState } from './bench-sstate.ts';
import { runSimulation } from './simulate.ts';
import { benchTradeoff } from '../bench-tradeoff.ts';

const BETA = 0.95;

export const benchCommand: Command = {
  name: 'bench',
  summary:
    'time the WASM engine (indices, simulation on 1 and all threads, a DLM candidate) beside plain-JS references',
  usage: '[--arms N] [--repeat K] [--sstate-arms N] [--json]',
  details: [
    'Workloads (the "valid" arms of docs/ARCHITECTURE.md, seed 1, discount 0.95): the index table of N arms;',
    'the Whittle-policy simulation of N arms, B = N/10, T = 50, 50 trials, ties to the lowest id, P(state 1) = 0.5',
    '(checksums comparable with `node whittle_ref.mjs --sim --select presorted`); one DLM candidate: 48 arms,',
    'B = 16, 200 seeds x 50 trials x 10 steps; S-state indices and verdicts of 10,000 random dense arms for',
    'S = 3, 5, 10, 20 (src/cli/commands/bench-sstate.ts), one thread, the kernel on data in WASM memory (sstate_ms)',
    'and with the copies in and out (sstate_with_copies_ms). Times are the best of --repeat runs',
    '(simulation: of 2; S-state: of 5).',
  ].join('\n'),
  options: {
    arms: {
      type: 'string',
      value: 'N',
      description: 'arms of the index and simulation workloads',
      default: '100000',
      range: RANGES.arms,
    },
    repeat: {
      type: 'string',
      value: 'K',
      description: 'runs of the fast workloads, best kept',
      default: '20',
      range: RANGES.repeat,
    },
    'sstate-arms': {
      type: 'string',
      value: 'N',
      description: 'arms of the S-state index workload',
      default: '10000',
      range: RANGES.sstateArms,
    },
  },
  async run({ options }, io) {
    const n = numberOption(options, 'arms', RANGES.arms, 100_000);
    const repeat = numberOption(options, 'repeat', RANGES.repeat, 20);
    const sstateArms = numberOption(options, 'sstate-arms', RANGES.sstateArms, 10_000);
    const engine = await loadEngineNode();
    const log = (line: string) => options.json || io.stdout.write(line + '\n');
    const arms = benchArms(engine, n, 1);

    const indices = benchIndices(engine, arms, repeat);
    log(
      `indices n=${n}: wasm ${indices.wasm_ms.toFixed(4)} ms (with copies in and out ` +
        `${indices.wasm_with_copies_ms.toFixed(4)} ms; into a new array ${indices.wasm_new_array_ms.toFixed(4)} ms), ` +
        `plain JS ${indices.reference_ms.toFixed(4)} ms`,
    );

    const input: SimulationInput = {
      numArms: n,
      numStates: 2,
      transitions: arms.transitions,
      rewards: arms.rewards,
      initial: uniformInitial(n, 0.5),
      discount: BETA,
      budget: Math.max(1, Math.floor(n / 10)),
      horizon: 50,
      trials: 50,
      seed: 1,
      policy: 'whittle',
      ties: 'lowest-id',
    };
    const one = await best(2, () => runSimulation(input, 1));
    log(
      `simulate 1 worker: ${one.elapsedMs.toFixed(1)} ms engaged_sum=${one.result.engagedSum} ` +
        `pulled_id_sum=${one.result.pulledIdSum}`,
    );
    const all = await best(2, () => runSimulation(input, 0));
    log(`simulate ${all.threads} workers: ${all.elapsedMs.toFixed(1)} ms`);
    const ref = best1(1, () => referenceSimulation(arms, input));
    log(
      `simulate plain JS: ${ref.ms.toFixed(1)} ms engaged_sum=${ref.value.engaged} ` +
        `pulled_id_sum=${ref.value.pulledIds}`,
    );

    const dlm = benchDlm(engine, Math.max(3, Math.min(repeat, 10)));
    log(`DLM candidate (48 arms, B 16, 200 seeds x 50 trials x 10 steps): ${dlm.toFixed(2)} ms`);

    const tradeoff = await benchTradeoff(Math.min(repeat, 3), n);
    log(
      `trade-off sweep, 25 points: 48 arms x 200 seeds x 50 trials ${tradeoff.dlm_48x200_ms.toFixed(0)} ms ` +
        `(${tradeoff.dlm_48x200_cpu_ms.toFixed(0)} ms of CPU; target < 1000; drawing the seeds' arms once before: ` +
        `${tradeoff.dlm_draw_ms.toFixed(0)} ms); ${n} arms, B ${Math.max(1, Math.floor(n / 10))}, 12 steps x 20 ` +
        `trials ${tradeoff.large_ms.toFixed(0)} ms (${tradeoff.large_cpu_ms.toFixed(0)} ms of CPU; target at ` +
        `100000 arms < 5000); load average ${tradeoff.load.toFixed(2)} on ${availableParallelism()} cores`,
    );

    const sstate = benchSState(engine, sstateArms, [3, 5, 10, 20], 5, BETA);
    log(
      `S-state indices and verdicts, ${sstateArms} dense arms, 1 thread (kernel; with copies in and out): ${Object.keys(
        sstate.kernel,
      )
        .map((S) => `S=${S} ${sstate.kernel[S].toFixed(1)} ms (${sstate.withCopies[S].toFixed(1)} ms)`)
        .join(', ')}`,
    );

    const report = {
      machine: { cores: availableParallelism(), node: process.version },
      indices: { n, ...indices, speedup_vs_reference: indices.reference_ms / indices.wasm_ms },
      simulate: {
        n,
        budget: input.budget,
        horizon: 50,
        trials: 50,
        wasm_1_worker_ms: one.elapsedMs,
        wasm_all_workers_ms: all.elapsedMs,
        workers: all.threads,
        reference_ms: ref.ms,
        engaged_sum: one.result.engagedSum,
        pulled_id_sum: one.result.pulledIdSum,
        all_workers_identical:
          all.result.engagedSum === one.result.engagedSum &&
          all.result.pulledIdSum === one.result.pulledIdSum &&
          all.result.rewardMean === one.result.rewardMean,
        reference_engaged_sum: ref.value.engaged,
        reference_pulled_id_sum: ref.value.pulledIds,
        reward_mean: one.result.rewardMean,
      },
      dlm_candidate_ms: dlm,
      tradeoff_sweep_ms: tradeoff,
      sstate_ms: sstate.kernel,
      sstate_with_copies_ms: sstate.withCopies,
    };
    if (options.json) io.stdout.write(JSON.stringify(report) + '\n');
    return 0;
  },
};

/** The "valid" arm generator (docs/ARCHITECTURE.md, "Benchmarks"), drawing from the engine's own RNG. */
export function benchArms(engine: Engine, n: number, seed: number): BenchArms {
  const u = (c: number) => engine.kernels.uniform(seed, 1, c);
  const a = {
    q00: new Float64Array(n),
    q01: new Float64Array(n),
    q10: new Float64Array(n),
    q11: new Float64Array(n),
    r0: new Float64Array(n),
    r1: new Float64Array(n),
  };
  for (let i = 0; i < n; i++) {
    const [v0, v1, v2, v3] = [u(8 * i), u(8 * i + 1), u(8 * i + 2), u(8 * i + 3)].sort((x, y) => x - y);
    a.q00[i] = v0;
    a.q11[i] = v3;
    if (u(8 * i + 4) < 0.5) [a.q01[i], a.q10[i]] = [v1, v2];
    else [a.q01[i], a.q10[i]] = [v2, v1];
    a.r0[i] = 0.5 * u(8 * i + 5);
    a.r1[i] = 0.5 + 0.5 * u(8 * i + 6);
  }
  const transitions = new Float64Array(n * 8),
    rewards = new Float64Array(n * 2);
  for (let i = 0; i < n; i++) {
    [a.q00[i], a.q01[i], a.q10[i], a.q11[i]].forEach((q, sa) => {
      transitions[i * 8 + sa * 2] = 1 - q;
      transitions[i * 8 + sa * 2 + 1] = q;
    });
    rewards[2 * i] = a.r0[i];
    rewards[2 * i + 1] = a.r1[i];
  }
  return { ...a, transitions, rewards };
}

function benchIndices(engine: Engine, arms: BenchArms, repeat: number) {
  const k = engine.kernels;
  const n = arms.r0.length;
  // the kernel alone, on data already in WASM memory in its layout (as the references time their loop alone)
  const t = k.alloc(n * 64),
    r = k.alloc(n * 16),
    pairs = k.alloc(k.armPairBytes(n)),
    out = k.alloc(n * 16);
  try {
    new Float64Array(k.memory.buffer, t, n * 8).set(arms.transitions);
    new Float64Array(k.memory.buffer, r, n * 2).set(arms.rewards);
    k.packArms2(n, t, r, pairs);
    const wasm = best1(repeat, () => k.whittle2(n, pairs, BETA, out)).ms;
    const reused = new Float64Array(2 * n);
    const withCopies = best1(repeat, () => engine.whittle2(arms.transitions, arms.rewards, BETA, reused)).ms;
    // a new result array each call: its first writes fault in fresh pages (on some machines more than the copies)
    const newArray = best1(repeat, () => engine.whittle2(arms.transitions, arms.rewards, BETA)).ms;
    const W = new Float64Array(2 * n);
    const reference = best1(repeat, () => closedFormJs(arms, BETA, W)).ms;
    const mine = new Float64Array(k.memory.buffer, out, 2 * n);
    if (mine.some((x, i) => x !== W[i])) throw new Error('bench: the WASM and plain-JS index tables differ');
    return { wasm_ms: wasm, wasm_with_copies_ms: withCopies, wasm_new_array_ms: newArray, reference_ms: reference };
  } finally {
    for (const p of [t, r, pairs, out]) k.free(p);
  }
}

/** One DLM candidate: its index table, then 200 seeds x 50 trials x 10 steps on 48 arms, B = 16. */
function benchDlm(engine: Engine, repeat: number): number {
  const arms = benchArms(engine, 48, 1);
  return best1(repeat, () => {
    const { indices } = engine.whittleIndices(arms.transitions, arms.rewards, 2, BETA);
    const input: SimulationInput = {
      numArms: 48,
      numStates: 2,
      transitions: arms.transitions,
      rewards: arms.rewards,
      initial: uniformInitial(48, 0.5),
      indices,
      discount: BETA,
      budget: 16,
      horizon: 10,
      trials: 50,
      seed: 0,
      policy: 'whittle',
      ties: 'random',
    };
    const prepared = engine.prepare(input);
    try {
      for (let seed = 0; seed < 200; seed++) mergeParts(input, [prepared.run(seed, 0, 50)]);
    } finally {
      prepared.dispose();
    }
  }).ms;
}

function best1<T>(repeat: number, fn: () => T): { ms: number; value: T } {
  let ms = Infinity,
    value!: T;
  for (let r = 0; r < repeat; r++) {
    const t0 = performance.now();
    value = fn();
    ms = Math.min(ms, performance.now() - t0);
  }
  return { ms, value };
}

async function best<R extends { elapsedMs: number }>(repeat: number, fn: () => Promise<R>): Promise<R> {
  let out: R | undefined;
  for (let r = 0; r < repeat; r++) {
    const x = await fn();
    if (!out || x.elapsedMs < out.elapsedMs) out = x;
  }
  return out!;
}
