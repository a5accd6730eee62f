// Issue 13's other figure: how often the 90 % credible intervals cover the true transitions, per
// built-in population, history call rate and seed (the unit test asserts dlm's; this prints all).
// Run: npx tsx test/bench/estimate-coverage.ts [arms=3000] [seeds=1,2] [rates=0.1,0.33]
import { credibleInterval, estimateTransitions } from '../../src/core/plan/estimate-transitions.ts';
import { generatedRegister } from '../../src/core/plan/generated-register.ts';

const N = Number(process.argv[2] ?? 3000);
const seeds = (process.argv[3] ?? '1,2').split(',').map(Number);
const rates = (process.argv[4] ?? '0.1,0.33').split(',').map(Number);
for (const [name, groupBy] of [
  ['sclm', 'Feature A'],
  ['multilingual', 'Age'],
  ['dlm', 'Ages'],
] as const) {
  for (const rate of rates) {
    for (const seed of seeds) {
      const budget = Math.round(N * rate);
      const { register, truth } = generatedRegister(
        name,
        name === 'dlm' ? { arms: N, sample: N, budget } : { arms: N, budget },
        seed,
        { weeks: 26, callsPerWeek: budget },
      );
      const posterior = estimateTransitions(register.history, register.schema, register.features, N, { groupBy });
      const hits = [0, 0, 0, 0];
      for (let arm = 0; arm < N; arm++) {
        for (let row = 0; row < 4; row++) {
          const [lo, hi] = credibleInterval(posterior, arm, row >> 1, row & 1, 0.9);
          const q = truth[arm * 8 + row * 2 + 1];
          if (q >= lo && q <= hi) hits[row]++;
        }
      }
      console.log(
        `${name.padEnd(13)} ${rate.toFixed(2)} seed ${seed}: ` +
          `${(hits.reduce((a, b) => a + b) / (4 * N)).toFixed(3)} (rows s0a0 s0a1 s1a0 s1a1: ` +
          `${hits.map((h) => (h / N).toFixed(2)).join(' ')})`,
      );
    }
  }
}
