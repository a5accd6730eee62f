// Paired speed of the Whittle-policy simulation (issue 15): in each round, one after the other on the same
// load, the C floor (../shared/bench/floor.c, gcc -O3 -march=native), this engine and, with --vs REV, the engine
// of an older commit. Same workload as `allot bench` (its arm generator; B = N/10, ties to the lowest id, one
// thread), so the checksums must agree between all of them: exit 1 if they do not.
// Run: npx tsx test/bench/simulate-paired.ts [--vs REV] [--rounds 3] [--arms 100000,1000000] [--trials 30,6] [--steps
// 50] [--repeat 1]
// [--floor PATH] (floor.c; default ../shared/bench/floor.c beside the repo, as a git worktree elsewhere needs it given)
// Ratios are taken within a round, then their median: on a shared machine, compare nothing across rounds.
// The floor times the best of its own 3 runs; the engines the best of --repeat after a 1-trial warm-up.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchArms } from '../../src/cli/commands/bench.ts';
import { loadEngineNode } from '../../src/engine/load-node.ts';
import { uniformInitial, type SimulationInput } from '../../src/engine/simulation.ts';

const { values: opt } = parseArgs({
  options: {
    vs: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    arms: { type: 'string', default: '100000,1000000' },
    trials: { type: 'string', default: '30,6' },
    steps: { type: 'string', default: '50' },
    repeat: { type: 'string', default: '1' },
    floor: { type: 'string' },
  },
});
const list = (s: string) => s.split(',').map(Number);
const arms = list(opt.arms),
  trialsOf = list(opt.trials),
  rounds = Number(opt.rounds),
  steps = Number(opt.steps),
  repeat = Number(opt.repeat);
const repo = fileURLToPath(new URL('../..', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'allot-paired-'));

interface Run {
  ns: number;
  engaged: string;
  pulled: string;
}
type Runner = (n: number, trials: number) => Run;

/** The C floor, compiled here from ../shared/bench (never copied into the repo); null without gcc or the file. */
function floorRunner(): Runner | null {
  const src = opt.floor ?? join(repo, '../shared/bench/floor.c');
  try {
    execFileSync('gcc', ['-O3', '-march=native', '-o', join(tmp, 'floor'), src, '-lm'], { stdio: 'pipe' });
  } catch {
    console.log(`(no C floor: gcc missing or ${src} not found)`);
    return null;
  }
  return (n, trials) => {
    const out = execFileSync(
      join(tmp, 'floor'),
      [String(n), '0.95', String(steps), String(trials), String(Math.max(1, Math.floor(n / 10)))],
      { encoding: 'utf8' },
    );
    const sim = out.split('\n').find((l) => l.includes('sim='))!;
    const field = (k: string) => sim.match(new RegExp(`${k}=([0-9.]+)`))![1];
    return { ns: Number(field('ns_per_arm_step')), engaged: field('engaged_sum'), pulled: field('pulled_id_sum') };
  };
}

/** An engine (src/engine's Node loader at `root`) on the bench arms, drawn once per N with the current engine. */
async function engineRunner(root: string): Promise<Runner> {
  const { loadEngineNode: load } = (await import(join(root, 'src/engine/load-node.ts'))) as {
    loadEngineNode: typeof loadEngineNode;
  };
  const engine = await load();
  return (n, trials) => {
    const input = inputOf(n, trials);
    engine.simulate({ ...input, trials: 1 }); // warm-up: JIT and WASM memory grown
    let ms = Infinity,
      r!: ReturnType<typeof engine.simulate>;
    for (let i = 0; i < repeat; i++) {
      const t0 = performance.now();
      r = engine.simulate(input);
      ms = Math.min(ms, performance.now() - t0);
    }
    return { ns: (ms * 1e6) / (n * steps * trials), engaged: String(r.engagedSum), pulled: String(r.pulledIdSum) };
  };
}

/** REV's engine: its assembly/, asconfig.json and JS glue (src/engine, src/core) built with this repo's asc. */
async function oldEngine(rev: string): Promise<Runner> {
  const dir = join(tmp, 'rev');
  execFileSync('mkdir', ['-p', dir]);
  execFileSync('sh', [
    '-c',
    `git -C "${repo}" archive "${rev}" assembly asconfig.json src/engine src/core | tar -x -C "${dir}"`,
  ]);
  execFileSync(join(repo, 'node_modules/.bin/asc'), ['assembly/index.ts', '--target', 'release'], {
    cwd: dir,
    stdio: 'pipe',
  });
  return engineRunner(dir);
}

const cache = new Map<number, ReturnType<typeof benchArms>>();
let current: Awaited<ReturnType<typeof loadEngineNode>>;
function inputOf(n: number, trials: number): SimulationInput {
  if (!cache.has(n)) (cache.clear(), cache.set(n, benchArms(current, n, 1)));
  const a = cache.get(n)!;
  return {
    numArms: n,
    numStates: 2,
    transitions: a.transitions,
    rewards: a.rewards,
    initial: uniformInitial(n, 0.5),
    discount: 0.95,
    budget: Math.max(1, Math.floor(n / 10)),
    horizon: steps,
    trials,
    seed: 1,
    policy: 'whittle',
    ties: 'lowest-id',
  };
}

const median = (x: number[]) => [...x].sort((a, b) => a - b)[Math.floor(x.length / 2)];
let ok = true;
try {
  current = await loadEngineNode();
  const runners: [string, Runner][] = [];
  const floor = floorRunner();
  if (floor) runners.push(['floor', floor]);
  runners.push(['now', await engineRunner(repo)]);
  if (opt.vs) runners.push([opt.vs, await oldEngine(opt.vs)]);
  console.log(`ns per arm-step, wall; B = N/10, ${steps} steps, one thread; ${cpus().length} cores`);
  for (const [k, n] of arms.entries()) {
    const trials = trialsOf[Math.min(k, trialsOf.length - 1)];
    const ns = new Map(runners.map(([name]) => [name, [] as number[]]));
    const sums = new Set<string>();
    for (let r = 1; r <= rounds; r++) {
      const cells: string[] = [];
      for (const [name, run] of runners) {
        const x = run(n, trials);
        ns.get(name)!.push(x.ns);
        sums.add(`engaged_sum=${x.engaged} pulled_id_sum=${x.pulled}`);
        cells.push(`${name} ${x.ns.toFixed(2)}`);
      }
      console.log(`N=${n} trials=${trials} round ${r}: ${cells.join(', ')}  (load ${loadavg()[0].toFixed(2)})`);
    }
    const ratio = (a: string, b: string) => {
      const x = ns.get(a)!.map((v, i) => v / ns.get(b)![i]);
      return `${a}/${b} ${median(x).toFixed(2)} (rounds ${x.map((v) => v.toFixed(2)).join(', ')})`;
    };
    const ratios = [floor && ratio('now', 'floor'), opt.vs && ratio(opt.vs, 'now')].filter(Boolean);
    console.log(
      `N=${n} medians: ${runners.map(([name]) => `${name} ${median(ns.get(name)!).toFixed(2)}`).join(', ')}; ` +
        `${ratios.join('; ')}`,
    );
    console.log(`N=${n} checksums: ${[...sums].join(' | ')}${sums.size === 1 ? ' (all agree)' : ' DIFFER'}`);
    ok &&= sums.size === 1;
  }
} finally {
  if (existsSync(tmp)) rmSync(tmp, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
