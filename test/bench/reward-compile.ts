// Prints how long compileReward takes over a large random DLM-schema population (100,000 arms x
// 2 states by default): `npx tsx test/bench/reward-compile.ts [numArms]`.
import { compileReward } from '../../src/core/reward/compile-reward.ts';
import { randomDlmFeatures } from './random-dlm-features.ts';

const numArms = Number(process.argv[2] ?? 100_000);
const numStates = 2;
const { schema, features } = randomDlmFeatures(numArms);

const expressions = [
  'lambda feature, state: state * 0.1 + if_(state) * 2.0 * if_(feature[13] and (feature[9] or feature[10]))',
  'state * (agent_feats.age_51_60 or (agent_feats.age_51_60 and agent_feats.days_to_first_call >= 10))',
  'max(1.0, state*(1.1 if agent_feats.income_none or agent_feats.income_1 else agent_feats.income_2 or ' +
    'agent_feats.income_3))',
  '1 + 5*state + 40*(state and agent_feats.speaks_marathi and agent_feats.age_31_40) + 10*agent_feats.age_21_30',
  'state * (1.2*agent_feats.age_51_60 + (agent_feats.live_births == 0) + agent_feats.org_ngo + agent_feats.org_armman)',
  'state * 2**60 // 3 + round(state / 7, 3)',
  // four integer features with 46 values each: rows almost never repeat, every arm is evaluated
  'state * (agent_feats.gravidity + agent_feats.parity * agent_feats.days_to_first_call + ' +
    'agent_feats.enroll_gest_age / 40)',
];
// On a shared machine wall time swings; the minimum over runs is the figure to compare.
console.log(
  `compileReward over ${numArms.toLocaleString('en-US')} arms x ${numStates} states, ms over 12 runs after 3 ` +
    `warm-ups: wall min / median, CPU min`,
);
for (const expression of expressions) {
  const wall: number[] = [],
    cpu: number[] = [];
  for (let run = 0; run < 15; run++) {
    const start = performance.now(),
      usage = process.cpuUsage();
    const result = compileReward(expression, { numArms, numStates, schema, features });
    if (!result.ok) throw new Error(result.error.message);
    const used = process.cpuUsage(usage);
    if (run >= 3) {
      wall.push(performance.now() - start);
      cpu.push((used.user + used.system) / 1000);
    }
  }
  wall.sort((a, b) => a - b);
  const figures = `${wall[0].toFixed(1)} / ${wall[6].toFixed(1)}, ${Math.min(...cpu).toFixed(1)}`;
  console.log(`${figures.padStart(20)}  ${expression}`);
}
