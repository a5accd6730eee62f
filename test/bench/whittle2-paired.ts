// Paired speed of the 2-state Whittle index kernel (issue 28, item 6): in each round, one after the other on the
// same load, the C floor's closed form (../shared/bench/floor.c) built three ways (gcc -O3 -march=native, which
// is AVX-512 on a Zen 4/5; -O3 -mavx2 -mfma; plain -O3, SSE2; all with -ffp-contract=off, as gcc would otherwise
// fuse 1 - beta * (q10 - q00) into an FMA and round differently from the reference), this engine's kernel on data
// already in WASM
// memory in its layout (as the floor times its loop alone), the public Engine.whittle2 with its copies in and
// out, the same from the kernel's own layout filled by the caller (Engine.whittle2Pairs: one copy in, one out),
// and with --vs REV the same of an older commit. Same arms as `allot bench` (shared/bench's "valid"
// generator, seed 1, discount 0.95), so the floor's `sum` must equal the engine's: exit 1 if it does not.
// Run: npx tsx test/bench/whittle2-paired.ts [--arms 10000,100000,1000000] [--rounds 5] [--vs REV] [--floor PATH]
// Times are the best of many runs in each round (the floor's own best of 200 to 20,000); the ratios are taken
// within a round, then their min / median / max.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchArms } from '../../src/cli/commands/bench.ts';
import { armPairsFromRows } from '../../src/engine/arm-pairs.ts';
import type { Engine } from '../../src/engine/engine.ts';
import { loadEngineNode } from '../../src/engine/load-node.ts';

const { values: opt } = parseArgs({
  options: {
    arms: { type: 'string', default: '10000,100000,1000000' },
    rounds: { type: 'string', default: '5' },
    vs: { type: 'string' },
    floor: { type: 'string' },
  },
});
const sizes = opt.arms.split(',').map(Number),
  rounds = Number(opt.rounds);
const repo = fileURLToPath(new URL('../..', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'allot-whittle2-'));
const BETA = 0.95;

/** The floor's closed form, compiled with `flags`: its best time in ms and its sum of the index table. */
function floorRunner(name: string, flags: string[]): (n: number) => { ms: number; sum: string } {
  const src = opt.floor ?? join(repo, '../shared/bench/floor.c'),
    bin = join(tmp, name);
  execFileSync('gcc', [...flags, '-o', bin, src, '-lm'], { stdio: 'pipe' });
  return (n) => {
    // one step of one trial: the floor also simulates and measures bandwidth, which this bench does not read
    const line = execFileSync(bin, [String(n), String(BETA), '1', '1'], { encoding: 'utf8' })
      .split('\n')
      .find((l) => l.includes('method=closed'))!;
    return { ms: Number(line.match(/ ms=([0-9.]+)/)![1]), sum: line.match(/sum=([0-9.]+)/)![1] };
  };
}

/**
 * The kernel alone (data in WASM memory, in the kernel's layout: the pairs of packArms2, or an older commit's rows) and
 * Engine.whittle2.
 */
type EngineRun = { kernel: number; copies: number; fresh: number; pairs: number; sum: string };
function engineRunner(engine: Engine, reps: (n: number) => number): (n: number) => EngineRun {
  const k = engine.kernels as Engine['kernels'] & { packArms2?: unknown };
  const call = k.whittle2 as (...args: number[]) => void;
  return (n) => {
    const a = arms(n),
      r = reps(n);
    const t = k.alloc(n * 64),
      rw = k.alloc(n * 16),
      pairs = k.alloc(n * 48 + 96),
      out = k.alloc(n * 16);
    try {
      new Float64Array(k.memory.buffer, t, n * 8).set(a.transitions);
      new Float64Array(k.memory.buffer, rw, n * 2).set(a.rewards);
      const kernel = k.packArms2
        ? (k.packArms2(n, t, rw, pairs), () => call(n, pairs, BETA, out))
        : () => call(n, t, rw, BETA, out);
      const ms = best(r, kernel);
      // with copies into the caller's array (an older engine has no `out`: a new array then), and into a new array
      const reused = new Float64Array(2 * n),
        w2 = engine.whittle2.bind(engine) as (...x: unknown[]) => Float64Array;
      const copies = best(Math.max(3, r >> 2), () => w2(a.transitions, a.rewards, BETA, reused));
      const fresh = best(Math.max(3, r >> 2), () => engine.whittle2(a.transitions, a.rewards, BETA));
      // the kernel's layout filled by the caller (an older engine has no whittle2Pairs: NaN)
      const byPairs = (engine as Partial<Pick<Engine, 'whittle2Pairs'>>).whittle2Pairs?.bind(engine);
      const inPairs = byPairs && armPairsFromRows(a.transitions, a.rewards);
      const pairsMs = byPairs ? best(Math.max(3, r >> 2), () => byPairs(inPairs!, n, BETA, reused)) : NaN;
      const w = engine.whittle2(a.transitions, a.rewards, BETA);
      let sum = 0;
      for (let j = 0; j < w.length; j++) sum += w[j];
      if (byPairs) for (let j = 0; j < w.length; j++) if (!Object.is(reused[j], w[j])) sum = NaN;
      return { kernel: ms, copies, fresh, pairs: pairsMs, sum: sum.toFixed(9) };
    } finally {
      for (const p of [t, rw, pairs, out]) k.free(p);
    }
  };
}

