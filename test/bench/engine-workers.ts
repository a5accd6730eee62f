// One engine worker against two (issue 28, item 5): the command line's thread pool (src/cli/thread-pool.ts,
// the same engine code as the app's Web Workers) simulating the bench arms (`allot bench`'s generator, B = N/10,
// ties to the lowest id) on 1 and on 2 threads, one after the other in each round (the order alternating), each
// run on a freshly started pool as `allot simulate` starts one (the app's pool ends a worker after a job of
// 500,000 arms or more, so its next job starts cold too). Wall time from the call to the merged result (thread
// start-up excluded, as in `allot simulate`), CPU time of the whole process (every thread). With --vs REV, the
// thread pool of an older commit (built from `git archive` into a temporary folder) runs in the same rounds.
// With --busy, a process of this session spins on a core for the whole bench (the trials are dealt to the threads as
// they ask, so a thread sharing its core runs fewer: engine/trial-dealer.ts); Linux shares CPU between sessions
// (autogroups) before threads, so other sessions' load does not test that: when they hold a core, this session's
// threads get one core between them. --one-core gives that case at will: every thread of the bench pinned to core 0
// (taskset; the pools still get explicit counts 1 and 2, while os.availableParallelism() would say 1), the dealer
// then sees from the process's CPU time that one thread runs as fast as two (engine/trial-dealer.ts).
// With --cold, each run is a process of its own (as `allot simulate` is), nothing left by an earlier run's threads
// (V8's compiled code: engine/kernel-warm-up.ts).
// Run: npx tsx test/bench/engine-workers.ts [--arms 1000000] [--trials 10] [--steps 50] [--rounds 5] [--vs REV]
// [--busy] [--one-core] [--cold]
// Ratios are taken within a round, then their min/median/max: on a shared machine compare nothing across rounds.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchArms } from '../../src/cli/commands/bench.ts';
import type { ThreadPool } from '../../src/cli/thread-pool.ts';
import { loadEngineNode } from '../../src/engine/load-node.ts';
import { uniformInitial, type SimulationInput, type SimulationResult } from '../../src/engine/simulation.ts';

const { values: opt } = parseArgs({
  options: {
    arms: { type: 'string', default: '1000000' },
    trials: { type: 'string', default: '10' },
    steps: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '5' },
    vs: { type: 'string' },
    busy: { type: 'boolean', default: false },
    'one-core': { type: 'boolean', default: false },
    cold: { type: 'boolean', default: false },
    /** A run of --cold: the thread pool of this folder, this many threads (printed as JSON). */
    child: { type: 'string' },
    count: { type: 'string', default: '1' },
  },
});
const N = Number(opt.arms),
  trials = Number(opt.trials),
  steps = Number(opt.steps),
  rounds = Number(opt.rounds);
const repo = fileURLToPath(new URL('../..', import.meta.url));
const tmp = opt.child ? '' : mkdtempSync(join(tmpdir(), 'allot-workers-'));

type Start = (count: number) => Promise<Pick<ThreadPool, 'simulate' | 'close'>>;
/** One run: wall and CPU time (ms), and the result's checksums and per-arm hash. */
type Run = { wall: number; cpu: number; sums: string };

/** The thread pool of the sources in `dir` (this repo's, or REV's built by oldPool). */
async function poolOf(dir: string): Promise<Start> {
  const { ThreadPool: Pool } = (await import(
    join(dir, 'src/cli/thread-pool.ts')
  )) as typeof import('../../src/cli/thread-pool.ts');
  return (count) => Pool.start(count);
}

/** A run of `count` threads of the pool in `dir` in a process of its own (--cold). */
function coldRun(dir: string, count: number): Promise<Run> {
  const args = ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', dir, '--count', String(count)];
  for (const k of ['arms', 'trials', 'steps'] as const) args.push(`--${k}`, String(opt[k]));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: repo, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as Run) : reject(new Error(`child ${code}`))));
  });
}

/** REV's sources and assembly/ (built with this repo's asc) in a temporary folder, with this repo's node_modules. */
async function oldTree(rev: string): Promise<string> {
  const dir = join(tmp, 'rev');
  execFileSync('mkdir', ['-p', dir]);
  execFileSync('sh', [
    '-c',
    `git -C "${repo}" archive "${rev}" assembly asconfig.json src package.json | tar -x -C "${dir}"`,
  ]);
  symlinkSync(join(repo, 'node_modules'), join(dir, 'node_modules'));
  execFileSync(join(repo, 'node_modules/.bin/asc'), ['assembly/index.ts', '--target', 'release'], {
    cwd: dir,
    stdio: 'pipe',
  });
  return dir;
}

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Wall and CPU time of one simulation on a fresh pool of `count` threads (start-up excluded). */
async function run(start: Start, count: number, input: SimulationInput): Promise<Run> {
  const pool = await start(count);
  try {
    const t0 = performance.now(),
      c0 = cpuMs();
    const r = await pool.simulate(input);
    const wall = performance.now() - t0,
      cpu = cpuMs() - c0;
    const sums =
      `engaged_sum=${r.engagedSum} pulled_id_sum=${r.pulledIdSum} reward_mean=${r.rewardMean} ` +
      `per_arm_fnv=${armHash(r)}`;
    return { wall, cpu, sums };
  } finally {
    await pool.close();
  }
}

