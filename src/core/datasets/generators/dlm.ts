// `dlm`: a synthetic maternal-health population in DLM's 43-feature schema. The ARMMAN data behind
// DLM is not public, so every distribution here is allot's own choice: the one-hot marginals loosely
// follow the state-feature distributions printed in DLM's appendix L, engagement is sticky under the
// passive action, and the active effect grows or shrinks with features in the directions of the
// multilingual paper's Table 1 weights.
import { RANGES } from '../../limits/setting-ranges.ts';
import { boxMuller, categoricalOf, seededRandom } from '../../random/seeded-random.ts';
import { dlmSchema } from '../dlm-schema.ts';
import {
  commonParameters,
  effectParameters,
  generatedColumns,
  instanceOfColumns,
  resolveParameters,
  type GeneratedColumns,
  type GeneratedDraws,
  type PopulationGenerator,
} from './population-generator.ts';
import { EFFECT_DRAW_VALUES, effectArrays, effectOf } from './two-state.ts';

/**
 * Marginals of the one-hot groups, in dlmSchema() order (allot's choice, loosely after the
 * distributions in DLM appendix L: mostly Marathi and Hindi speakers, phones owned by the woman,
 * 6th-12th grade education, income brackets 2-3, NGO registrations, early-afternoon call slots).
 */
export const DLM_MARGINALS: Record<string, readonly number[]> = {
  Ages: [0.12, 0.42, 0.3, 0.06, 0.1],
  Languages: [0.36, 0.62, 0.01, 0.01],
  Education: [0.04, 0.12, 0.31, 0.23, 0.26, 0.02, 0.02],
  'Phone owner': [0.85, 0.09, 0.06],
  'Call slot': [0.08, 0.07, 0.4, 0.15, 0.1, 0.2],
  Registration: [0.72, 0.26, 0.02],
  Income: [0.01, 0.07, 0.55, 0.27, 0.05, 0.04, 0.005, 0.005],
};

/**
 * Weights of the active effect per ordered feature group (the multilingual paper's Table 1; the
 * group's value is its bucket index scaled to [0, 1]). Registration has no weight there: none here.
 */
export const DLM_EFFECT_WEIGHTS: Record<string, number> = {
  Ages: 0.8,
  Income: 1.5,
  Languages: -0.3,
  Education: 1.5,
  'Phone owner': -1.5,
  'Call slot': 0.3,
};

/** Passive dynamics (allot's choice): P(stay engaged) in [0.70, 0.95], P(become engaged) in [0.02, 0.20], uniform. */
export const DLM_PASSIVE = { stayLow: 0.7, stayHigh: 0.95, joinLow: 0.02, joinHigh: 0.2 } as const;

export const dlmGenerator: PopulationGenerator = {
  name: 'dlm',
  description:
    "DLM's maternal-health setting: 7,668 synthetic beneficiaries in DLM's 43-feature schema (allot's " +
    'distributions; each seed evaluates 48 arms, budget 16)',
  parameters: [
    ...commonParameters(
      { arms: 7668, budget: 16, horizon: 10, discount: 0.9 },
      {
        arms: 'DLM appendix B (7,668 beneficiaries)',
        budget: 'DLM (IJCAI) Figure 2: budget 16 of 48 arms',
        horizon: 'DLM section 5: 10 steps per trial',
        discount: 'allot',
      },
    ),
    {
      name: 'sample',
      description: 'arms each evaluation seed samples from the population',
      default: 48,
      ...RANGES.arms,
      source: 'DLM appendix J: 48 arms per seed',
      ownChoice: false,
    },
    // 0.1 calibrates the population to DLM Table 4: Default's average MNR over the 16 tasks is then
    // about 0.57, as in the paper (0.31 at 0.4).
    ...effectParameters({ effect: 0.1, sigma: 0.05 }, { effect: 'allot', sigma: 'allot' }),
  ],
  ownChoices: [
    'The ARMMAN data is not public: the population is synthetic.',
    'One-hot marginals loosely follow the state-feature distributions in DLM appendix L (Ages 12/42/30/6/10 %, ' +
      'Marathi 62 %, Hindi 36 %, phone owned by the woman 85 %, income bracket 2 55 %, NGO 72 %, ...); groups are ' +
      'drawn independently.',
    'Features 0-6 (hidden in the paper) are plausible pregnancy-history integers: gestational age at enrolment, ' +
      'delivery status, gravidity, parity, stillbirths, living children, days to first call.',
    'Passive engagement is sticky: P(stay engaged) ~ U[0.70, 0.95], P(become engaged) ~ U[0.02, 0.20].',
    'Active effect: P(engaged | action 1) = P(engaged | action 0) + d, clipped to [0, 1], with d ~ N(effect * u, ' +
      'sigma) floored at 0 (effect 0.1, calibrated so that Default scores about the 0.57 average MNR of DLM Table ' +
      "4), where u in [0, 1] rescales the multilingual paper's Table 1 weighted sum of bucket indices (older, " +
      'richer, more educated, owning the phone: larger effect).',
    'Discount 0.9; arms start in the stationary distribution of their passive chain.',
  ],
  generate(given, seed) {
    return instanceOfColumns(dlmColumns(resolveParameters(dlmGenerator, given), seed));
  },
  generateColumns(given, seed) {
    return dlmColumns(resolveParameters(dlmGenerator, given), seed);
  },
  generateDraws(given, seed) {
    const p = resolveParameters(dlmGenerator, given);
    return { parameters: p, sampleSize: p.sample, ...drawDlm(p, seed) };
  },
};

