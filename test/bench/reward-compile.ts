// Prints how long compileReward takes over a large random DLM-schema population (100,000 arms x
// 2 states by default): `npx tsx test/bench/reward-compile.ts [numArms]`.
import { dlmSchema } from '../../src/core/datasets/dlm-schema.ts';
import { compileReward } from '../../src/core/reward/compile-reward.ts';

const numArms = Number(process.argv[2] ?? 100_000);
const numStates = 2;
const schema = dlmSchema();
const n = schema.columns.length;
const features = new Float64Array(numArms * n);
let seed = 12345;
const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
for (let arm = 0; arm < numArms; arm++) {
  for (let i = 0; i < 7; i++) features[arm * n + i] = Math.floor(random() * 40);
  for (const group of schema.groups) features[arm * n + group.columns[Math.floor(random() * group.columns.length)]] = 1;
}

const expressions = [
  'lambda feature, state: state * 0.1 + if_(state) * 2.0 * if_(feature[13] and (feature[9] or feature[10]))',
  'state * (agent_feats.age_51_60 or (agent_feats.age_51_60 and agent_feats.days_to_first_call >= 10))',
  'max(1.0, state*(1.1 if agent_feats.income_none or agent_feats.income_1 else agent_feats.income_2 or agent_feats.income_3))',
  '1 + 5*state + 40*(state and agent_feats.speaks_marathi and agent_feats.age_31_40) + 10*agent_feats.age_21_30',
  'state * (1.2*agent_feats.age_51_60 + (agent_feats.live_births == 0) + agent_feats.org_ngo + agent_feats.org_armman)',
  'state * 2**60 // 3 + round(state / 7, 3)',
];
console.log(`compileReward over ${numArms.toLocaleString('en-US')} arms x ${numStates} states (median of 7 runs after 3 warm-ups)`);
for (const expression of expressions) {
  const times: number[] = [];
  for (let run = 0; run < 10; run++) {
    const start = performance.now();
    const result = compileReward(expression, { numArms, numStates, schema, features });
    if (!result.ok) throw new Error(result.error.message);
    if (run >= 3) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(`${times[3].toFixed(1).padStart(7)} ms  ${expression}`);
}
