// The engine's work cut into jobs (engine-jobs.ts) and run through the simulation port
// (browser-simulate.ts) gives the same bits for any number of jobs, and any size of chunks, as the
// engine in one piece; the chunks own their arrays, so transferring one never detaches the caller's.
import { beforeAll, describe, expect, test } from 'vitest';
import { findGenerator } from '../../../../src/core/datasets/generators.ts';
import { resolveParameters } from '../../../../src/core/datasets/generators/population-generator.ts';
import { bucketCells } from '../../../../src/core/measures/trial-counts.ts';
import { seededRandom } from '../../../../src/core/random/seeded-random.ts';
import { Engine } from '../../../../src/engine/engine.ts';
import { loadEngineNode, loadKernelsNode } from '../../../../src/engine/load-node.ts';
import { mergeParts } from '../../../../src/engine/simulation.ts';
import { toSimulationInput } from '../../../../src/engine/simulation-input.ts';
import type { ArmChunk } from '../../../../src/engine/arm-chunks.ts';
import { browserSimulate } from '../../../../src/workers/engine/browser-simulate.ts';
import { adoptPrepared, PIECE_BYTES, servePrepared } from '../../../../src/engine/prepared-pieces.ts';
import { dealTrials, fixedTrials, grants, trialsFrom } from '../../../../src/engine/trial-dealer.ts';
import { gathererOf, runAdoptedJob, runTrialJob, sumsRoute, trialJobs } from '../../../../src/engine/trial-jobs.ts';
import {
  armJobs,
  assembleIndexTable,
  jobArrays,
  type EngineRunner,
} from '../../../../src/workers/engine/engine-jobs.ts';
import { randomDistributions } from '../../../reference/random-distributions.ts';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngineNode();
});

/**
 * Job j run by a Node engine of its own, as the pool's worker j would: job 0 loads the input and serves the
 * prepared simulation on a MessageChannel to each other job, in pieces of `piece` bytes; the others adopt it. The
 * trials are dealt on a MessageChannel per job, one at a time when there are several jobs. Every job but the gatherer
 * sends its per-arm sums to the gatherer on a MessageChannel of its own.
 */
const runner = (size: number, piece = PIECE_BYTES): EngineRunner & { jobs: number[] } => {
  const seen: number[] = [];
  return {
    size,
    jobs: seen,
    async runTrialJobs(jobs) {
      seen.push(jobs.jobs);
      const all = Array.from({ length: jobs.jobs }, (_, j) => j);
      const channels = all.slice(1).map(() => new MessageChannel());
      const g = gathererOf(jobs.jobs),
        sums = all.map((j) => (j === g ? undefined : new MessageChannel()));
      const dealing = all.map(() => new MessageChannel()),
        stop = dealTrials(
          dealing.map((c) => c.port1),
          jobs.jobs > 1 ? grants(jobs.shape.trials, 1) : jobs.deals,
        );
      const running = Promise.all(
        all.map(async (j) => {
          const trials = trialsFrom(dealing[j].port2);
          const outputs = j === g ? await jobs.outputs(j) : undefined,
            arrays = { ...jobArrays(jobs, j), outputs: async () => outputs! };
          const route = sumsRoute(sums[j]?.port1, j === g ? sums.flatMap((c) => (c ? [c.port2] : [])) : []);
          const mine = j === 0 ? engine : new Engine(await loadKernelsNode());
          const part =
            j === 0
              ? await runTrialJob(
                  mine,
                  jobs.shape,
                  trials,
                  jobs.chunks,
                  await jobs.chunk(0, 0),
                  arrays,
                  undefined,
                  (prepared) =>
                    servePrepared(
                      mine.share(prepared),
                      channels.map((c) => c.port1),
                      piece,
                    ),
                  route,
                )
              : await runAdoptedJob(
                  mine,
                  jobs.shape,
                  trials,
                  (adopter) => adoptPrepared(adopter, channels[j - 1].port2, piece),
                  arrays,
                  undefined,
                  route,
                );
          // the per-arm results of every trial are in the arrays the merging side made; no part has per-arm sums
          if (j === g) {
            expect(part.arms!.discounted).toBe(outputs!.discounted);
            expect(part.arms!.pulledAtLeastOnce).toBe(outputs!.pulledAtLeastOnce);
          } else expect(part.arms).toBeUndefined();
          expect(part.occDisc).toBeUndefined();
          return part;
        }),
      );
      return running.finally(stop);
    },
    async runArmJobs(jobs) {
      return jobs.map((j) => engine.whittleIndices(j.transitions, j.rewards, j.numStates, j.discount));
    },
  };
};

