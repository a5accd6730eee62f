// What one engine worker against two would take on an idle machine, from the CPU time of each phase (issue 28,
// item 5): on a shared machine two threads gain nothing when other sessions take the other core (the scheduler
// shares CPU between sessions, not threads), so wall times there say little. Each phase runs on fresh engines
// (fresh WASM memory, as a new worker has) in this one thread, the bench arms of `allot bench` (B = N/10, ties
// to the lowest id): one worker prepares (input taken in chunks of 16,384 arms, as from the pool), runs every
// trial and writes the per-arm results into fresh arrays; for two, the second (the gatherer) reserves and touches
// its memory and the results' arrays, the first prepares and shares its prepared data in 4 MiB pieces, each runs
// half the trials, the first sends its per-arm sums to the second in pieces, which writes the results. The model:
// one worker = prepare + trials + results; two = prepare + share + the longer of the two halves (the second's
// touching runs while the first prepares: any excess of its memory's delays its half, of the results' arrays is
// left for when it writes them) + gather + results. Printed, never asserted. The model runs the phases one after the
// other on one thread: two threads taking turns on one core (taskset -c 0; other sessions' load) spend 10 to 25 % more
// CPU on the same trials than one thread (each switch costs the core's cache), which it does not see; the dealer
// (engine/trial-dealer.ts) then leaves the trials to one thread.
// Run: npx tsx test/bench/engine-workers-phases.ts [--arms 1000000] [--trials 10] [--steps 50] [--rounds 3]
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { benchArms } from '../../src/cli/commands/bench.ts';
import type { ArmChunk } from '../../src/engine/arm-chunks.ts';
import { Engine } from '../../src/engine/engine.ts';
import { loadKernelsNode } from '../../src/engine/load-node.ts';
import { PIECE_BYTES, type PieceSink, type PieceSource } from '../../src/engine/prepared-pieces.ts';
import type { PreparedSimulation } from '../../src/engine/prepared-simulation.ts';
import { uniformInitial, type SimulationInput } from '../../src/engine/simulation.ts';
import { armResultArrays, touchArrays, trialJobs } from '../../src/engine/trial-jobs.ts';
import type { TrialSums } from '../../src/engine/trial-sums.ts';

const { values: opt } = parseArgs({
  options: {
    arms: { type: 'string', default: '1000000' },
    trials: { type: 'string', default: '10' },
    steps: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '3' },
  },
});
const N = Number(opt.arms),
  K = Number(opt.trials),
  rounds = Number(opt.rounds);
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const time = <X>(fn: () => X): [X, number] => {
  const c0 = cpuMs(),
    x = fn();
  return [x, cpuMs() - c0];
};
const fresh = async () => new Engine(await loadKernelsNode());

const arms = benchArms(await fresh(), N, 1);
const input: SimulationInput = {
  numArms: N,
  numStates: 2,
  transitions: arms.transitions,
  rewards: arms.rewards,
  initial: uniformInitial(N, 0.5),
  discount: 0.95,
  budget: Math.max(1, Math.floor(N / 10)),
  horizon: Number(opt.steps),
  trials: K,
  seed: 1,
  policy: 'whittle',
  ties: 'lowest-id',
};
const jobs = trialJobs(input, 2),
  half = Math.floor(K / 2);

/** The loader of a worker taking the input chunk by chunk (the chunks' copies made by the pool excluded). */
function prepare(engine: Engine, chunks: ArmChunk[], rewards: Float64Array[]): PreparedSimulation {
  const loader = engine.load(jobs.shape);
  for (const chunk of chunks) loader.add(chunk);
  rewards.forEach((r, c) => loader.addRewards(c * chunks[0].end, r));
  return loader.finish();
}
const chunks = Array.from({ length: jobs.chunks }, (_, c) => jobs.chunk(0, c) as ArmChunk);
const rewards = Array.from({ length: jobs.chunks }, (_, c) => jobs.rewards(0, c) as Float64Array);
/** Trials [start, end) of `p`, their sums kept in WASM memory (TrialSums), and `p` disposed of. */
const trials = (p: PreparedSimulation, start: number, end: number): TrialSums => {
  try {
    return p.trials(input.seed, start, end);
  } finally {
    p.dispose();
  }
};
/** Copies `from` into `into` a piece at a time, through two buffers, as prepared-pieces.ts does between workers. */
const pieces = (from: PieceSource, into: PieceSink) => {
  const buffers: Uint8Array[] = [];
  for (let at = 0, c = 0; at < from.byteLength; at += PIECE_BYTES, c++) {
    const length = Math.min(PIECE_BYTES, from.byteLength - at);
    const piece = (buffers[c % 2] ??= new Uint8Array(PIECE_BYTES)).subarray(0, length);
    from.copy(at, piece);
    into.add(at, piece);
  }
};

