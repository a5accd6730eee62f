// Posterior draws on one engine or two (issue 28, item 2): the plan worker's uncertain places (WeeklyPlan.uncertainty,
// 20 draws at 10^6 beneficiaries) with no helper, and with a second engine on a Node worker thread standing in for
// the browser's draw worker (src/workers/plan/draw.worker.ts: the same posteriorIndexDraw, the posterior sent when
// estimated, the rules with the list's first draws, asked while the list is made). Interleaved rounds on the same
// list; each round checks that both give the same counts. Prints the wall time of the 20 draws and of the first marks
// (the count of the first 2 draws) from the list, with min / median / max and the load; both include the plan's save
// (a memory store's clone), which runs after the first marks.
// Run: npx tsx test/bench/draw-workers.ts [arms] [rounds]   (default 1,000,000 and 3)
import { loadavg } from 'node:os';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { planIndexFunction, posteriorIndexDraw } from '../../src/engine/beta-sampler.ts';
import { loadEngineNode } from '../../src/engine/load-node.ts';
import type { TransitionPosterior } from '../../src/core/plan/estimate-transitions.ts';
import type { DrawHelper, Uncertainty } from '../../src/pipeline/plan/uncertain-places.ts';
import { WeeklyPlan } from '../../src/pipeline/plan/weekly-plan.ts';
import { MemoryStore } from '../../src/storage/memory-store.ts';

interface Inputs {
  alpha: Float64Array;
  beta: Float64Array;
  rewards: Float64Array;
  discount: number;
  state: Uint8Array;
}

if (!isMainThread) {
  const draw = posteriorIndexDraw((await loadEngineNode()).kernels);
  let inputs: Partial<Inputs> = {};
  parentPort!.on('message', (m: { give?: Partial<Inputs>; seed?: number; id: number }) => {
    if (m.give) return void (inputs = { ...inputs, ...m.give });
    const { alpha, beta, rewards, discount, state } = inputs as Inputs;
    const index = draw(alpha!, beta!, m.seed!, rewards!, discount!, state!);
    parentPort!.postMessage({ id: m.id, index }, [index.buffer as ArrayBuffer]);
  });
} else {
  const N = Number(process.argv[2] ?? 1_000_000),
    rounds = Number(process.argv[3] ?? 3);
  const thread = new Worker(new URL('./draw-thread.mjs', import.meta.url));
  const waiting = new Map<number, (index: Float64Array) => void>();
  thread.on('message', (m: { id: number; index: Float64Array }) => waiting.get(m.id)!(m.index));
  let sent: unknown = null,
    ruled: unknown = null,
    id = 0;
  // As draw-helper.ts: the posterior when it is estimated (prepare), the rules with the list's first draw.
  const givePosterior = (posterior: TransitionPosterior) => {
    if (sent !== posterior) thread.postMessage({ give: { alpha: posterior.alpha, beta: posterior.beta } });
    sent = posterior;
  };
  const helper: DrawHelper = {
    prepare: givePosterior,
    draw: (seed, posterior, rewards, discount, state) => {
      givePosterior(posterior);
      if (ruled !== rewards) thread.postMessage({ give: { rewards, discount, state } });
      ruled = rewards;
      const k = id++;
      thread.postMessage({ seed, id: k });
      return new Promise((resolve) => waiting.set(k, resolve));
    },
  };
  const engine = await loadEngineNode();
  const whittle = async () => planIndexFunction(engine);
  const sessions = {
    one: new WeeklyPlan(whittle, async () => new MemoryStore()),
    two: new WeeklyPlan(whittle, async () => new MemoryStore(), helper),
  };
  const source = { kind: 'generator' as const, generator: 'sclm', parameters: { arms: N }, seed: 1, weeks: 26 };
  const settings = {
    reward: 'state * (1 + agent_feats[0])',
    budget: N / 10,
    exclude: [],
    cooldown: 0,
    shares: [],
    seed: 0,
    draws: 20,
    priorGroup: null,
    level: 0.9,
  };
  const meta = { id: 'bench', name: 'bench', createdAt: 0, updatedAt: 0, policy: { kind: 'typed' as const } };
  for (const s of Object.values(sessions)) await s.loadRegister(source);
  const figures = new Map<string, number[]>();
  const put = (k: string, v: number) => figures.set(k, [...(figures.get(k) ?? []), v]);
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const loads: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const got: Uncertainty[] = [];
    for (const [name, s] of Object.entries(sessions)) {
      // a new seed each round: the draws are made anew, not the kept ones
      const l0 = performance.now(),
        lc = cpu();
      await s.create({ ...settings, seed: r + 1 }, meta);
      (put(`${name} list`, performance.now() - l0), put(`${name} list CPU`, cpu() - lc));
      let first = NaN,
        firstCpu = NaN;
      const t0 = performance.now(),
        c0 = cpu();
      const u = await s.uncertainty(() => {
        if (Number.isNaN(first)) ((first = performance.now() - t0), (firstCpu = cpu() - c0));
      });
      (put(`${name} all`, performance.now() - t0), put(`${name} all CPU`, cpu() - c0));
      (put(`${name} first`, first), put(`${name} first CPU`, firstCpu), got.push(u!));
    }
    loads.push(loadavg()[0]);
    if (got[0].membership.some((m, j) => m !== got[1].membership[j])) throw new Error('the counts differ');
    const cells = [...figures].map(([k, v]) => `${k} ${v.at(-1)!.toFixed(0)}`);
    console.log(`round ${r + 1}: ${cells.join(', ')} ms (load ${loads.at(-1)!.toFixed(1)})`);
  }
  const stats = (x: number[], digits = 0) => {
    const s = [...x].sort((a, b) => a - b);
    return `${s[0].toFixed(digits)} / ${s[s.length >> 1].toFixed(digits)} / ${s.at(-1)!.toFixed(digits)}`;
  };
  const ratio = (a: string, b: string) => figures.get(a)!.map((x, i) => x / figures.get(b)![i]);
  const n = N.toLocaleString('en');
  const over = `min / median / max of ${rounds} rounds; load ${stats(loads, 1)}`;
  console.log(`${n} beneficiaries, B = N/10, 20 draws; ${over}`);
  const names: Record<string, string> = { list: 'the list', all: '20 draws', first: 'first marks' };
  for (const k of ['list', 'all', 'first']) {
    console.log(
      `${names[k]}: one engine ${stats(figures.get(`one ${k}`)!)} ms wall ` +
        `(${stats(figures.get(`one ${k} CPU`)!)} ms CPU), two ${stats(figures.get(`two ${k}`)!)} ms wall ` +
        `(${stats(figures.get(`two ${k} CPU`)!)} ms CPU); one / two, wall ${stats(ratio(`one ${k}`, `two ${k}`), 2)}`,
    );
  }
  await thread.terminate();
}
