// Trials dealt to jobs as they ask (trial-dealer.ts) rather than split in advance: whatever trials each job is
// given, in whatever order, the merged result has the bits of one engine running every trial (trial-run.ts keeps a
// row per trial, mergeParts reads them in trial order, the per-arm sums are integers); the dealer hands every range
// once, in order, to whichever job asks.
import { beforeAll, describe, expect, test } from 'vitest';
import { shapeOf } from '../../../src/engine/arm-chunks.ts';
import { Engine } from '../../../src/engine/engine.ts';
import { loadEngineNode, loadKernelsNode } from '../../../src/engine/load-node.ts';
import { adoptPrepared, servePrepared } from '../../../src/engine/prepared-pieces.ts';
import { mergeParts, type SimulationInput, type SimulationPart } from '../../../src/engine/simulation.ts';
import { dealTrials, fixedTrials, grants, trialsFrom, type TrialSource } from '../../../src/engine/trial-dealer.ts';
import { armResultArrays, runAdoptedJob, runTrialJob, sumsRoute, trialJobs } from '../../../src/engine/trial-jobs.ts';
import { randomDistributions } from '../../reference/random-distributions.ts';
import { seededRandom as rng } from '../../reference/seeded-random.ts';

function randomInput(N: number, S: number, seed: number, over: Partial<SimulationInput> = {}): SimulationInput {
  const u = rng(seed);
  return {
    numArms: N,
    numStates: S,
    transitions: randomDistributions(u, N * S * 2, S, 0.01),
    rewards: Float64Array.from({ length: N * S }, () => 6 * u() - 2),
    initial: randomDistributions(u, N, S, 0.01),
    discount: 0.9,
    budget: Math.max(1, Math.floor(N / 4)),
    horizon: 9,
    trials: 9,
    seed: 7,
    policy: 'whittle',
    ties: 'random',
    ...over,
  };
}

/** Every arm in cell 0; arms by id parity in cells 1 and 2. */
const parityCells = (N: number) => {
  const cells = new Int32Array(2 * N);
  for (let i = 0; i < N; i++) cells[N + i] = 1 + (i % 2);
  return { cells, groupings: 2, numCells: 3 };
};

/** Arms in two groups and none, each group called at least once a step. */
const twoGroups = (N: number) => ({
  ofArm: Int32Array.from({ length: N }, (_, i) => (i % 3) - 1),
  min: Int32Array.of(1, 1),
  max: Int32Array.of(N, N),
});

const inputs: [string, SimulationInput][] = [
  [
    '2 states, per step, tally, groups',
    randomInput(40, 2, 1, { perStep: true, tally: parityCells(40), groups: twoGroups(40) }),
  ],
  ['2 states, ties to the lowest id', randomInput(60, 2, 2, { ties: 'lowest-id', budget: 7 })],
  ['3 states, per-trial occupancy, per step', randomInput(25, 3, 3, { perTrial: true, perStep: true })],
  ['2 states, per-trial occupancy, random policy', randomInput(30, 2, 4, { perTrial: true, policy: 'random' })],
  ['2 states, tally, 40 trials (its rows grow)', randomInput(20, 2, 8, { trials: 40, tally: parityCells(20) })],
];

/** Deals of one trial or a few, in a shuffled order, each to job 0 or job 1 at random: the lists of the two jobs. */
function scripts(trials: number, seed: number): [number, number][][] {
  const u = rng(seed),
    ranges: [number, number][] = [];
  for (let start = 0; start < trials;) {
    const end = Math.min(trials, start + 1 + Math.floor(u() * 3));
    ranges.push([start, end]);
    start = end;
  }
  for (let i = ranges.length - 1; i > 0; i--) {
    const j = Math.floor(u() * (i + 1));
    [ranges[i], ranges[j]] = [ranges[j], ranges[i]];
  }
  const jobs: [number, number][][] = [[], []];
  for (const r of ranges) jobs[u() < 0.5 ? 0 : 1].push(r);
  return jobs;
}

/** Once messages posted now are handled (the order of messages on two ports is not fixed). */
const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

/** A fake scheduler: the job's trials in the order of its script, then none. */
const scripted = (ranges: [number, number][]): TrialSource => {
  let next = 0;
  return async () => ranges[next++];
};

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngineNode('release');
});

