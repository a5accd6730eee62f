// Learning while acting (issue 26.4): 26 weeks forward from 26 weeks of random-call history, the list
// planned each week on the posterior means, on one posterior draw (Thompson sampling), on the true
// transitions, or random calls; the week's outcomes come from the true transitions and join the history
// the next week's estimate reads. Engaged mother-weeks over the 26 weeks, and each policy's share of the
// true plan's lift over random calls: (X - random) / (true - random).
// All policies see the same chance: mother i's week-w outcome is u[w][i] < P(engaged | state, call), one
// u per (seed, week, mother) (common random numbers), so differences are the policies', not luck's.
// Run: npx tsx test/bench/thompson.ts [arms=2000] [seeds=1,2,3,4] [rate=0.1]
import { seededTieRanks } from '../reference/tie-ranks.ts';
import { estimateTransitions } from '../../src/core/plan/estimate-transitions.ts';
import { generatedRegister } from '../../src/core/plan/generated-register.ts';
import { defaultPriorGroup } from '../../src/core/plan/plan-settings.ts';
import type { History } from '../../src/core/plan/register.ts';
import { armOrder, selectBest } from '../reference/select-arms.ts';
import { drawTransitions } from '../../src/core/plan/thompson.ts';
import { seededRandom } from '../../src/core/random/seeded-random.ts';
import { betaSampler } from '../../src/engine/beta-sampler.ts';
import { loadEngineNode } from '../../src/engine/load-node.ts';
import { loadavg } from 'node:os';
import { toPlane, zeroPlane } from '../../src/core/plan/bit-plane.ts';
import { weekBytes } from '../../src/core/plan/week-states.ts';

const N = Number(process.argv[2] ?? 2000);
const seeds = (process.argv[3] ?? '1,2,3,4').split(',').map(Number);
const rate = Number(process.argv[4] ?? 0.1);
const WEEKS = 26;
const engine = await loadEngineNode(),
  sample = betaSampler(engine.kernels);
const rewards = new Float64Array(N * 2);
for (let arm = 0; arm < N; arm++) rewards[arm * 2 + 1] = 1;
const POLICIES = ['true', 'means', 'thompson', 'random'] as const;
type Policy = (typeof POLICIES)[number];

function run(name: string, seed: number, policy: Policy): number {
  const budget = Math.round(N * rate);
  const parameters = name === 'dlm' ? { arms: N, sample: N, budget } : { arms: N, budget };
  const { register, truth } = generatedRegister(name, parameters, seed, { weeks: 26, callsPerWeek: budget });
  const group = defaultPriorGroup(register.schema);
  const history: History = { firstWeek: 1, states: [...register.history.states], called: [...register.history.called] };
  const random = seededRandom(seed * 7919 + POLICIES.indexOf(policy));
  const trueIndex = policy === 'true' ? engine.whittleIndices(truth, rewards, 2, register.discount).indices : null;
  const pool = new Int32Array(N);
  let engaged = 0;
  for (let w = 0; w < WEEKS; w++) {
    const state = weekBytes(history.states[history.states.length - 1]);
    const called = new Uint8Array(N);
    for (let arm = 0; arm < N; arm++) pool[arm] = arm;
    if (policy === 'random') {
      for (let i = 0; i < budget; i++) {
        const j = i + random.int(N - i);
        [pool[i], pool[j]] = [pool[j], pool[i]];
      }
    } else {
      let table = trueIndex;
      if (!table) {
        const posterior = estimateTransitions(history, register.schema, register.features, N, { groupBy: group });
        const t = policy === 'means' ? posterior.transitions : drawTransitions(posterior, sample, random);
        table = engine.whittleIndices(t, rewards, 2, register.discount).indices;
      }
      const current = Float64Array.from(state, (s, arm) => table![arm * 2 + s]);
      selectBest(pool, 0, N, budget, armOrder(current, seededTieRanks(N, random.int)));
    }
    for (let i = 0; i < budget; i++) called[pool[i]] = 1;
    const chance = seededRandom(seed * 1000003 + w);
    const next = new Uint8Array(N);
    for (let arm = 0; arm < N; arm++) {
      next[arm] = chance.next() < truth[arm * 8 + state[arm] * 4 + called[arm] * 2 + 1] ? 1 : 0;
      engaged += next[arm];
    }
    history.called[history.called.length - 1] = toPlane(called);
    history.states.push(next);
    history.called.push(zeroPlane(N));
  }
  return engaged;
}

const load = loadavg()
  .map((x) => x.toFixed(1))
  .join(', ');
console.log(
  `(${N} mothers, ${Math.round(N * rate)} calls a week, 26 weeks of random-call history, 26 weeks forward; ` +
    `seeds ${seeds.join(',')}; load ${load})`,
);
console.log(
  'population    seed   engaged mother-weeks: true    means  thompson   random' +
    '   share of the lift: means  thompson',
);
for (const name of ['sclm', 'multilingual', 'dlm']) {
  const shares = { means: [] as number[], thompson: [] as number[] };
  for (const seed of seeds) {
    const got = Object.fromEntries(POLICIES.map((p) => [p, run(name, seed, p)])) as Record<Policy, number>;
    const lift = got.true - got.random;
    const share = (x: number) => (x - got.random) / lift;
    shares.means.push(share(got.means));
    shares.thompson.push(share(got.thompson));
    const widths: Array<[number, number]> = [
      [got.true, 28],
      [got.means, 8],
      [got.thompson, 9],
      [got.random, 8],
    ];
    const counts = widths.map(([x, w]) => String(x).padStart(w));
    const lifts = `${share(got.means).toFixed(3).padStart(25)} ${share(got.thompson).toFixed(3).padStart(9)}`;
    console.log(`${name.padEnd(13)} ${String(seed).padStart(4)} ${counts.join(' ')} ${lifts}`);
  }
  const mean = (x: number[]) => x.reduce((a, b) => a + b, 0) / x.length;
  const diffs = shares.thompson.map((t, i) => t - shares.means[i]);
  const sd = Math.sqrt(diffs.reduce((a, d) => a + (d - mean(diffs)) ** 2, 0) / Math.max(1, diffs.length - 1));
  const lifts = `${mean(shares.means).toFixed(3).padStart(9)} ${mean(shares.thompson).toFixed(3).padStart(9)}`;
  const gap = `thompson - means ${mean(diffs).toFixed(3)} (sd over seeds ${sd.toFixed(3)})`;
  console.log(`${name.padEnd(13)} mean ${''.padStart(60)} ${lifts}   ${gap}`);
}