describe('engine jobs', () => {
  const sclm = findGenerator('sclm')!;
  const instance = sclm.generate(resolveParameters(sclm, { arms: 300, budget: 30 }), 3);
  const rewards = new Float64Array(instance.numArms * 2).map(
    (_, i) => (i % 2) * (1 + instance.features[Math.floor(i / 2) * 3]),
  );

  test(
    'split over 1, 2 and 3 jobs, job 0 preparing for all, a simulation gives the bits of the engine ' + 'in one piece',
    async () => {
      const request = {
        instance,
        rewards,
        policy: 'whittle' as const,
        trials: 7,
        seed: 5,
        perStep: true,
        tally: bucketCells(instance),
      };
      const whole = engine.simulate(toSimulationInput(request));
      for (const [size, piece] of [
        [1, PIECE_BYTES],
        [2, PIECE_BYTES],
        [3, PIECE_BYTES],
        [3, 1000],
      ]) {
        const r = runner(size, piece);
        expect(await browserSimulate(r)(request)).toEqual(whole);
        expect(r.jobs).toEqual([size]);
      }
    },
  );

  test('the other jobs never ask for the input: only job 0 takes its chunks', async () => {
    const input = toSimulationInput({ instance, rewards, policy: 'whittle', trials: 6, seed: 1 });
    const jobs = trialJobs(input, 3, 64),
      asked: number[] = [];
    const chunk = jobs.chunk,
      rewardsOf = jobs.rewards;
    jobs.chunk = (j, c, spent) => (asked.push(j), chunk(j, c, spent));
    jobs.rewards = (j, c, spent) => (asked.push(j), rewardsOf(j, c, spent));
    const parts = await runner(3, 512).runTrialJobs(jobs);
    expect(new Set(asked)).toEqual(new Set([0]));
    expect(asked.length).toBe(2 * jobs.chunks);
    expect(mergeParts(input, parts)).toEqual(engine.simulate(input));
  });

  test('S-state indices split by arms assemble into the table of all arms, with verdicts', async () => {
    const S = 3,
      N = 50;
    const random = seededRandom(11);
    const transitions = randomDistributions(() => random.next(), N * S * 2, S);
    const r = Float64Array.from({ length: N * S }, (_, i) => i % S);
    const whole = engine.whittleIndices(transitions, r, S, 0.9);
    const jobs = armJobs(transitions, r, S, 0.9, 3);
    expect(jobs.map((j) => [j.start, j.end])).toEqual([
      [0, 16],
      [16, 33],
      [33, 50],
    ]);
    const parts = jobs.map((j) => engine.whittleIndices(j.transitions, j.rewards, S, 0.9));
    expect(assembleIndexTable(jobs, parts, N, S)).toEqual(whole);
  });

  test(
    'loaded in chunks of 1, 7, 64 and 300 arms, a job gives the bits of the whole input (tally, groups, per ' +
      'step; S = 2 and 3)',
    async () => {
      const tally = bucketCells(instance);
      const G = 3,
        ofArm = Int32Array.from({ length: instance.numArms }, (_, i) => (i % 4) - 1);
      const groups = { ofArm, min: Int32Array.of(2, 0, 1), max: Int32Array.of(20, 30, 10) };
      const two = {
        ...toSimulationInput({ instance, rewards, policy: 'whittle', trials: 5, seed: 9, perStep: true, tally }),
        groups,
      };
      const S = 3,
        N = 90,
        random = seededRandom(4);
      const three = {
        numArms: N,
        numStates: S,
        transitions: randomDistributions(() => random.next(), N * S * 2, S),
        rewards: Float64Array.from({ length: N * S }, (_, i) => i % S),
        initial: randomDistributions(() => random.next(), N, S),
        discount: 0.9,
        budget: 9,
        horizon: 6,
        trials: 4,
        seed: 2,
        policy: 'whittle' as const,
        ties: 'random' as const,
      };
      const threeIndexed = {
        ...three,
        indices: engine.whittleIndices(three.transitions, three.rewards, S, 0.9).indices,
      };
      expect(G).toBe(groups.min.length);
      for (const input of [two, threeIndexed]) {
        const whole = engine.simulate(input);
        for (const chunkArms of [1, 7, 64, 300]) {
          const jobs = trialJobs(input, 1, chunkArms);
          expect(jobs.chunks).toBe(Math.ceil(input.numArms / chunkArms));
          const part = await runTrialJob(
            engine,
            jobs.shape,
            fixedTrials([0, input.trials]),
            jobs.chunks,
            await jobs.chunk(0, 0),
            jobArrays(jobs, 0),
            undefined,
            undefined,
            sumsRoute(undefined, []),
          );
          expect(mergeParts(input, [part]), `${input.numStates} states, chunks of ${chunkArms}`).toEqual(whole);
        }
      }
    },
  );

  test('a loader takes chunks in order and every arm before it finishes; bad rows are named by their arm', () => {
    const input = toSimulationInput({ instance, rewards, policy: 'whittle', trials: 2, seed: 0 });
    const jobs = trialJobs(input, 1, 100);
    const chunk = (c: number) => jobs.chunk(0, c) as ArmChunk;
    expect(() => engine.load(jobs.shape).add(chunk(1))).toThrow('simulate: arms 100..199 came when arm 0 was next');
    const loader = engine.load(jobs.shape);
    loader.add(chunk(0));
    expect(() => loader.finish()).toThrow('simulate: arms 100..299 were never loaded');
    const bad = chunk(2);
    bad.transitions[3 * 2] = 1.5;
    const l2 = engine.load(jobs.shape);
    l2.add(chunk(0));
    l2.add(chunk(1));
    expect(() => l2.add(bad)).toThrow(
      /^simulate: transitions: arm 200, state 1, action 1, next state 0: 1.5 is not a probability/,
    );
    // pass 2: the rewards, in order, after every arm of pass 1; finish() wants all of them
    const l3 = engine.load(jobs.shape);
    for (const c of [0, 1, 2]) l3.add(chunk(c));
    expect(() => l3.addRewards(100, input.rewards.subarray(200, 400))).toThrow(
      'simulate: 200 rewards for arms from 100 came when arm 0 was next',
    );
    l3.addRewards(0, input.rewards.subarray(0, 200));
    expect(() => l3.finish()).toThrow('simulate: the rewards of arms 100..299 were never loaded');
    expect(() => engine.load(jobs.shape).addRewards(0, input.rewards)).toThrow(
      'simulate: arms 0..299 were never loaded',
    );
  });

  test(
    'a chunk sent back is refilled in its own buffers (the last, shorter chunk too), with the rows of the ' +
      'chunk asked for',
    () => {
      const input = toSimulationInput({
        instance,
        rewards,
        policy: 'whittle',
        trials: 2,
        seed: 0,
        tally: bucketCells(instance),
      });
      const jobs = trialJobs(input, 1, 128);
      const first = jobs.chunk(0, 0) as ArmChunk;
      const buffers = [first.transitions.buffer, first.rewards.buffer, first.initial.buffer, first.tallyCells!.buffer];
      for (const c of [1, 2]) {
        const again = jobs.chunk(0, c, first) as ArmChunk;
        expect(
          [again.transitions, again.rewards, again.initial, again.tallyCells!].every((a, i) => a.buffer === buffers[i]),
        ).toBe(true);
        expect(again).toEqual(jobs.chunk(0, c));
      }
      expect((jobs.chunk(0, 2, first) as ArmChunk).transitions.length).toBe((300 - 256) * 8);
    },
  );

  test(
    "each chunk is a copy of its own: changing or detaching one leaves the caller's input and the other jobs' " +
      'chunks as they were',
    () => {
      const input = toSimulationInput({
        instance,
        rewards,
        policy: 'whittle',
        trials: 4,
        seed: 0,
        tally: bucketCells(instance),
      });
      const jobs = trialJobs(input, 2);
      expect(jobs.jobs).toBe(2);
      const a = jobs.chunk(0, 0) as ArmChunk,
        b = jobs.chunk(1, 0) as ArmChunk;
      a.transitions[0] = -1;
      a.tallyCells![0] = 99;
      structuredClone(b.rewards, { transfer: [b.rewards.buffer] });
      expect(input.transitions[0]).toBe(instance.transitions[0]);
      expect(input.tally!.cells[0]).not.toBe(99);
      expect(b.transitions[0]).toBe(instance.transitions[0]);
      expect(input.rewards.length).toBe(rewards.length);
      expect(a.rewards.length).toBe(rewards.length);
    },
  );
});
