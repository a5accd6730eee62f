// The week's list against its numeric core (issue 28.1): at 10^5 and 10^6 dlm beneficiaries (B = N/10,
// cooldown 2 weeks, 1 % excluded, at least 20 % of calls to Ages 51-60, at most 30 % to Hindi speakers),
// the whole list (listRules + buildWeeklyList: indices under the reward and the default, the
// constrained top-B and its default twin, ranks, reasons, make-up) beside its numeric core: the indices
// under the reward (the WASM engine) plus a top-B of the same indices in C++ (top-b.cpp: nth_element and
// sort, timed inside the C++ process), in interleaved rounds. Also the whole list under health workers'
// capacities (N / 500 workers, capacities 20-80, given to buildWeeklyList as listRules compiles a plan's
// `workers` setting) with the Ages minimum (the exact list: capacityTopB's flow), beside the same core; and
// issue 26's program: those workers as a register column read through the settings, the Ages minimum and a
// 15 % holdout called at random.
// Run: npx tsx test/bench/plan-list.ts [rounds=5] [sizes=100000,1000000] [--case list|workers|program] [--vs DIR]
// [--new-week] [--prepared]
// The warm rounds are replans of one week: what the list keeps between calls on the same week (the default
// reward's indices and keys, the last list's intervals) is read again. --new-week makes each warm round the first
// list of a new week instead: the rounds alternate between two registers (seeds 1 and 2) and each gets a fresh
// view of its posterior's arrays, so nothing kept is found (the process and its JIT stay warm). --prepared keeps the
// default reward's order of every arm before each timed list (untimed), as the app and `allot plan` have it made
// while she fills the form (pipeline/plan/list-maker.ts, prepare): the list then reads its default list and ranks
// off that order.
// --case times that list alone (its first, cold run printed apart: the one to profile with node --cpu-prof);
// --vs DIR runs another checkout's listRules and buildWeeklyList on the same register in the same process,
// alternating with this code's in each round (its lists must equal this code's arms; it must read this code's
// register, e.g. the history's calls in the same form).
// CPU times (this process's, and the C++ process's own): on a shared machine they are the figures to
// compare; wall clock beside them. Prints min / median / max over the rounds and the load (uptime). Under each list,
// what of its CPU time the collector took: its pauses on this thread, and the CPU of the process's other threads
// (V8's concurrent marking and sweeping, and its compiler's): with 10^6 ids as strings in each register, 30-50 ms of
// a list's CPU at 10^6 went to those threads (measured by giving every arm one shared id string).
import { execFileSync, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { join } from 'node:path';
import { constrainedTopB } from '../../src/core/plan/constrained-top-b.ts';
import { estimateTransitions } from '../../src/core/plan/estimate-transitions.ts';
import { generatedRegister } from '../../src/core/plan/generated-register.ts';
import { listRules } from '../../src/core/plan/list-rules.ts';
import type { PlanSettings } from '../../src/core/plan/plan-settings.ts';
import { currentIndex } from '../../src/core/plan/posterior-draws.ts';
import { defaultIndexOf, stateIndices } from '../../src/core/plan/default-index.ts';
import { keepDefaultOrder } from '../../src/core/plan/default-order.ts';
import { currentWeek, type Register } from '../../src/core/plan/register.ts';
import { buildWeeklyList, type IndexFunction } from '../../src/core/plan/weekly-list.ts';
import type { WorkerRules } from '../../src/core/plan/worker-rules.ts';
import { seededRandom } from '../../src/core/random/seeded-random.ts';
import { planIndexFunction } from '../../src/engine/beta-sampler.ts';
import { loadEngineNode } from '../../src/engine/load-node.ts';
import { unpackIds } from '../../src/core/plan/packed-ids.ts';

const flag = (name: string) => process.argv.flatMap((a, i) => (process.argv[i - 1] === name ? [a] : []))[0];
const positional = process.argv
  .slice(2)
  .filter((a, i, all) => !a.startsWith('--') && !['--case', '--vs'].includes(all[i - 1]));
const newWeek = process.argv.includes('--new-week');
const prepared = process.argv.includes('--prepared');
const rounds = Number(positional[0] ?? 5);
const sizes = (positional[1] ?? '100000,1000000').split(',').map(Number);
const only = flag('--case');
const vs = flag('--vs');
type ListCode = {
  listRules: typeof listRules;
  buildWeeklyList: typeof buildWeeklyList;
  defaultIndexOf: typeof defaultIndexOf;
  keepDefaultOrder: typeof keepDefaultOrder;
};
const codes: [string, ListCode][] = [['this', { listRules, buildWeeklyList, defaultIndexOf, keepDefaultOrder }]];
if (vs) {
  const at = (file: string) => join(vs, 'src/core/plan', file);
  const files = ['list-rules.ts', 'weekly-list.ts', 'default-index.ts', 'default-order.ts'];
  const [rulesCode, listCode, indexCode, orderCode] = await Promise.all(files.map((file) => import(at(file))));
  codes.push([
    vs,
    {
      listRules: rulesCode.listRules,
      buildWeeklyList: listCode.buildWeeklyList,
      defaultIndexOf: indexCode.defaultIndexOf,
      keepDefaultOrder: orderCode.keepDefaultOrder,
    },
  ]);
}
const dir = mkdtempSync(join(tmpdir(), 'allot-top-b-'));
const binary = join(dir, 'top-b');
execFileSync('g++', ['-O2', '-march=native', '-o', binary, new URL('top-b.cpp', import.meta.url).pathname]);
// The C++ top-B runs in one process started now, while this one is small: a process started per round forked this
// one, and the list after it paid a copy-on-write page fault for every page it wrote (2-3x its CPU time; the WASM
// indices 10x).
const child = spawn(binary, [], { stdio: ['pipe', 'pipe', 'inherit'] });
const replies = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
async function cxxTopB(file: string): Promise<string[]> {
  child.stdin!.write(`${file}\n`);
  const lines: string[] = [];
  while (!lines.at(-1)?.startsWith('checksum')) {
    const next = await replies.next();
    if (next.done) throw new Error('the C++ top-B process ended');
    lines.push(next.value);
  }
  return lines;
}
const engine = await loadEngineNode();
// the engine's index function as `allot plan` and the plan worker use it (its tables in the caller's arrays)
const whittle: IndexFunction = planIndexFunction(engine);
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
const spread = (x: number[]) => {
  const s = [...x].sort((a, b) => a - b);
  const f = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(v >= 10 ? 1 : 2));
  return `${f(s[0])} / ${f(s[Math.floor(s.length / 2)])} / ${f(s[s.length - 1])}`;
};
/**
 * This thread's CPU time in ms (Linux: the scheduler's count in ns), without the collector's and compiler's; elsewhere
 * the process's (no other thread's share then shows).
 */
