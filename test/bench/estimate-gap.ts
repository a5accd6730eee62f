// Issue 13's figure: planning on 26 weeks of estimated history against planning on the true
// transitions, per built-in population and history call rate, with two oracles that say where the
// gap comes from:
//   "true effect": estimated not-called rows, called row = estimated not-called + her TRUE call effect;
//   "feature effect": estimated not-called rows, called row = estimated not-called + the generator's
//     expected effect given her features, E[max(0, mu(x) + sigma Z)] (what no estimator can beat
//     without seeing her own calls: the effect's chance part sigma Z is hers alone);
//   "bayes": the exact posterior under the generator's model, from her calls in the same state (own)
//     or in both (shared, one effect for both states): what no estimator of such histories can beat;
//   "prior-only": the estimate's called-row prior mean with the not-called rows above, without her own
//     called weeks in that state;
//   "no-shift": the estimate with the not-called rows above (her called weeks not moving them);
//   "random": random calls, for scale.
// Run: npx tsx test/bench/estimate-gap.ts [arms=2000] [seeds=1,2] [rates=0.1,0.33]   (GROUP=none: one
// not-called prior for the whole register instead of one per bucket of the population's first group)
import { countTransitions, estimateTransitions } from '../../src/core/plan/estimate-transitions.ts';
import { generatedRegister } from '../../src/core/plan/generated-register.ts';
import { groupBuckets } from '../../src/core/measures/group-buckets.ts';
import { registerToInstance } from '../../src/core/plan/register.ts';
import { DLM_EFFECT_WEIGHTS } from '../../src/core/datasets/generators/dlm.ts';
import { MULTILINGUAL_WEIGHTS } from '../../src/core/datasets/generators/multilingual.ts';
import { SCLM_DATASETS } from '../../src/core/datasets/generators/sclm.ts';
import { compileReward } from '../../src/core/reward/compile-reward.ts';
import { loadEngineNode } from '../../src/engine/load-node.ts';
import { valueAt } from '../../src/core/instance/feature-table.ts';

const N = Number(process.argv[2] ?? 2000);
const seeds = (process.argv[3] ?? '1,2').split(',').map(Number);
const rates = (process.argv[4] ?? '0.1,0.33').split(',').map(Number);
const engine = await loadEngineNode();

const POPULATIONS = [
  { name: 'sclm', groupBy: 'Feature A', scale: 0.4, sigma: 0.1 },
  { name: 'multilingual', groupBy: 'Age', scale: 0.4, sigma: 0.1 },
  { name: 'dlm', groupBy: 'Ages', scale: 0.1, sigma: 0.05 },
];

/** mu(x) of drawEffect for every arm: the generator's weighted sum rescaled to [0, scale]. */
function meanEffects(
  name: string,
  register: ReturnType<typeof generatedRegister>['register'],
  scale: number,
): Float64Array {
  const { schema, features, numArms } = register;
  const buckets = groupBuckets(schema, features, numArms);
  let weights: number[], x: (arm: number, i: number) => number;
  if (name === 'sclm') {
    weights = SCLM_DATASETS[1].weights;
    x = (arm, i) => valueAt(features.columns[i], arm);
  } else {
    const groups =
      name === 'dlm'
        ? schema.groups.map((g, gi) => ({ g, gi })).filter(({ g }) => g.name in DLM_EFFECT_WEIGHTS)
        : schema.groups.map((g, gi) => ({ g, gi }));
    weights = name === 'dlm' ? groups.map(({ g }) => DLM_EFFECT_WEIGHTS[g.name]) : MULTILINGUAL_WEIGHTS;
    x = (arm, i) => buckets[groups[i].gi][arm] / (groups[i].g.buckets.length - 1);
  }
  let lo = 0,
    hi = 0;
  for (const w of weights) w < 0 ? (lo += w) : (hi += w);
  const mu = new Float64Array(numArms);
  for (let arm = 0; arm < numArms; arm++) {
    let z = 0;
    weights.forEach((w, i) => (z += w * x(arm, i)));
    mu[arm] = (scale * (z - lo)) / (hi - lo);
  }
  return mu;
}

const phi = (z: number) => Math.exp((-z * z) / 2) / Math.sqrt(2 * Math.PI);
function Phi(z: number) {
  // Abramowitz-Stegun 7.1.26 through erf; enough for an oracle.
  const t = 1 / (1 + (0.3275911 * Math.abs(z)) / Math.SQRT2);
  const e =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp((-z * z) / 2);
  return z >= 0 ? (1 + e) / 2 : (1 - e) / 2;
}
const clip = (p: number) => (p < 0 ? 0 : p > 1 ? 1 : p);

function withCalled(estimate: Float64Array, effect: (arm: number, s: number) => number): Float64Array {
  const t = Float64Array.from(estimate);
  for (let arm = 0; arm < t.length / 8; arm++) {
    for (let s = 0; s < 2; s++) {
      const q = clip(t[arm * 8 + s * 4 + 1] + effect(arm, s));
      t[arm * 8 + s * 4 + 2] = 1 - q;
      t[arm * 8 + s * 4 + 3] = q;
    }
  }
  return t;
}

/**
 * The Bayes oracle: knows the generator's model (effect = max(0, mu(x) + sigma Z), the same in both
 * states, added to the not-called rate) and uses her own calls; not-called rates are the estimate's.
 * shared: her calls from both states inform her one effect; otherwise only the state's own calls.
 */