describe('trials taken out of order', () => {
  test.each(inputs)('%s: any deal of the trials to two jobs merges to the bits of one engine', (_, input) => {
    const whole = engine.simulate(input);
    let outOfOrder = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const parts = scripts(input.trials, seed).map((ranges) => {
        const prepared = engine.prepare(input);
        try {
          const run = prepared.begin(input.seed);
          for (const [start, end] of ranges) run.run(start, end);
          return run.finish().collect();
        } finally {
          prepared.dispose();
        }
      });
      outOfOrder += parts.filter((p) => p.runs).length;
      expect(mergeParts(input, parts), `deal ${seed}`).toEqual(whole);
    }
    expect(outOfOrder).toBeGreaterThan(0);
  });

  test(
    'two in-process jobs, one preparing and the other adopting and gathering, given trials by a fake scheduler, ' +
      'give the bits of one worker',
    async () => {
      const other = new Engine(await loadKernelsNode());
      for (const [name, given] of inputs) {
        // the pools' jobs take S-state arms with their indices (the pool computes them once, split by arms)
        const input =
          given.numStates > 2
            ? { ...given, indices: engine.whittleIndices(given.transitions, given.rewards, 3, given.discount).indices }
            : given;
        const whole = engine.simulate(input);
        for (const seed of [1, 2, 3]) {
          const [mine, theirs] = scripts(input.trials, seed);
          const parts = await twoJobs(input, other, scripted(mine), scripted(theirs));
          expect(mergeParts(input, parts), `${name}, deal ${seed}`).toEqual(whole);
        }
      }
    },
  );

  test('a job given no trial sends word that its sums are zeros; the merge has every trial of the other', async () => {
    const [, input] = inputs[0];
    const other = new Engine(await loadKernelsNode());
    const parts = await twoJobs(input, other, scripted([]), scripted(grants(input.trials, 2)));
    expect(parts[0].perTrial.length).toBe(0);
    expect(mergeParts(input, parts)).toEqual(engine.simulate(input));
  });

  test('a gatherer given no trial takes the sums of the job that ran them all', async () => {
    for (const [name, given] of inputs.slice(0, 2)) {
      const other = new Engine(await loadKernelsNode());
      const parts = await twoJobs(given, other, scripted(grants(given.trials, 2)), scripted([]));
      expect(parts[1].perTrial.length, name).toBe(0);
      expect(mergeParts(given, parts), name).toEqual(engine.simulate(given));
    }
  });

  test('a job refuses trials it already ran, and mergeParts refuses a trial twice or missing', () => {
    const input = randomInput(20, 2, 5, { trials: 4 });
    const prepared = engine.prepare(input);
    const run = prepared.begin(input.seed);
    run.run(1, 3);
    expect(() => run.run(2, 4)).toThrow('simulate: trials [2, 4) were already run (in part)');
    run.run(0, 1);
    const a = run.finish().collect();
    prepared.dispose();
    expect(a.runs).toEqual([
      [1, 3],
      [0, 1],
    ]);
    const b = engine.simulatePart(input, 2, 4);
    expect(() => mergeParts(input, [a, b])).toThrow('mergeParts: trial 2 came in two parts');
    expect(() => mergeParts(input, [a])).toThrow('mergeParts: trial 3 is missing');
    expect(mergeParts(input, [a, engine.simulatePart(input, 3, 4)])).toEqual(engine.simulate(input));
  });
});