const threadCpu = () => {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'latin1').split(' ')[0]) / 1e6;
  } catch {
    return cpu();
  }
};
function measure<T>(run: () => T) {
  const start = performance.now(),
    c = cpu(),
    own = threadCpu();
  const result = run();
  const end = performance.now();
  return { result, cpu: cpu() - c, thread: threadCpu() - own, wall: end - start, start, end };
}
type Window = { start: number; end: number; cpu: number; thread: number };
// The collector's pauses on this thread (as Node reports them: full collections with their incremental marking
// steps, and scavenges), to say how much of a timed list was collecting. A full collection's concurrent marking runs
// on helper threads: counted in the CPU time, not here.
const { NODE_PERFORMANCE_GC_MAJOR: MAJOR, NODE_PERFORMANCE_GC_INCREMENTAL: STEP } = constants;
const pauses: { start: number; end: number; full: boolean }[] = [];
new PerformanceObserver((entries) => {
  for (const e of entries.getEntries()) {
    const kind = (e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? 0;
    pauses.push({ start: e.startTime, end: e.startTime + e.duration, full: kind === MAJOR || kind === STEP });
  }
}).observe({ entryTypes: ['gc'] });
/** ms of the full collections' (full) or the scavenges' pauses within [start, end]. */
const pausedIn = ({ start, end }: Window, full: boolean) =>
  pauses.reduce(
    (sum, g) => sum + (g.full === full ? Math.max(0, Math.min(end, g.end) - Math.max(start, g.start)) : 0),
    0,
  );

// Named apart so that a CPU profile tells the first list from the later ones.
// (declarations, not arrows: tsx leaves an arrow's name out of the profile)
function coldList<T>(run: () => T) {
  return measure(run);
}
function warmList<T>(run: () => T) {
  return measure(run);
}

const WORKER_COLUMN = {
  name: 'worker',
  label: 'worker',
  description: "her health worker's number",
  type: 'integer' as const,
  group: null,
};

console.log(`load ${load()} (1, 5, 15 min) at the start; CPU ms, min / median / max of ${rounds} rounds`);
for (const N of sizes) {
  const weekOf = (seed: number) => {
    const { register } = generatedRegister('dlm', { arms: N, sample: 48 }, seed, { weeks: 26, callsPerWeek: N / 10 });
    const posterior = estimateTransitions(register.history, register.schema, register.features, N, { groupBy: 'Ages' });
    return { register, posterior, week: currentWeek(register.history) };
  };
  const { register, posterior, week } = weekOf(1);
  const B = N / 10;
  const settings: PlanSettings = {
    reward: 'state * (1 + 2 * agent_feats.age_51_60 + agent_feats.income_1)',
    budget: B,
    exclude: unpackIds(register.ids).filter((_, arm) => arm % 100 === 7),
    cooldown: 2,
    shares: [
      { group: 'Ages', bucket: 'Ages 51-60', min: 0.2 },
      { group: 'Languages', bucket: 'Speaks Hindi', max: 0.3 },
    ],
    seed: 1,
    draws: 0,
    priorGroup: 'Ages',
    level: 0.9,
  };
  const rules = listRules(register, settings, week, posterior);
  const { tieRank, eligible } = rules.top;
  const index = currentIndex(rules, whittle, rules.transitions);
  // The C++ input, and the same top-B (no quota) in JS, whose checksum it must give.
  const input = Buffer.alloc(12 + N * 13);
  input.writeInt32LE(N, 0);
  input.writeInt32LE(B, 4);
  input.writeInt32LE(3, 8);
  Buffer.from(index.buffer).copy(input, 12);
  Buffer.from(tieRank.buffer).copy(input, 12 + N * 8);
  Buffer.from(eligible.buffer).copy(input, 12 + N * 12);
  const file = join(dir, `in-${N}`);
  writeFileSync(file, input);
  const plain = constrainedTopB({ index, tieRank, eligible, budget: B, quotas: [] }).arms;
  const checksum = plain.reduce((s, arm, j) => s + arm * (j + 1), 0);
  const topB = async () => {
    const out = await cxxTopB(file);
    if (out[3] !== `checksum ${checksum}`) {
      throw new Error(`the C++ top-B differs from allot's: ${out[3]}, ${checksum}`);
    }
    // the median of the C++ process's three repetitions: warm, as the list's rounds are
    return out
      .slice(0, 3)
      .map(Number)
      .sort((a, b) => a - b)[1];
  };
  const random = seededRandom(2);
  const W = N / 500;
  const workers: WorkerRules = {
    worker: Int32Array.from({ length: N }, () => random.int(W)),
    names: Array.from({ length: W }, (_, w) => `w${w}`),
    capacity: Float64Array.from({ length: W }, () => 20 + random.int(61)),
    minimum: new Float64Array(W),
  };
  // With workers: the Ages minimum alone (quotas of one group with workers: the exact flow).
  const withWorkers: PlanSettings = { ...settings, shares: [settings.shares[0]] };
  // Issue 26's program: the same workers as a register column read through the settings (as `allot plan
  // --worker-column` does), each worker's capacity, the Ages minimum and a 15 % holdout called at random.
  const workerColumn = Float64Array.from(workers.worker);
  const withColumn = (r: Register): Register => ({
    ...r,
    features: { numArms: N, columns: [...r.features.columns, workerColumn] },
    schema: { ...r.schema, columns: [...r.schema.columns, WORKER_COLUMN] },
  });
  // The week the cases list: the same one in every round, or with --new-week each round's own (see the top).
  const weeks = [{ register, posterior, week }, ...(newWeek ? [weekOf(2)] : [])].map((w) => ({
    ...w,
    programRegister: withColumn(w.register),
  }));
  let at = weeks[0];
  const weekOfRound = (r: number) => {
    const w = weeks[r % weeks.length];
    if (!newWeek) return w;
    // new views on the same memory: what the list keeps is keyed by the arrays themselves, and a copy (64 MB of
    // transitions at 10^6) would bring a full collection into the timed list
    const p = w.posterior,
      view = (x: Float64Array) => new Float64Array(x.buffer, x.byteOffset, x.length);
    return { ...w, posterior: { ...p, alpha: view(p.alpha), beta: view(p.beta), transitions: view(p.transitions) } };
  };
  const program: PlanSettings = {
    ...withWorkers,
    workers: {
      column: 'worker',
      capacity: Object.fromEntries(workers.names.map((_, w) => [String(w), workers.capacity[w]])),
      minimum: 0,
    },
    holdout: { share: 0.15, rule: 'random', seed: 1, weeks: 12 },
  };
  type Case = 'list' | 'workers' | 'program';
  const inputsOf = (name: Case) => ({
    ...at,
    register: name === 'program' ? at.programRegister : at.register,
    settings: { list: settings, workers: withWorkers, program }[name],
  });
  const listOf = (code: ListCode, name: Case) => () => {
    const { register, settings, week, posterior } = inputsOf(name);
    const fresh = code.listRules(register, settings, week, posterior);
    if (name === 'workers') fresh.top.workers = workers;
    return code.buildWeeklyList(register, settings, week, { whittle, posterior }, fresh);
  };
  const casesOf = (code: ListCode) => ({
    list: listOf(code, 'list'),
    workers: listOf(code, 'workers'),
    program: listOf(code, 'program'),
  });
  // --prepared: what list-maker.ts's prepare makes before her list is asked for
  const prepare = (code: ListCode, name: Case) => {
    const { register, settings, week, posterior } = inputsOf(name);
    const rules = code.listRules(register, settings, week, posterior);
    code.keepDefaultOrder(code.defaultIndexOf(rules, whittle), rules.top.tieRank);
  };
  const names = (['list', 'workers', 'program'] as const).filter((name) => !only || name === only);
  // The core's indices as the list makes them (stateIndices: a piece at a time into scratch tables, each arm's index
  // of her state into an array kept from round to round), the kernel's fastest use: a fresh table of N x S per call
  // cost 3-5 ms more at 10^6 and lowered every ratio.
  const coreIndex = new Float64Array(N);
  const indices = () =>
    stateIndices(whittle, rules.transitions, rules.rewards, rules.numStates, rules.discount, rules.state, coreIndex);
  const runs = codes.map(([label, code]) => ({ label, code, cases: casesOf(code) }));
  // The first list of each case is cold (nothing kept from an earlier list); it is timed apart.
  const cold = runs.map(({ cases }) => names.map((name) => coldList(cases[name])));
  for (let j = 0; j < names.length; j++) {
    const arms = cold.map(({ [j]: { result } }) => `${result.arms.join()} ${result.defaultRank.join()} ${result.via}`);
    if (arms.some((a) => a !== arms[0])) throw new Error(`the ${names[j]} list differs between the checkouts`);
  }
  indices();
  await topB();
  const windows = Object.fromEntries(runs.map(({ label }) => [label, new Map(names.map((n) => [n, [] as Window[]]))]));
  const wall: number[] = [];
  const core = { indices: [] as number[], topB: [] as number[] };
  const loads: string[] = [];
  for (let r = 0; r < rounds; r++) {
    core.indices.push(measure(indices).cpu);
    core.topB.push(await topB());
    for (const name of names) {
      at = weekOfRound(r + 1);
      for (const { label, code, cases } of r % 2 ? [...runs].reverse() : runs) {
        if (prepared) prepare(code, name);
        const timed = warmList(cases[name]);
        windows[label].get(name)!.push(timed);
        if (label === 'this' && name === names[0]) wall.push(timed.wall);
      }
    }
    loads.push(loadavg()[0].toFixed(1));
  }
  await new Promise((resolve) => setTimeout(resolve, 10)); // the last rounds' collections reported
  const together = core.indices.map((x, r) => x + core.topB[r]);
  console.log(`\nN = ${N.toLocaleString('en')}, B = ${B.toLocaleString('en')} (load by round: ${loads.join(', ')})`);
  console.log(`  numeric core: indices (WASM)              ${spread(core.indices)} ms CPU`);
  console.log(`                top-B (C++, same indices)   ${spread(core.topB)} ms CPU`);
  console.log(`                together                    ${spread(together)} ms CPU`);
  const title = {
    list: 'the list (rules and buildWeeklyList)',
    workers: `${W} workers' capacities, Ages minimum`,
    program: 'program: + worker column, 15 % holdout',
  };
  for (const { label } of runs) {
    if (runs.length > 1) console.log(`  ${label}:`);
    names.forEach((name, j) => {
      const timed = windows[label].get(name)!,
        x = timed.map((w) => w.cpu);
      const ratio = spread(x.map((v, r) => v / together[r]));
      const first = cold[runs.findIndex((run) => run.label === label)][j].cpu.toFixed(0);
      console.log(`  ${title[name].padEnd(40)} ${spread(x)} ms CPU, / core ${ratio} (cold ${first} ms)`);
      const full = timed.map((w) => pausedIn(w, true)),
        indent = ' '.repeat(42);
      console.log(
        `${indent}of which collecting (wall): full in ${full.filter((p) => p > 0).length} of ${x.length} lists ` +
          `${spread(full)} ms, scavenges ${spread(timed.map((w) => pausedIn(w, false)))} ms`,
      );
      console.log(
        `${indent}CPU on other threads (marking, compiling) ${spread(timed.map((w) => w.cpu - w.thread))} ms`,
      );
    });
  }
  if (names[0] === 'list' && runs.length === 1) console.log(`  the list's wall clock ${spread(wall)} ms`);
}
console.log(`\nload ${load()} at the end`);
child.stdin!.end();
rmSync(dir, { recursive: true });