function bayesOracle(
  est: Float64Array,
  mu: Float64Array,
  sigma: number,
  n: Uint16Array,
  k: Uint16Array,
  shared: boolean,
): Float64Array {
  const t = Float64Array.from(est);
  const G = 200;
  const d = new Float64Array(G + 1),
    prior = new Float64Array(G + 1);
  for (let arm = 0; arm < t.length / 8; arm++) {
    const m = mu[arm],
      top = m + 5 * sigma;
    // atom at 0 (the floor), then a grid on (0, top]
    d[0] = 0;
    prior[0] = Phi(-m / sigma);
    for (let j = 1; j <= G; j++) {
      d[j] = (top * j) / G;
      prior[j] = (phi((d[j] - m) / sigma) / sigma) * (top / G);
    }
    for (let s = 0; s < 2; s++) {
      let sw = 0,
        sq = 0;
      for (let j = 0; j <= G; j++) {
        let logL = Math.log(prior[j] + 1e-300);
        for (let r = 0; r < 2; r++) {
          if (!shared && r !== s) continue;
          const cell = arm * 4 + r * 2 + 1,
            nn = n[cell],
            kk = k[cell];
          const q = Math.min(1 - 1e-9, Math.max(1e-9, clip(t[arm * 8 + r * 4 + 1] + d[j])));
          logL += kk * Math.log(q) + (nn - kk) * Math.log(1 - q);
        }
        const w = Math.exp(logL);
        sw += w;
        sq += w * clip(t[arm * 8 + s * 4 + 1] + d[j]);
      }
      const q = sq / sw;
      t[arm * 8 + s * 4 + 2] = 1 - q;
      t[arm * 8 + s * 4 + 3] = q;
    }
  }
  return t;
}

console.log(
  `(${N} arms, 26 weeks, seeds ${seeds.join(',')}; load ${(await import('node:os'))
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(', ')})`,
);
console.log(
  'population    rate seed   gap     oracle:true-effect  oracle:feature-effect  bayes:own-state  bayes:shared  ' +
    'est:prior-only  no-shift  random',
);
for (const pop of POPULATIONS) {
  for (const rate of rates) {
    for (const seed of seeds) {
      const budget = Math.round(N * rate);
      const { register, truth } = generatedRegister(
        pop.name,
        pop.name === 'dlm' ? { arms: N, sample: N, budget } : { arms: N, budget },
        seed,
        { weeks: 26, callsPerWeek: budget },
      );
      const posterior = estimateTransitions(register.history, register.schema, register.features, N, {
        groupBy: process.env.GROUP === 'none' ? null : pop.groupBy,
      });
      const instance = registerToInstance(register, truth);
      const table = compileReward('state', instance);
      if (!table.ok) throw new Error(table.error.message);
      const run = (t: Float64Array | null) =>
        engine.simulate({
          numArms: N,
          numStates: 2,
          transitions: truth,
          rewards: table.table,
          initial: instance.initial,
          discount: instance.discount,
          budget,
          horizon: 26,
          trials: 40,
          seed: 7,
          policy: t ? 'whittle' : 'random',
          ties: 'random',
          indices: t ? engine.whittle2(t, table.table, instance.discount) : undefined,
        }).rewardMean;
      const planTrue = run(truth);
      const gap = (x: number) => (100 * (planTrue - x)) / planTrue;
      const mu = meanEffects(pop.name, register, pop.scale);
      const { n, k } = countTransitions(register.history, N);
      // The oracles' not-called rows: the posterior from her not-called weeks only (the estimate's
      // prior and counts), as the estimate's own not-called rows also use her called weeks.
      const est = Float64Array.from(posterior.transitions);
      for (let arm = 0; arm < N; arm++) {
        for (let s = 0; s < 2; s++) {
          const g = posterior.group[arm],
            prior = posterior.priors[(g >= 0 ? g : posterior.groupLabels.length) * 4 + s * 2];
          const cell = arm * 4 + s * 2,
            q = (prior.mean * prior.strength + k[cell]) / (prior.strength + n[cell]);
          est[arm * 8 + s * 4] = 1 - q;
          est[arm * 8 + s * 4 + 1] = q;
        }
      }
      const trueEffect = withCalled(est, (arm, s) => truth[arm * 8 + s * 4 + 3] - truth[arm * 8 + s * 4 + 1]);
      const featureEffect = withCalled(est, (arm) => {
        const m = mu[arm],
          z = m / pop.sigma;
        return m * Phi(z) + pop.sigma * phi(z);
      });
      const own = bayesOracle(est, mu, pop.sigma, n, k, false),
        shared = bayesOracle(est, mu, pop.sigma, n, k, true);
      const priorOnly = withCalled(est, (arm, s) => {
        const cell = arm * 4 + s * 2 + 1,
          a = posterior.alpha[cell] - k[cell],
          b = posterior.beta[cell] - (n[cell] - k[cell]);
        return a / (a + b) - est[arm * 8 + s * 4 + 1];
      });
      console.log(
        `${pop.name.padEnd(13)} ${rate.toFixed(2)} ${String(seed).padStart(4)} ` +
          `${gap(run(posterior.transitions)).toFixed(2).padStart(6)} % ` +
          `${gap(run(trueEffect)).toFixed(2).padStart(10)} % ${gap(run(featureEffect)).toFixed(2).padStart(16)} % ` +
          `${gap(run(own)).toFixed(2).padStart(12)} % ${gap(run(shared)).toFixed(2).padStart(12)} % ` +
          `${gap(run(priorOnly)).toFixed(2).padStart(12)} % ${gap(run(est)).toFixed(2).padStart(10)} % ` +
          `${gap(run(null)).toFixed(2).padStart(8)} %`,
      );
    }
  }
}
