// Speed of the list under workers' capacities (issue 26.1): 10^6 beneficiaries, 2,000 workers with
// capacities (and minima), beside the plain top B (constrainedTopB without quotas) in interleaved
// rounds of the same process; then with share quotas of one group (the min-cost flow).
// Run: npx tsx test/bench/capacity.ts [arms=1000000] [workers=2000] [flow | greedy: that part only]
// Prints medians of 3 rounds after a warm-up: wall clock and this process's CPU time.
import { capacityTopB } from '../../src/core/plan/capacity-top-b.ts';
import { constrainedTopB, type CallQuota } from '../../src/core/plan/constrained-top-b.ts';
import { seededTieRanks } from '../reference/tie-ranks.ts';
import { seededRandom } from '../../src/core/random/seeded-random.ts';
import type { WorkerRules } from '../../src/core/plan/worker-rules.ts';
import { loadavg } from 'node:os';

const N = Number(process.argv[2] ?? 1_000_000),
  W = Number(process.argv[3] ?? 2000);
const r = seededRandom(1);
// Indices like a list's: continuous, with a mass of ties at 0 (mothers a call cannot help).
const index = Float64Array.from({ length: N }, () => (r.next() < 0.2 ? 0 : r.next() * r.next()));
const tieRank = seededTieRanks(N, r.int);
const eligible = Uint8Array.from({ length: N }, () => (r.next() < 0.97 ? 1 : 0));
// Workers of unequal caseloads (some with three times the mothers of others), capacities 20-80 a week.
const weight = Float64Array.from({ length: W }, () => 0.5 + r.next() * 1.5);
const cumulative = new Float64Array(W);
weight.reduce((a, w, i) => (cumulative[i] = a + w), 0);
const worker = Int32Array.from({ length: N }, () => {
  const u = r.next() * cumulative[W - 1];
  let lo = 0,
    hi = W - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid] < u) lo = mid + 1;
    else hi = mid;
  }
  return lo;
});
const capacity = Float64Array.from({ length: W }, () => 20 + r.int(61));
const names = Array.from({ length: W }, (_, w) => `w${w}`);
const noMinimum: WorkerRules = { worker, names, capacity, minimum: new Float64Array(W) };
const minima: WorkerRules = { ...noMinimum, minimum: Float64Array.from(capacity, () => r.int(6)) };
const common = { index, tieRank, eligible };
const bucket = Int32Array.from({ length: N }, () => r.int(4));
const members = (b: number) => Uint8Array.from(bucket, (x) => (x === b ? 1 : 0));

const cpu = () => (process.cpuUsage().user + process.cpuUsage().system) / 1000;
const median = (x: number[]) => [...x].sort((a, b) => a - b)[Math.floor(x.length / 2)];
function rounds(cases: Array<[string, () => unknown]>, runs = 3): void {
  for (const [, run] of cases) run();
  const wall = cases.map(() => [] as number[]),
    used = cases.map(() => [] as number[]);
  for (let i = 0; i < runs; i++) {
    cases.forEach(([, run], c) => {
      const start = performance.now(),
        t = cpu();
      run();
      wall[c].push(performance.now() - start);
      used[c].push(cpu() - t);
    });
  }
  const base = median(used[0]);
  cases.forEach(([label], c) => {
    const [w, u] = [median(wall[c]), median(used[c])];
    const times = `${w.toFixed(0).padStart(6)} ms wall ${u.toFixed(0).padStart(6)} ms CPU`;
    console.log(`${label.padEnd(70)} ${times}  x${(u / base).toFixed(2)}`);
  });
}

console.log(
  `(${N} arms, ${W} workers with capacities 20-80; load ${loadavg()
    .map((x) => x.toFixed(1))
    .join(', ')})`,
);
for (const budget of process.argv[4] === 'flow' ? [] : [10_000, 100_000]) {
  rounds([
    [`top B, B = ${budget} (constrainedTopB, no quota)`, () => constrainedTopB({ ...common, budget, quotas: [] })],
    [`capacities, B = ${budget}`, () => capacityTopB({ ...common, budget, quotas: [], workers: noMinimum })],
    [`capacities, minima 0-5, B = ${budget}`, () => capacityTopB({ ...common, budget, quotas: [], workers: minima })],
  ]);
}
const binding =
  process.argv[4] === 'flow'
    ? NaN
    : capacityTopB({ ...common, budget: 100_000, quotas: [], workers: noMinimum }).binding.length;
if (binding === binding) console.log(`(at B = 100,000, ${binding} of ${W} capacities bind)`);
for (const budget of process.argv[4] === 'greedy' ? [] : [1000, 10_000, 100_000]) {
  const quotas: CallQuota[] = [
    { label: 'bucket 0', members: members(0), min: Math.ceil(0.3 * budget), max: Infinity },
    { label: 'bucket 1', members: members(1), min: 0, max: Math.floor(0.2 * budget) },
  ];
  rounds(
    [
      [`top B, B = ${budget}, 2 share quotas (greedy)`, () => constrainedTopB({ ...common, budget, quotas })],
      [
        `capacities and 2 share quotas of one group, B = ${budget} (flow)`,
        () => capacityTopB({ ...common, budget, quotas, workers: noMinimum }),
      ],
    ],
    1,
  );
}