/** REV's engine: its assembly/ (built with this repo's asc) and src/engine, src/core. */
async function oldEngine(rev: string): Promise<Engine> {
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
  const { loadEngineNode: load } = (await import(join(dir, 'src/engine/load-node.ts'))) as {
    loadEngineNode: typeof loadEngineNode;
  };
  return load();
}

let current: Engine;
const cache = new Map<number, ReturnType<typeof benchArms>>();
const arms = (n: number) => {
  if (!cache.has(n)) (cache.clear(), cache.set(n, benchArms(current, n, 1)));
  return cache.get(n)!;
};
function best(repeat: number, fn: () => void): number {
  let ms = Infinity;
  for (let i = 0; i < repeat; i++) {
    const t0 = performance.now();
    fn();
    ms = Math.min(ms, performance.now() - t0);
  }
  return ms;
}
const stats = (x: number[]) => {
  const s = [...x].sort((a, b) => a - b);
  return `${s[0].toFixed(2)} / ${s[Math.floor(s.length / 2)].toFixed(2)} / ${s[s.length - 1].toFixed(2)}`;
};

let ok = true;
try {
  current = await loadEngineNode();
  const reps = (n: number) => (n <= 10_000 ? 2000 : n <= 100_000 ? 200 : 20);
  const floors: [string, ReturnType<typeof floorRunner>][] = [
    ['native', floorRunner('floor-native', ['-O3', '-march=native', '-ffp-contract=off'])],
    ['avx2', floorRunner('floor-avx2', ['-O3', '-mavx2', '-mfma', '-ffp-contract=off'])],
    ['sse2', floorRunner('floor-sse2', ['-O3'])],
  ];
  const engines: [string, ReturnType<typeof engineRunner>][] = [['now', engineRunner(current, reps)]];
  if (opt.vs) engines.push([opt.vs, engineRunner(await oldEngine(opt.vs), reps)]);
  console.log(
    `2-state Whittle indices, ms (best of ${reps(1e4)} / ${reps(1e5)} / ${reps(1e6)} runs at 10^4 / 10^5 / 10^6 ` +
      `arms); ${cpus().length} cores, ${cpus()[0].model}`,
  );
  for (const n of sizes) {
    const t = new Map<string, number[]>();
    const put = (key: string, v: number) => t.set(key, [...(t.get(key) ?? []), v]);
    const sums = new Set<string>();
    for (let r = 1; r <= rounds; r++) {
      const cells: string[] = [];
      for (const [name, run] of floors) {
        const x = run(n);
        (put(name, x.ms), sums.add(x.sum), cells.push(`C ${name} ${x.ms.toFixed(4)}`));
      }
      for (const [name, run] of engines) {
        const x = run(n);
        (put(`${name} kernel`, x.kernel), put(`${name} copies`, x.copies), put(`${name} new array`, x.fresh));
        put(`${name} pairs`, x.pairs);
        sums.add(x.sum);
        cells.push(
          `${name} kernel ${x.kernel.toFixed(4)}, with copies ${x.copies.toFixed(4)}, ` +
            `new array ${x.fresh.toFixed(4)}, from pairs ${x.pairs.toFixed(4)}`,
        );
      }
      console.log(`N=${n} round ${r}: ${cells.join('; ')} (load ${loadavg()[0].toFixed(2)})`);
    }
    const ratio = (a: string, b: string) => `${a} / C ${b} ${stats(t.get(a)!.map((v, i) => v / t.get(b)![i]))}`;
    for (const [name] of engines) {
      console.log(
        `N=${n} ${name} (min / median / max): ${ratio(`${name} kernel`, 'avx2')}; ` +
          `${ratio(`${name} copies`, 'avx2')}; ` +
          `${ratio(`${name} new array`, 'avx2')}; ${ratio(`${name} pairs`, 'avx2')}; ` +
          `${ratio(`${name} kernel`, 'native')}; ` +
          `${ratio(`${name} copies`, 'native')}; ` +
          `${ratio(`${name} kernel`, 'sse2')}`,
      );
    }
    if (opt.vs) {
      for (const what of ['kernel', 'copies']) {
        const x = t.get(`${opt.vs} ${what}`)!.map((v, i) => v / t.get(`now ${what}`)![i]);
        console.log(
          `N=${n} ${opt.vs} / now, ${what === 'kernel' ? 'kernel' : 'with copies'} (min / median / max): ${stats(x)}`,
        );
      }
    }
    console.log(
      `N=${n} medians, ms: ` +
        [...t].map(([k, v]) => `${k} ${[...v].sort((a, b) => a - b)[Math.floor(v.length / 2)].toFixed(4)}`).join(', '),
    );
    console.log(`N=${n} sums: ${[...sums].join(' | ')}${sums.size === 1 ? ' (all agree)' : ' DIFFER'}`);
    ok &&= sums.size === 1;
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