describe('the dealer', () => {
  test('deals every range once, in order, to whichever job asks, then tells each it is over', async () => {
    const channels = [new MessageChannel(), new MessageChannel()];
    // a clock that stands still: every job as fast as the others
    const stop = dealTrials(
      channels.map((c) => c.port1),
      grants(7, 2),
      { now: () => 0 },
    );
    const [a, b] = channels.map((c) => trialsFrom(c.port2));
    // the first asks are answered once both jobs have asked, job 0 first
    expect(await Promise.all([b(), a()])).toEqual([
      [2, 4],
      [0, 2],
    ]);
    expect(await b()).toEqual([4, 6]);
    expect(await a()).toEqual([6, 7]);
    expect(await b()).toBeUndefined();
    expect(await a()).toBeUndefined();
    expect(await a()).toBeUndefined();
    stop();
  });

  test('near the end, a job slower than the others gets no trial they would end sooner without it', async () => {
    let clock = 0;
    const channels = [new MessageChannel(), new MessageChannel()];
    const stop = dealTrials(
      channels.map((c) => c.port1),
      grants(5, 1),
      { now: () => clock },
    );
    const [fast, slow] = channels.map((c) => trialsFrom(c.port2));
    expect(await Promise.all([fast(), slow()])).toEqual([
      [0, 1],
      [1, 2],
    ]);
    clock = 1;
    expect(await fast()).toEqual([2, 3]); // 1 ms a trial
    clock = 2;
    expect(await fast()).toEqual([3, 4]);
    clock = 2.5;
    // 2.5 ms a trial: the last trial would end at 5; the fast job, free at 3, ends it at 4
    expect(await slow()).toBeUndefined();
    clock = 3;
    expect(await fast()).toEqual([4, 5]);
    expect(await fast()).toBeUndefined();
    stop();
  });

  test('a job a little slower still gets the last trial when it would end it first', async () => {
    let clock = 0;
    const channels = [new MessageChannel(), new MessageChannel()];
    const stop = dealTrials(
      channels.map((c) => c.port1),
      grants(4, 1),
      { now: () => clock },
    );
    const [a, b] = channels.map((c) => trialsFrom(c.port2));
    expect(await Promise.all([a(), b()])).toEqual([
      [0, 1],
      [1, 2],
    ]);
    clock = 1;
    expect(await a()).toEqual([2, 3]);
    clock = 1.2;
    // b: 1.2 ms a trial, ends the last at 2.4; a, busy until 2, would end it at 3
    expect(await b()).toEqual([3, 4]);
    expect(await a()).toBeUndefined();
    expect(await b()).toBeUndefined();
    stop();
  });

  test('jobs that get about one core between them: the favoured job runs every trial, the others none', async () => {
    let clock = 0,
      cpu = 0;
    const channels = [new MessageChannel(), new MessageChannel()];
    const stop = dealTrials(
      channels.map((c) => c.port1),
      grants(4, 1),
      { now: () => clock, cpu: () => cpu, favoured: 1 },
    );
    const [a, b] = channels.map((c) => trialsFrom(c.port2));
    // 40 ms of preparation, 40 ms of CPU: one core between the threads
    clock = cpu = 40;
    expect(await Promise.all([a(), b()])).toEqual([undefined, [0, 1]]);
    for (let k = 1; k < 4; k++) expect(await b()).toEqual([k, k + 1]);
    expect(await b()).toBeUndefined();
    stop();
  });

  test('two cores, then one: a job asking is held back, and stops once the other runs twice as fast', async () => {
    let clock = 0,
      cpu = 0;
    const channels = [new MessageChannel(), new MessageChannel()];
    const stop = dealTrials(
      channels.map((c) => c.port1),
      grants(6, 1),
      { now: () => clock, cpu: () => cpu, favoured: 1 },
    );
    const [a, b] = channels.map((c) => trialsFrom(c.port2));
    // preparation on one thread while the other touched its memory: 1.5 cores
    clock = 40;
    cpu = 60;
    expect(await Promise.all([a(), b()])).toEqual([
      [1, 2],
      [0, 1],
    ]);
    // a trial each on two cores
    clock = 80;
    cpu = 140;
    expect(await a()).toEqual([2, 3]);
    expect(await b()).toEqual([3, 4]);
    // then one core between them: a, asking first, is held back; b's trial ran beside it, 80 ms
    clock = 160;
    cpu = 220;
    const held = a();
    await settled();
    expect(await b()).toEqual([4, 5]);
    // b alone: 40 ms a trial, half the time: they had shared a core
    clock = 200;
    cpu = 260;
    expect(await b()).toEqual([5, 6]);
    expect(await held).toBeUndefined();
    expect(await b()).toBeUndefined();
    stop();
  });

  test('a job held back goes on when the other runs no faster alone', async () => {
    let clock = 0,
      cpu = 0;
    const channels = [new MessageChannel(), new MessageChannel()];
    const stop = dealTrials(
      channels.map((c) => c.port1),
      grants(8, 1),
      { now: () => clock, cpu: () => cpu },
    );
    const [a, b] = channels.map((c) => trialsFrom(c.port2));
    expect(await Promise.all([a(), b()])).toEqual([
      [0, 1],
      [1, 2],
    ]);
    // other work takes the cores: the pair gets one core between them
    clock = 80;
    cpu = 80;
    const held = a();
    await settled();
    expect(await b()).toEqual([2, 3]);
    // b alone as slow as beside a: the pair was not sharing one core; a goes on
    clock = 160;
    cpu = 240;
    expect(await b()).toEqual([4, 5]);
    expect(await held).toEqual([3, 4]);
    stop();
  });

  test('a job still waiting when dealing stops (the other failed before asking) is told none is left', async () => {
    const channels = [new MessageChannel(), new MessageChannel()];
    const stop = dealTrials(
      channels.map((c) => c.port1),
      grants(3, 1),
    );
    const waiting = trialsFrom(channels[0].port2)();
    await settled();
    stop();
    expect(await waiting).toBeUndefined();
  });

  test('well under one core at the first asks (other threads take the cores): both jobs get trials', async () => {
    let clock = 0,
      cpu = 0;
    const channels = [new MessageChannel(), new MessageChannel()];
    const stop = dealTrials(
      channels.map((c) => c.port1),
      grants(2, 1),
      { now: () => clock, cpu: () => cpu },
    );
    const [a, b] = channels.map((c) => trialsFrom(c.port2));
    clock = 40;
    cpu = 20;
    expect(await Promise.all([a(), b()])).toEqual([
      [0, 1],
      [1, 2],
    ]);
    stop();
  });

  test('too short a window says nothing of the cores: both jobs get trials', async () => {
    let clock = 0;
    const channels = [new MessageChannel(), new MessageChannel()];
    const stop = dealTrials(
      channels.map((c) => c.port1),
      grants(2, 1),
      { now: () => clock, cpu: () => clock },
    );
    const [a, b] = channels.map((c) => trialsFrom(c.port2));
    clock = 10;
    expect(await Promise.all([a(), b()])).toEqual([
      [0, 1],
      [1, 2],
    ]);
    stop();
  });

  test('a lone job gets every trial at once; several get a kernel call of trials at a time', () => {
    expect(trialJobs(randomInput(10, 2, 6, { trials: 5 }), 1).deals).toEqual([[0, 5]]);
    const big = trialJobs(randomInput(10, 2, 6, { trials: 5 }), 2);
    expect(big.jobs).toBe(2);
    expect(big.deals).toEqual([[0, 5]]); // 10 arms x 9 steps: every trial in one kernel call's worth
    expect(trialJobs(randomInput(10, 2, 6, { trials: 3 }), 8).jobs).toBe(3);
    expect(grants(5, 2)).toEqual([
      [0, 2],
      [2, 4],
      [4, 5],
    ]);
    expect(grants(0, 1)).toEqual([]);
  });

  test('a fixed source gives its range once', async () => {
    const source = fixedTrials([2, 5]);
    expect(await source()).toEqual([2, 5]);
    expect(await source()).toBeUndefined();
  });
});

