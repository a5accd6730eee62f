// Speed of the weekly plan (issue 13): estimating transitions from 10^6 histories of 26 weeks, and
// this week's list for 10^6 beneficiaries, in Node on one thread with the WASM engine.
// Run: npx tsx test/bench/plan.ts [arms] [estimate] (default 1,000,000; `estimate`: the estimation only; prints the
// median of 3 runs after one warm-up,
// wall clock and this process's CPU time: on a shared machine the CPU time is the figure to compare)
import { estimateTransitions } from '../../src/core/plan/estimate-transitions.ts';
import { generatedRegister } from '../../src/core/plan/generated-register.ts';
import { benchPlanFile } from './plan-file.ts';
import type { PlanSettings } from '../../src/core/plan/plan-settings.ts';
import { PLAN_FORMAT, PLAN_VERSION, type PlanState } from '../../src/core/plan/plan-state.ts';
import { currentWeek } from '../../src/core/plan/register.ts';
import { buildWeeklyList, type IndexFunction } from '../../src/core/plan/weekly-list.ts';
import { planIndexFunction } from '../../src/engine/beta-sampler.ts';
import { loadEngineNode } from '../../src/engine/load-node.ts';

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

function time<T>(label: string, run: () => T, runs = 3): T {
  let result = run();
  const wall: number[] = [],
    used: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now(),
      c = cpu();
    result = run();
    wall.push(performance.now() - start);
    used.push(cpu() - c);
  }
  const median = (x: number[]) => [...x].sort((a, b) => a - b)[Math.floor(x.length / 2)];
  console.log(
    `${label.padEnd(78)} ${median(wall).toFixed(0).padStart(7)} ms wall, ${median(used).toFixed(0).padStart(6)} ms CPU`,
  );
  return result;
}

const N = Number(process.argv[2] ?? 1_000_000);
const engine = await loadEngineNode();
const whittle: IndexFunction = planIndexFunction(engine);
let start = performance.now();
console.log(
  `(load average ${(await import('node:os'))
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(', ')} on ${(await import('node:os')).cpus().length} cores)`,
);
const { register } = generatedRegister('dlm', { arms: N, sample: Math.min(48, N) }, 1, {
  weeks: 26,
  callsPerWeek: Math.round(N / 10),
});
console.log(
  `(register: ${N.toLocaleString('en')} dlm beneficiaries, 43 features, 26 simulated weeks, ` +
    `${Math.round(N / 10).toLocaleString('en')} random calls a week; made in ` +
    `${((performance.now() - start) / 1000).toFixed(1)} s)`,
);

const posterior = time(
  `estimate transitions from ${N.toLocaleString('en')} histories of 26 weeks (prior group Ages)`,
  () => estimateTransitions(register.history, register.schema, register.features, N, { groupBy: 'Ages' }),
);
if (process.argv[3] === 'estimate') process.exit(0);
const week = currentWeek(register.history);
const settings = (budget: number, over: Partial<PlanSettings> = {}): PlanSettings => ({
  reward: 'state * (1 + 2 * agent_feats.age_51_60 + agent_feats.income_1)',
  budget,
  exclude: [],
  cooldown: 0,
  shares: [],
  seed: 1,
  draws: 0,
  priorGroup: 'Ages',
  level: 0.9,
  ...over,
});
for (const budget of [Math.round(N / 100), Math.round(N / 10)]) {
  time(
    `this week's list, B = ${budget.toLocaleString('en')} (indices, top-B, default list, ranks, reasons, make-up)`,
    () => buildWeeklyList(register, settings(budget), week, { whittle, posterior }),
  );
}
time(
  `the same, B = ${Math.round(N / 10).toLocaleString('en')}, cooldown 2 weeks, min 20 % Ages 51-60, max 30 % Hindi`,
  () =>
    buildWeeklyList(
      register,
      settings(Math.round(N / 10), {
        cooldown: 2,
        shares: [
          { group: 'Ages', bucket: 'Ages 51-60', min: 0.2 },
          { group: 'Languages', bucket: 'Speaks Hindi', max: 0.3 },
        ],
      }),
      week,
      { whittle, posterior },
    ),
);
let c0 = cpu();
buildWeeklyList(register, settings(Math.round(N / 10), { draws: 2 }), week, { whittle, posterior });
const withDraws = cpu() - c0;
c0 = cpu();
buildWeeklyList(register, settings(Math.round(N / 10)), week, { whittle, posterior });
console.log(
  `${'one posterior draw for the uncertain-place flags (a Beta draw per row, indices, top-B)'.padEnd(78)} ` +
    `${((withDraws - (cpu() - c0)) / 2).toFixed(0).padStart(6)} ms CPU`,
);
const list = buildWeeklyList(register, settings(Math.round(N / 10)), week, { whittle, posterior });
const plan: PlanState = {
  format: PLAN_FORMAT,
  version: PLAN_VERSION,
  register,
  settings: settings(Math.round(N / 10)),
  weeks: [
    { week, tieSeed: list.tieSeed, reward: list.reward, budget: list.budget, planned: list.arms, outcomes: null },
  ],
};
// PLAN.json and the records an applied week writes (test/bench/plan-file.ts runs these alone, with more rounds).
await benchPlanFile(N, 3, whittle, plan);
