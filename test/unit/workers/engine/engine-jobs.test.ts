// The engine's work cut into jobs (engine-jobs.ts) and run through the simulation port
// (browser-simulate.ts) gives the same bits for any number of jobs as the engine in one piece; the
// jobs own their arrays, so transferring one never detaches the caller's.
import { beforeAll, describe, expect, test } from 'vitest';
import { findGenerator } from '../../../../src/core/datasets/generators.ts';
import { resolveParameters } from '../../../../src/core/datasets/generators/population-generator.ts';
import { bucketCells } from '../../../../src/core/measures/trial-counts.ts';
import { seededRandom } from '../../../../src/core/random/seeded-random.ts';
import type { Engine } from '../../../../src/engine/engine.ts';
import { loadEngineNode } from '../../../../src/engine/load-node.ts';
import { toSimulationInput } from '../../../../src/engine/simulation-input.ts';
import { browserSimulate } from '../../../../src/workers/engine/browser-simulate.ts';
import { armJobs, assembleIndexTable, trialJobs, type EngineRunner } from '../../../../src/workers/engine/engine-jobs.ts';
import { randomDistributions } from '../../../reference/random-distributions.ts';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngineNode();
});

/** Job j run by the Node engine, as an engine worker would (each job on its own copies). */
const runner = (size: number): EngineRunner & { jobs: number[] } => {
  const seen: number[] = [];
  return {
    size,
    jobs: seen,
    async runTrialJobs(jobs) {
      seen.push(jobs.length);
      return jobs.map((j) => engine.simulatePart(j.input, j.start, j.end));
    },
    async runArmJobs(jobs) {
      return jobs.map((j) => engine.whittleIndices(j.transitions, j.rewards, j.numStates, j.discount));
    },
  };
};

describe('engine jobs', () => {
  const sclm = findGenerator('sclm')!;
  const instance = sclm.generate(resolveParameters(sclm, { arms: 300, budget: 30 }), 3);
  const rewards = new Float64Array(instance.numArms * 2).map((_, i) => (i % 2) * (1 + instance.features[Math.floor(i / 2) * 3]));

  test('split over 1, 2 and 3 jobs, a simulation gives the bits of the engine in one piece', async () => {
    const request = { instance, rewards, policy: 'whittle' as const, trials: 7, seed: 5, perStep: true, tally: bucketCells(instance) };
    const whole = engine.simulate(toSimulationInput(request));
    for (const size of [1, 2, 3]) {
      const r = runner(size);
      expect(await browserSimulate(r)(request)).toEqual(whole);
      expect(r.jobs).toEqual([size]);
    }
  });

  test('S-state indices split by arms assemble into the table of all arms, with verdicts', async () => {
    const S = 3, N = 50;
    const random = seededRandom(11);
    const transitions = randomDistributions(() => random.next(), N * S * 2, S);
    const r = Float64Array.from({ length: N * S }, (_, i) => i % S);
    const whole = engine.whittleIndices(transitions, r, S, 0.9);
    const jobs = armJobs(transitions, r, S, 0.9, 3);
    expect(jobs.map((j) => [j.start, j.end])).toEqual([[0, 16], [16, 33], [33, 50]]);
    const parts = jobs.map((j) => engine.whittleIndices(j.transitions, j.rewards, S, 0.9));
    expect(assembleIndexTable(jobs, parts, N, S)).toEqual(whole);
  });

  test("each trial job owns copies: changing or detaching one leaves the caller's input and the other jobs as they were", () => {
    const input = toSimulationInput({ instance, rewards, policy: 'whittle', trials: 4, seed: 0 });
    const jobs = trialJobs(input, 2);
    expect(jobs.map((j) => [j.start, j.end])).toEqual([[0, 2], [2, 4]]);
    jobs[0].input.transitions[0] = -1;
    structuredClone(jobs[1].input.rewards, { transfer: [jobs[1].input.rewards.buffer] });
    expect(input.transitions[0]).toBe(instance.transitions[0]);
    expect(jobs[1].input.transitions[0]).toBe(instance.transitions[0]);
    expect(input.rewards.length).toBe(rewards.length);
    expect(jobs[0].input.rewards.length).toBe(rewards.length);
  });
});