/**
 * Job 0 on `engine` (loads the input, prepares, serves the prepared bytes) and job 1 on `other` (adopts them, runs its
 * trials, gathers job 0's per-arm sums), over MessageChannels as the pools' workers do, each given its trials by its
 * own source.
 */
async function twoJobs(
  input: SimulationInput,
  other: Engine,
  first: TrialSource,
  second: TrialSource,
): Promise<SimulationPart[]> {
  const jobs = trialJobs(input, 2),
    shape = shapeOf(input);
  const prepared = new MessageChannel(),
    sums = new MessageChannel();
  const arrays = {
    chunk: async (c: number) => jobs.chunk(0, c) as never,
    rewards: async (c: number) => jobs.rewards(0, c) as Float64Array,
    outputs: async () => armResultArrays(input.numArms, input.numStates),
  };
  return Promise.all([
    runTrialJob(
      engine,
      shape,
      first,
      jobs.chunks,
      await arrays.chunk(0),
      arrays,
      undefined,
      (p) => servePrepared(engine.share(p), [prepared.port1]),
      sumsRoute(sums.port1, []),
    ),
    runAdoptedJob(
      other,
      shape,
      second,
      (adopter) => adoptPrepared(adopter, prepared.port2),
      arrays,
      undefined,
      sumsRoute(undefined, [sums.port2]),
    ),
  ]);
}
