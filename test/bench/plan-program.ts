// The week's list of a program as issue 26 runs it (item 6): 10^6 dlm mothers with 26 weeks of history,
// 2,000 health workers (a number column of the register; caseloads uneven) with capacities of 20-80
// calls a week, and a 15 % randomized holdout called at random, B = 10^5 - beside the same list with
// one central budget and no holdout, in interleaved rounds of one process. The whole list: listRules
// (eligibility, the holdout's split, the workers' rules) and buildWeeklyList (indices, the exact list
// under every capacity, the holdout's calls, ranks, reasons, make-up). Not a timed test: it prints.
// Run: npx tsx test/bench/plan-program.ts [rounds=3] [arms=1000000] [workers=2000]
import { loadavg } from 'node:os';
import { estimateTransitions } from '../../src/core/plan/estimate-transitions.ts';
import { generatedRegister } from '../../src/core/plan/generated-register.ts';
import { listRules } from '../../src/core/plan/list-rules.ts';
import type { PlanSettings } from '../../src/core/plan/plan-settings.ts';
import { currentWeek, type Register } from '../../src/core/plan/register.ts';
import { buildWeeklyList, type IndexFunction } from '../../src/core/plan/weekly-list.ts';
import { seededRandom } from '../../src/core/random/seeded-random.ts';
import { planIndexFunction } from '../../src/engine/beta-sampler.ts';
import { loadEngineNode } from '../../src/engine/load-node.ts';

const rounds = Number(process.argv[2] ?? 3),
  N = Number(process.argv[3] ?? 1_000_000),
  W = Number(process.argv[4] ?? 2000);
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

let start = performance.now();
const { register: base } = generatedRegister('dlm', { arms: N, sample: 48 }, 1, { weeks: 26, callsPerWeek: N / 10 });
// Each mother's worker: a number column, caseloads from 0.5 to 2 times the mean.
const random = seededRandom(3);
const weight = Float64Array.from({ length: W }, () => 0.5 + 1.5 * random.next());
const cumulative = new Float64Array(W);
weight.reduce((a, w, i) => (cumulative[i] = a + w), 0);
const workerOf = new Float64Array(N);
for (let arm = 0; arm < N; arm++) {
  const u = random.next() * cumulative[W - 1];
  let lo = 0,
    hi = W - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid] < u) lo = mid + 1;
    else hi = mid;
  }
  workerOf[arm] = lo;
}
const features = { numArms: N, columns: [...base.features.columns, workerOf] };
const worker = {
  name: 'worker',
  label: 'worker',
  description: "her health worker's number",
  type: 'integer' as const,
  group: null,
};
const register: Register = { ...base, features, schema: { ...base.schema, columns: [...base.schema.columns, worker] } };
const posterior = estimateTransitions(register.history, register.schema, register.features, N, { groupBy: 'Ages' });
const week = currentWeek(register.history);
console.log(
  `register of ${N} with ${W} workers and its posterior: ${((performance.now() - start) / 1000).toFixed(1)} s`,
);

const B = N / 10;
const capacity = Object.fromEntries(Array.from({ length: W }, (_, w) => [String(w), 20 + random.int(61)]));
const central: PlanSettings = {
  reward: 'state * (1 + agent_feats.age_51_60)',
  budget: B,
  exclude: [],
  cooldown: 2,
  shares: [],
  seed: 1,
  draws: 0,
  priorGroup: 'Ages',
  level: 0.9,
};
const program: PlanSettings = {
  ...central,
  workers: { column: 'worker', capacity, minimum: 0 },
  holdout: { share: 0.15, rule: 'random', seed: 1, weeks: 12 },
};
const list = (settings: PlanSettings) =>
  buildWeeklyList(register, settings, week, { whittle, posterior }, listRules(register, settings, week, posterior));

const check = list(program);
const held = check.arm ? check.arm.reduce((a, x) => a + x, 0) : 0;
console.log(
  `the program's list: ${check.arms.length} calls (${held} the holdout's), ${check.workers?.length ?? 0} workers`,
);
list(central);
const times = {
  central: [] as number[],
  program: [] as number[],
  centralWall: [] as number[],
  programWall: [] as number[],
};
const loads = [load()];
for (let r = 0; r < rounds; r++) {
  for (const [name, settings] of [
    ['central', central],
    ['program', program],
  ] as const) {
    start = performance.now();
    const c = cpu();
    list(settings);
    times[name].push(cpu() - c);
    times[`${name}Wall`].push(performance.now() - start);
  }
  loads.push(load());
}
const median = (x: number[]) => [...x].sort((a, b) => a - b)[Math.floor(x.length / 2)];
const show = (x: number[]) => `${Math.min(...x).toFixed(0)} / ${median(x).toFixed(0)} / ${Math.max(...x).toFixed(0)}`;
console.log(`load (1, 5, 15 min) before and after each round: ${loads.join(' | ')}`);
console.log(`ms, min / median / max of ${rounds} rounds     CPU                 wall`);
console.log(`one budget, no holdout               ${show(times.central).padEnd(20)}${show(times.centralWall)}`);
console.log(`${W} workers' capacities, 15% holdout  ${show(times.program).padEnd(20)}${show(times.programWall)}`);
console.log(`ratio of medians (CPU): x${(median(times.program) / median(times.central)).toFixed(2)}`);
