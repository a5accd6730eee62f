// An SCLM run's dial scores each blend on the run's clauses as SCLM adjudication scores a candidate
// of its pool: checked against a slow reference written from the definitions (value = sum of
// occupancy x reward, ratio to the default's, min-max over the pool with the blend in it, welfare =
// mean of the scores, standard error over trials), on a small instance with the real WASM engine.
import { beforeAll, describe, expect, test } from 'vitest';
import { createNodeSimulator } from '../../../../src/cli/node-simulate.ts';
import type { Pool, PoolClause } from '../../../../src/core/adjudicate/pool.ts';
import { poolScoreMatrix } from '../../../../src/core/adjudicate/pool-score-matrix.ts';
import { findGenerator } from '../../../../src/core/datasets/generators.ts';
import type { Occupancy } from '../../../../src/core/instance/occupancy.ts';
import type { Instance } from '../../../../src/core/instance/types.ts';
import { compileReward } from '../../../../src/core/reward/compile-reward.ts';
import type { Simulate } from '../../../../src/core/simulation/simulate-port.ts';
import { dialTable } from '../../../../src/core/tradeoff/dial-expression.ts';
import { DialSweep } from '../../../../src/core/tradeoff/sweep-dial.ts';
import { outcomeOf } from '../../../../src/pipeline/sclm/outcome-of.ts';
import { clauseScorer, type ClauseScorer } from '../../../../src/state/tradeoff/clause-outcome.ts';

const SEED = 4,
  TRIALS = 8;
let simulate: Simulate;
let population: Instance;
const table = (expression: string) => {
  const c = compileReward(expression, population);
  if (!c.ok) throw new Error(c.error.message);
  return c.table;
};
/** The sweep's own request (one seed, per-trial occupancy kept). */
const run = (rewards: Float64Array) =>
  simulate({
    instance: population,
    rewards,
    policy: 'whittle',
    trials: TRIALS,
    seed: SEED,
    ties: 'random',
    perTrial: true,
  });

const CLAUSES: PoolClause[] = [
  { name: 'older', kind: 'simulator', expression: 'state * (1 + agent_feats[3])' },
  { name: 'poorer', kind: 'simulator', expression: 'state * (1 + agent_feats[5])' },
  { name: 'total', kind: 'utility' },
];
const CANDIDATES = [
  'state * (1 + 2 * agent_feats[3])',
  'state * (1 + agent_feats[5] + agent_feats[3])',
  'state + agent_feats[0] * state',
];
let pool: Pool;
let rewards: Map<string, { table: Float64Array }>;

beforeAll(async () => {
  simulate = (await createNodeSimulator(1)).simulate;
  population = findGenerator('multilingual')!.generate({ arms: 30, budget: 5 }, 3);
  rewards = new Map(CLAUSES.filter((c) => c.expression).map((c) => [c.name, { table: table(c.expression!) }]));
  const summary = async (expression: string) => {
    const { values, totalUtility, groups } = outcomeOf(await run(table(expression)), population, rewards);
    return { values, totalUtility, groups };
  };
  pool = {
    clauses: CLAUSES,
    default: await summary('state'),
    candidates: await Promise.all(
      CANDIDATES.map(async (expression, i) => ({ id: `c${i}`, expression, ...(await summary(expression)) })),
    ),
  };
});

/** The slow reference: scores of one occupancy (numArms x numStates arrays) straight from the definitions. */
function referenceScores(discounted: ArrayLike<number>, S: number): number[] {
  const value = (t: Float64Array) => {
    let v = 0;
    for (let arm = 0; arm < population.numArms; arm++)
      for (let s = 0; s < S; s++) v += discounted[arm * S + s] * t[arm * S + s];
    return v;
  };
  let utility = 0;
  for (let arm = 0; arm < population.numArms; arm++) for (let s = 0; s < S; s++) utility += s * discounted[arm * S + s];
  const ratio = (name: string) => value(rewards.get(name)!.table) / pool.default!.values![name];
  const totals = [...pool.candidates.map((c) => c.totalUtility!), utility];
  const lo = Math.min(...totals),
    hi = Math.max(...totals);
  return [ratio('older'), ratio('poorer'), (utility - lo) / (hi - lo)];
}

function referenceSe(o: Occupancy, clause: number | 'welfare'): number {
  const N = o.numArms,
    S = o.numStates;
  const xs = Array.from({ length: o.numTrials }, (_, k) => {
    const row = referenceScores(o.perTrialDiscounted!.subarray(k * N * S, (k + 1) * N * S), S);
    return clause === 'welfare' ? row.reduce((a, b) => a + b, 0) / row.length : row[clause];
  });
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (xs.length - 1) / xs.length);
}

describe("the dial's clause scores on an SCLM run", () => {
  test('equal the slow reference at every point, with standard errors over trials', async () => {
    const scorer = clauseScorer({
      pool,
      instance: population,
      welfare: { label: 'utilitarian', p: 1 },
    }) as ClauseScorer;
    expect(scorer.clauses).toEqual(['older', 'poorer', 'total']);
    const R = table(CANDIDATES[0]);
    const lambdas = [0, 0.3, 1, 2.5];
    const points = await new DialSweep({
      population,
      reward: R,
      seeds: [SEED],
      trials: TRIALS,
      score: (o) => scorer.score(o),
    }).run(lambdas, simulate);
    for (const [i, lambda] of lambdas.entries()) {
      const o = await run(dialTable(R, population.numStates, lambda));
      const c = points[i].clauses!;
      const expected = referenceScores(o.discounted, o.numStates);
      c.scores.forEach((x, j) => expect(x).toBeCloseTo(expected[j], 12));
      expect(c.welfare).toBeCloseTo(expected.reduce((a, b) => a + b, 0) / 3, 12);
      c.scoresSe.forEach((se, j) => expect(se).toBeCloseTo(referenceSe(o, j), 12));
      expect(c.welfareSe).toBeCloseTo(referenceSe(o, 'welfare'), 12);
    }
    // known answers: the default scores 1 on its own ratio clauses; at lambda 1 the blend is the pool's
    // candidate c0 itself, and scores exactly its row of the run's score matrix
    expect(points[0].clauses!.scores.slice(0, 2)).toEqual([1, 1]);
    const matrix = poolScoreMatrix(pool);
    expect(points[2].clauses!.scores).toEqual(Array.from(matrix.scores.subarray(0, 3)));
    // the curve moves: the strongest blend scores higher on "older" than the default
    expect(points[3].clauses!.scores[0]).toBeGreaterThan(1);
  });

  test('is unavailable, with the reason, when a clause is rated by the LLM', () => {
    const llm: Pool = {
      ...pool,
      clauses: [{ name: 'older', kind: 'llm' }],
      candidates: pool.candidates.map((c) => ({ ...c, scores: { older: 3 } })),
    };
    expect(clauseScorer({ pool: llm, instance: population, welfare: { label: 'nash', p: 0 } })).toEqual({
      unavailable: 'the clause "older" is rated by the LLM scorer, which the dial does not ask',
    });
  });
});