console.log(
  `${N.toLocaleString('en')} arms x ${K} trials x ${opt.steps} steps, CPU ms of each phase on fresh engines, one ` +
    `thread; ${cpus().length} cores`,
);
const speedUps: number[] = [],
  cpuRatios: number[] = [];
for (let r = 1; r <= rounds; r++) {
  const one = await fresh();
  const [p1, prepare1] = time(() => prepare(one, chunks, rewards));
  const [sums1, trials1] = time(() => trials(p1, 0, K));
  // one worker gathers its own sums: the results' arrays are fresh, written after the trials
  const [, results1] = time(() => sums1.results(armResultArrays(N, 2)));
  const first = await fresh(),
    second = await fresh();
  // the gatherer (job 1) touches its WASM memory and the results' arrays while job 0 prepares
  const [adopter, touch] = time(() => second.adopt(jobs.shape));
  const [into, touchResults] = time(() => touchArrays(armResultArrays(N, 2)));
  const [p0, prepare0] = time(() => prepare(first, chunks, rewards));
  const [, share] = time(() => pieces(first.share(p0), adopter));
  const [sums0, trials0] = time(() => trials(p0, 0, half));
  const [sumsA, trialsA] = time(() => trials(adopter.finish(), half, K));
  const [, gather] = time(() => pieces(sums0, sumsA));
  const [, results2] = time(() => (sums0.sent(), sumsA.results(into)));
  // the gatherer touches the results' arrays only until the prepared data come; the rest when it writes them
  const wall1 = prepare1 + trials1 + results1,
    left = Math.max(0, touch + touchResults - Math.max(prepare0, touch)),
    wall2 = prepare0 + share + Math.max(trials0, Math.max(0, touch - prepare0) + trialsA) + gather + results2 + left;
  const cpu2 = touch + touchResults + prepare0 + share + trials0 + trialsA + gather + results2;
  speedUps.push(wall1 / wall2);
  cpuRatios.push(cpu2 / wall1);
  console.log(
    `round ${r}: 1 worker: prepare ${prepare1.toFixed(0)} + trials ${trials1.toFixed(0)} + results ` +
      `${results1.toFixed(0)} = ${wall1.toFixed(0)}; 2 workers: prepare ${prepare0.toFixed(0)} (the gatherer ` +
      `touches its memory and the results' meanwhile: ${touch.toFixed(0)} + ${touchResults.toFixed(0)}) + share ` +
      `${share.toFixed(0)} + max(${trials0.toFixed(0)}, ${trialsA.toFixed(0)}) + gather ${gather.toFixed(0)} + ` +
      `results ${results2.toFixed(0)} = ${wall2.toFixed(0)}; modelled speed-up ${(wall1 / wall2).toFixed(2)}; CPU ` +
      `of 2 / CPU of 1 ${(cpu2 / wall1).toFixed(2)} (load ${loadavg()[0].toFixed(2)})`,
  );
}
const stats = (x: number[]) => {
  const s = [...x].sort((a, b) => a - b);
  return `${s[0].toFixed(2)} / ${s[Math.floor(s.length / 2)].toFixed(2)} / ${s[s.length - 1].toFixed(2)}`;
};
console.log(`modelled speed-up (min / median / max): ${stats(speedUps)}; CPU of 2 / CPU of 1 ${stats(cpuRatios)}`);