function dlmColumns(p: Record<string, number>, seed: number): GeneratedColumns {
  const { schema, features, draws } = drawDlm(p, seed);
  const { transitions, initial } = effectArrays(draws, p.arms);
  return generatedColumns('dlm', p, seed, {
    numArms: p.arms,
    transitions,
    schema,
    features,
    initial,
    sampleSize: p.sample,
  });
}

/** P(gravidity = 1 + i): allot's choice. */
const GRAVIDITY = Float64Array.of(0.4, 0.33, 0.17, 0.07, 0.03);

// One pass over the arms with the groups' columns, marginals and weights laid out in typed arrays beforehand
// (at 10^6 arms a closure, an indexOf and a subarray per arm and group were most of the time), its uniforms read
// from a block refilled by Random.fill (a call into the generator's closure per number was the rest). The draws,
// and their order, are those of the plain per-arm description in the comments: a seed gives the same population.
// Features are written as byte columns (every DLM value is a whole number 0..90), each arm's dynamics as its
// effect draws (two-state.ts), written out as rows only for an Instance.
function drawDlm(p: Record<string, number>, seed: number): Omit<GeneratedDraws, 'parameters' | 'sampleSize'> {
  const schema = dlmSchema();
  const N = p.arms;
  const F = schema.columns.length;
  const random = seededRandom(seed);
  // random.next() in order, a block at a time (the numbers drawn beyond the last arm are never read)
  const block = new Float64Array(4096);
  let at = block.length;
  const next = () => {
    if (at === block.length) {
      random.fill(block, 0, block.length);
      at = 0;
    }
    return block[at++];
  };
  const normal = boxMuller(next);
  const { effect, sigma } = p;
  const draws = new Float64Array(N * EFFECT_DRAW_VALUES);
  const cols = Array.from({ length: F }, () => new Uint8Array(N));
  const groups = schema.groups;
  const G = groups.length;
  const weightedGroups = groups.filter((g) => g.name in DLM_EFFECT_WEIGHTS);
  const weights = weightedGroups.map((g) => DLM_EFFECT_WEIGHTS[g.name]);
  const x = new Float64Array(weights.length);
  // group g's columns and marginals are at [start[g], start[g + 1]); its weight's slot in x is slot[g] (-1: none)
  const start = new Int32Array(G + 1);
  for (let g = 0; g < G; g++) start[g + 1] = start[g] + groups[g].columns.length;
  const columns = Int32Array.from(groups.flatMap((g) => g.columns));
  const marginals = Float64Array.from(groups.flatMap((g) => DLM_MARGINALS[g.name]));
  const slot = Int32Array.from(groups, (g) => weightedGroups.indexOf(g));
  for (let arm = 0; arm < N; arm++) {
    // Hidden features 0-6, in dlmSchema order.
    const delivered = next() < 0.1 ? 1 : 0;
    const gravidity = 1 + categoricalOf(next(), GRAVIDITY, 0, GRAVIDITY.length);
    const parity = gravidity - 1 + delivered; // births so far: earlier pregnancies, plus this one once delivered
    const stillbirths = parity > 0 && next() < 0.03 ? 1 : 0;
    cols[0][arm] = delivered ? 40 : 6 + Math.floor(next() * 31); // random.int(31)
    cols[1][arm] = delivered;
    cols[2][arm] = gravidity;
    cols[3][arm] = parity;
    cols[4][arm] = stillbirths;
    cols[5][arm] = parity - stillbirths;
    cols[6][arm] = Math.min(90, Math.floor(-Math.log(1 - next()) * 10));
    // Each one-hot group, in schema order: its bucket from its marginals; weighted groups set x in [0, 1].
    for (let g = 0; g < G; g++) {
      const size = start[g + 1] - start[g];
      const bucket = categoricalOf(next(), marginals, start[g], size);
      cols[columns[start[g] + bucket]][arm] = 1;
      if (slot[g] !== -1) x[slot[g]] = bucket / (size - 1);
    }
    const q10 = DLM_PASSIVE.stayLow + (DLM_PASSIVE.stayHigh - DLM_PASSIVE.stayLow) * next();
    const q00 = DLM_PASSIVE.joinLow + (DLM_PASSIVE.joinHigh - DLM_PASSIVE.joinLow) * next();
    const d = arm * EFFECT_DRAW_VALUES;
    draws[d] = q00;
    draws[d + 1] = q10;
    draws[d + 2] = effectOf(weights, x, effect, sigma, normal());
  }
  return { schema, features: { numArms: N, columns: cols }, draws };
}