/** FNV-1a over the bytes of the per-arm results (the arrays the gathering worker writes), in 32-bit words. */
const armHash = (r: SimulationResult) => {
  let h = 0x811c9dc5;
  for (const a of [r.discounted, r.undiscounted, r.pulls, r.pulledAtLeastOnce]) {
    const words = new Uint32Array(a.buffer, a.byteOffset, a.byteLength / 4);
    for (let i = 0; i < words.length; i++) h = Math.imul(h ^ words[i], 0x01000193) >>> 0;
  }
  return h.toString(16);
};

const stats = (x: number[]) => {
  const s = [...x].sort((a, b) => a - b);
  return `${s[0].toFixed(2)} / ${s[Math.floor(s.length / 2)].toFixed(2)} / ${s[s.length - 1].toFixed(2)}`;
};
const ms = (x: number[]) => stats(x.map((v) => v / 1000)).replace(/\//g, '/') + ' s';

/** The bench arms of `allot bench` (its generator, seed 1), B = N/10, ties to the lowest id. */
async function benchInput(): Promise<SimulationInput> {
  const arms = benchArms(await loadEngineNode(), N, 1);
  return {
    numArms: N,
    numStates: 2,
    transitions: arms.transitions,
    rewards: arms.rewards,
    initial: uniformInitial(N, 0.5),
    discount: 0.95,
    budget: Math.max(1, Math.floor(N / 10)),
    horizon: steps,
    trials,
    seed: 1,
    policy: 'whittle',
    ties: 'lowest-id',
  };
}

if (opt.child) {
  const x = await run(await poolOf(opt.child), Number(opt.count), await benchInput());
  process.stdout.write(JSON.stringify(x));
  process.exit(0);
}

let ok = true;
// a core kept busy by this session (--busy): ended with the bench
const spinner = opt.busy ? spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }) : undefined;
// every thread of this process on core 0 (-a: the threads there are now; the pools' threads inherit it), the spinner
// left free
if (opt['one-core']) execFileSync('taskset', ['-a', '-p', '-c', '0', String(process.pid)], { stdio: 'ignore' });
try {
  const input = await benchInput();
  const dirs: [string, string][] = [['now', repo]];
  if (opt.vs) dirs.push([opt.vs, await oldTree(opt.vs)]);
  const pools: [string, (count: number) => Promise<Run>][] = [];
  for (const [name, dir] of dirs) {
    const start = opt.cold ? undefined : await poolOf(dir);
    pools.push([name, (count) => (start ? run(start, count, input) : coldRun(dir, count))]);
  }
  console.log(
    `${N.toLocaleString('en')} arms x ${trials} trials x ${steps} steps, B = N/10, a fresh pool per run` +
      `${opt.cold ? ' in a process of its own' : ''}; ` +
      `${cpus().length} cores${opt.busy ? ', one kept busy by a spinning process of this session' : ''}` +
      `${opt['one-core'] ? ', every thread of the bench on core 0' : ''}`,
  );
  const sums = new Set<string>();
  const fig = new Map<string, { wall1: number[]; wall2: number[]; cpu1: number[]; cpu2: number[] }>();
  const loads: number[] = [];
  for (let r = 1; r <= rounds; r++) {
    const cells: string[] = [];
    for (const [name, runOf] of pools) {
      const f = fig.get(name) ?? { wall1: [], wall2: [], cpu1: [], cpu2: [] };
      fig.set(name, f);
      const order = r % 2 === 1 ? [1, 2] : [2, 1];
      const got = new Map<number, Run>();
      for (const count of order) got.set(count, await runOf(count));
      for (const x of got.values()) sums.add(x.sums);
      const one = got.get(1)!,
        two = got.get(2)!;
      (f.wall1.push(one.wall), f.wall2.push(two.wall), f.cpu1.push(one.cpu), f.cpu2.push(two.cpu));
      cells.push(
        `${name}: 1 worker ${(one.wall / 1000).toFixed(2)} s (CPU ${(one.cpu / 1000).toFixed(2)}), 2 workers ` +
          `${(two.wall / 1000).toFixed(2)} s (CPU ${(two.cpu / 1000).toFixed(2)}): speed-up ` +
          `${(one.wall / two.wall).toFixed(2)}, CPU x${(two.cpu / one.cpu).toFixed(2)}`,
      );
    }
    loads.push(loadavg()[0]);
    console.log(`round ${r}: ${cells.join('; ')} (load ${loadavg()[0].toFixed(2)})`);
  }
  for (const [name, f] of fig) {
    console.log(
      `${name} (min / median / max): 1 worker ${ms(f.wall1)} (CPU ${ms(f.cpu1)}); 2 workers ${ms(f.wall2)} (CPU ` +
        `${ms(f.cpu2)}); ` +
        `speed-up ${stats(f.wall1.map((w, i) => w / f.wall2[i]))}; CPU of 2 / CPU of 1 ` +
        `${stats(f.cpu2.map((c, i) => c / f.cpu1[i]))}`,
    );
  }
  console.log(`load average after each round: ${loads.map((l) => l.toFixed(2)).join(', ')}`);
  console.log(`checksums: ${[...sums].join(' | ')}${sums.size === 1 ? ' (all agree)' : ' DIFFER'}`);
  ok = sums.size === 1;
} finally {
  spinner?.kill();
  rmSync(tmp, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
