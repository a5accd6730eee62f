// What one engine worker against two would take on an idle machine, from the CPU time of each phase (issue 28,
// item 5): on a shared machine two threads gain nothing when other sessions take the other core (the scheduler
// shares CPU between sessions, not threads), so wall times there say little. Each phase runs on fresh engines
// (fresh WASM memory, as a new worker has) in this one thread, the bench arms of `allot bench` (B = N/10, ties
// to the lowest id): one worker prepares (input taken in chunks of 16,384 arms, as from the pool) and runs every
// trial; for two, the second reserves and touches its memory, the first prepares and shares its prepared data in
// 4 MiB pieces, each runs half the trials. The model: one worker = prepare + trials; two = prepare + share + the
// longer of the two halves (the second's touching runs while the first prepares). Printed, never asserted.
// Run: npx tsx test/bench/engine-workers-phases.ts [--arms 1000000] [--trials 10] [--steps 50] [--rounds 3]
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { benchArms } from '../../src/cli/commands/bench.ts';
import type { ArmChunk } from '../../src/engine/arm-chunks.ts';
import { Engine } from '../../src/engine/engine.ts';
import { loadKernelsNode } from '../../src/engine/load-node.ts';
import { PIECE_BYTES } from '../../src/engine/prepared-pieces.ts';
import type { PreparedSimulation } from '../../src/engine/prepared-simulation.ts';
import { uniformInitial, type SimulationInput } from '../../src/engine/simulation.ts';
import { trialJobs } from '../../src/engine/trial-jobs.ts';

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
  half = jobs.ranges[0][1];

/** The loader of a worker taking the input chunk by chunk (the chunks' copies made by the pool excluded). */
function prepare(engine: Engine, chunks: ArmChunk[], rewards: Float64Array[]): PreparedSimulation {
  const loader = engine.load(jobs.shape);
  for (const chunk of chunks) loader.add(chunk);
  rewards.forEach((r, c) => loader.addRewards(c * chunks[0].end, r));
  return loader.finish();
}
const chunks = Array.from({ length: jobs.chunks }, (_, c) => jobs.chunk(0, c) as ArmChunk);
const rewards = Array.from({ length: jobs.chunks }, (_, c) => jobs.rewards(0, c) as Float64Array);
const trials = (p: PreparedSimulation, start: number, end: number) => {
  p.trials(input.seed, start, end).collect();
  p.dispose();
};

console.log(
  `${N.toLocaleString('en')} arms x ${K} trials x ${opt.steps} steps, CPU ms of each phase on fresh engines, one ` +
    `thread; ${cpus().length} cores`,
);
const speedUps: number[] = [];
for (let r = 1; r <= rounds; r++) {
  const one = await fresh();
  const [p1, prepare1] = time(() => prepare(one, chunks, rewards));
  const [, trials1] = time(() => trials(p1, 0, K));
  const first = await fresh(),
    second = await fresh();
  const [adopter, touch] = time(() => second.adopt(jobs.shape));
  const [p0, prepare0] = time(() => prepare(first, chunks, rewards));
  const [, share] = time(() => {
    const bytes = first.share(p0);
    let piece: Uint8Array | undefined;
    for (let at = 0; at < bytes.byteLength; at += PIECE_BYTES) {
      const length = Math.min(PIECE_BYTES, bytes.byteLength - at);
      piece = piece && piece.length >= length ? piece.subarray(0, length) : new Uint8Array(length);
      bytes.copy(at, piece);
      adopter.add(at, piece);
    }
  });
  const [, trials0] = time(() => trials(p0, 0, half));
  const [, trialsA] = time(() => trials(adopter.finish(), half, K));
  const wall1 = prepare1 + trials1,
    wall2 = prepare0 + share + Math.max(trials0, Math.max(0, touch - prepare0) + trialsA);
  speedUps.push(wall1 / wall2);
  console.log(
    `round ${r}: 1 worker: prepare ${prepare1.toFixed(0)} + trials ${trials1.toFixed(0)} = ${wall1.toFixed(0)}; 2 ` +
      `workers: prepare ${prepare0.toFixed(0)} ` +
      `(the second touches its memory meanwhile: ${touch.toFixed(0)}) + share ${share.toFixed(0)} + ` +
      `max(${trials0.toFixed(0)}, ${trialsA.toFixed(0)}) = ${wall2.toFixed(0)}; ` +
      `modelled speed-up ${(wall1 / wall2).toFixed(2)}; CPU of 2 / CPU of 1 ` +
      `${((touch + prepare0 + share + trials0 + trialsA) / wall1).toFixed(2)} (load ${loadavg()[0].toFixed(2)})`,
  );
}
const s = [...speedUps].sort((a, b) => a - b);
console.log(
  `modelled speed-up (min / median / max): ${s[0].toFixed(2)} / ${s[Math.floor(s.length / 2)].toFixed(2)} / ` +
    `${s[s.length - 1].toFixed(2)}`,
);
