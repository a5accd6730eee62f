import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { runSimulation } from '../../../src/cli/commands/simulate.ts';
import { parseArmsCsv } from '../../../src/core/datasets/arms-csv.ts';
import { uniformInitial } from '../../../src/engine/simulation.ts';
import { closedFormWhittle2 } from '../../reference/whittle2.ts';
import { runCli } from './cli.test.ts';

const BENCH_ARMS = fileURLToPath(new URL('../../fixtures/bench-arms-1000.csv', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'allot-cli-'));
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/**
 * Two 3-state arms (reward = state, discount 0.9 by default): arm "flip" is not indexable (found by a search,
 * confirmed by the exhaustive subsidy scan of test/reference/indexability-scan.ts: state 2's best action flips
 * three times as the subsidy grows); arm "plain" moves up one state when called.
 */
function threeStatePopulation(): string {
  const flip = [
    [
      [1, 0, 0],
      [0, 0, 1],
    ],
    [
      [0, 1, 0],
      [0.3, 0.1, 0.6],
    ],
    [
      [0.5555555556, 0, 0.4444444444],
      [0, 1, 0],
    ],
  ];
  const plain = [
    [
      [1, 0, 0],
      [0, 1, 0],
    ],
    [
      [1, 0, 0],
      [0, 0, 1],
    ],
    [
      [0, 1, 0],
      [0, 0, 1],
    ],
  ];
  const cols: string[] = [];
  for (let s = 0; s < 3; s++) for (let a = 0; a < 2; a++) for (let t = 0; t < 3; t++) cols.push(`p_${s}_${a}_${t}`);
  const row = (id: string, p: number[][][]) => [id, ...p.flatMap((bySa) => bySa.flat())].join(',');
  return file('three.csv', ['id,' + cols.join(','), row('flip', flip), row('plain', plain)].join('\n') + '\n');
}

const SIM = [
  '--discount',
  '0.95',
  '--budget',
  '100',
  '--horizon',
  '10',
  '--trials',
  '5',
  '--seed',
  '1',
  '--ties',
  'lowest-id',
  '--initial',
  '0.5',
];

describe('allot indices', () => {
  test(
    'refuses rewards so large (1e308) that an index overflows, in words, instead of printing Infinity ' +
      'as indexable',
    async () => {
      const big = file(
        'big.csv',
        'id,q00,q01,q10,q11,r0,r1\nsmall,0.1,0.3,0.5,0.9,0,1\nhuge,0.2,0.4,0.6,0.8,-1e308,1e308\n',
      );
      for (const json of [false, true]) {
        const { code, stdout, stderr } = await runCli(['indices', '--arms', big, ...(json ? ['--json'] : [])]);
        expect(code).toBe(1);
        const message = json ? (JSON.parse(stdout) as { error: { message: string } }).error.message : stderr;
        if (!json) expect(stdout).toBe('');
        expect(message).toContain(
          'the Whittle index of 1 of 2 arms is beyond the range of a floating-point number: arm "huge" (rewards ' +
            '-1e+308, 1e+308)',
        );
        expect(message).toContain('divide every reward by the same large number');
        expect(message).not.toMatch(/Infinity|null|indexable/);
      }
      // 1e308 in one state alone still gives a finite index, which is printed.
      const fine = await runCli([
        'indices',
        '--arms',
        file('fine.csv', 'q00,q01,q10,q11,r0,r1\n0.1,0.3,0.5,0.9,0,1e308\n'),
        '--json',
      ]);
      expect(fine.code).toBe(0);
      expect((JSON.parse(fine.stdout) as { indices: number[][] }).indices[0].every(Number.isFinite)).toBe(true);
    },
  );

  test('refuses a bad probability with the line and column, and computes nothing', async () => {
    const { code, stdout, stderr } = await runCli([
      'indices',
      '--arms',
      file('bad.csv', 'q00,q01,q10,q11\n0.1,0.2,0.3,0.4\n0.1,-0.2,0.3,0.4\n'),
    ]);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain('bad.csv, line 3, column 2 ("q01"): -0.2 is not a probability in [0, 1]');
  });

  test('exits 2 for a discount outside [0, 1)', async () => {
    const { code, stderr } = await runCli(['indices', '--arms', BENCH_ARMS, '--discount', '1']);
    expect(code).toBe(2);
    expect(stderr).toContain('option "--discount" must be a number in [0, 1), got "1"');
  });

  test('prints w0,w1 per arm in shortest round-trip form, equal to the closed form', async () => {
    const { code, stdout } = await runCli(['indices', '--arms', BENCH_ARMS, '--discount', '0.95']);
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toBe('w0,w1');
    const arms = parseArmsCsv(readFileSync(BENCH_ARMS, 'utf8'));
    expect(lines).toHaveLength(arms.ids.length + 1);
    for (const i of [0, 1, 500, 999]) {
      const q = (s: number, a: number) => arms.transitions[i * 8 + s * 4 + a * 2 + 1];
      const w = closedFormWhittle2(
        [
          [q(0, 0), q(0, 1)],
          [q(1, 0), q(1, 1)],
        ],
        [arms.rewards[2 * i], arms.rewards[2 * i + 1]],
        0.95,
      );
      expect(lines[i + 1]).toBe(`${w[0]},${w[1]}`);
    }
  });

  test('--json prints indices and indexability', async () => {
    const { stdout } = await runCli([
      'indices',
      '--arms',
      file('two.csv', 'q00,q01,q10,q11,r0,r1\n0.1,0.6,0.5,0.9,0,10\n0.3,0.4,0.8,0.9,-1,1\n'),
      '--json',
    ]);
    const out = JSON.parse(stdout);
    expect(out.indices).toHaveLength(2);
    expect(out.indexable).toEqual([true, true]);
    expect(out.indices[0][0]).toBeGreaterThan(1); // rewards 0..10: indices beyond [-1, 1]
  });

  test("reports each S-state arm's verdict and warns about the arms that are not indexable", async () => {
    const pop = threeStatePopulation();
    const text = await runCli(['indices', '--population', pop]);
    expect(text.code).toBe(0);
    const lines = text.stdout.trim().split('\n');
    expect(lines[0]).toBe('w0,w1,w2,verdict');
    expect(lines[1]).toMatch(/,not indexable$/);
    expect(lines[2]).toMatch(/,(strongly )?indexable$/);
    expect(text.stderr).toContain('allot indices: warning: 1 of 2 arms is not indexable (it has no Whittle index');
    expect(text.stderr).toContain('first stops calling it');
    const json = JSON.parse((await runCli(['indices', '--population', pop, '--json'])).stdout);
    expect(json.indexable).toEqual([false, true]);
    expect(json.verdict[0]).toBe('not indexable');
  }, 30_000);
});

describe('allot simulate', () => {
  test('reproduces the bench checksums on 1 thread, one per core and 4 threads with identical totals', async () => {
    const outs = [];
    const threads = [...new Set([1, availableParallelism()])];
    for (const workers of threads) {
      const { code, stdout } = await runCli([
        'simulate',
        '--arms',
        BENCH_ARMS,
        ...SIM,
        '--workers',
        String(workers),
        '--json',
      ]);
      expect(code).toBe(0);
      outs.push(JSON.parse(stdout));
    }
    // --workers stops at the cores; 4 threads through the function the command calls, on any machine.
    const { ids, transitions, rewards } = parseArmsCsv(readFileSync(BENCH_ARMS, 'utf8'), 'bench-arms-1000.csv');
    const input = {
      numArms: ids.length,
      numStates: 2,
      transitions,
      rewards,
      initial: uniformInitial(ids.length, 0.5),
      discount: 0.95,
      budget: 100,
      horizon: 10,
      trials: 5,
      seed: 1,
      policy: 'whittle',
      ties: 'lowest-id',
    } as const;
    const four = await runSimulation(input, 4);
    outs.push({
      engaged_sum: four.result.engagedSum,
      pulled_id_sum: four.result.pulledIdSum,
      reward_mean: four.result.rewardMean,
      disc_reward_mean: four.result.discRewardMean,
      elapsed_ms: four.elapsedMs,
      workers: four.threads,
    });
    for (const o of outs) {
      expect(o.engaged_sum).toBe(20244);
      expect(o.pulled_id_sum).toBe(2311762);
      expect(o.reward_mean).toBe(outs[0].reward_mean);
      expect(o.disc_reward_mean).toBe(outs[0].disc_reward_mean);
      expect(o.elapsed_ms).toBeGreaterThan(0);
    }
    expect(outs.map((o) => o.workers)).toEqual([...threads, 4]);
  }, 60_000);

  test('refuses a negative budget and a missing option with exit 2', async () => {
    const bad = await runCli(['simulate', '--arms', BENCH_ARMS, ...SIM.slice(0, 2), '--budget', '-3', ...SIM.slice(4)]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('option "--budget" must be a whole number from 1 to 10,000,000, got "-3"');
    const missing = await runCli(['simulate', '--arms', BENCH_ARMS, '--discount', '0.9']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('option "--budget" is required');
  });

  test('runs the Random and No Action policies', async () => {
    const none = JSON.parse(
      (await runCli(['simulate', '--arms', BENCH_ARMS, ...SIM, '--policy', 'none', '--workers', '1', '--json'])).stdout,
    );
    expect(none.pulled_id_sum).toBe(0);
    const random = JSON.parse(
      (await runCli(['simulate', '--arms', BENCH_ARMS, ...SIM, '--policy', 'random', '--workers', '1', '--json']))
        .stdout,
    );
    expect(random.pulled_id_sum).toBeGreaterThan(0);
    expect(random.engaged_sum).not.toBe(20244);
  });

  test('warns with the count of arms that are not indexable, on one thread and on several', async () => {
    for (const workers of ['1', '2']) {
      const out = await runCli([
        'simulate',
        '--population',
        threeStatePopulation(),
        '--budget',
        '1',
        '--trials',
        '4',
        '--seed',
        '3',
        '--workers',
        workers,
        '--json',
      ]);
      expect(out.code).toBe(0);
      expect(JSON.parse(out.stdout).not_indexable_arms).toBe(1);
      expect(out.stderr).toContain('allot simulate: warning: 1 of 2 arms is not indexable (it has no Whittle index');
    }
    const twoState = await runCli(['simulate', '--arms', BENCH_ARMS, ...SIM, '--workers', '1', '--json']);
    expect(JSON.parse(twoState.stdout).not_indexable_arms).toBe(0);
    expect(twoState.stderr).not.toContain('not indexable');
  }, 60_000);
});

describe('allot bench', () => {
  test('prints every timing the issue asks for, with matching reference checksums', async () => {
    const { code, stdout } = await runCli([
      'bench',
      '--arms',
      '2000',
      '--repeat',
      '2',
      '--sstate-arms',
      '200',
      '--json',
    ]);
    expect(code).toBe(0);
    const r = JSON.parse(stdout);
    expect(Object.keys(r.sstate_ms)).toEqual(['3', '5', '10', '20']);
    for (const v of [
      r.indices.wasm_ms,
      r.indices.reference_ms,
      r.simulate.wasm_1_worker_ms,
      r.simulate.wasm_all_workers_ms,
      r.simulate.reference_ms,
      r.dlm_candidate_ms,
      ...Object.values(r.sstate_ms),
    ]) {
      expect(v).toBeGreaterThan(0);
    }
    expect(r.simulate.engaged_sum).toBe(r.simulate.reference_engaged_sum);
    expect(r.simulate.pulled_id_sum).toBe(r.simulate.reference_pulled_id_sum);
    expect(r.simulate.all_workers_identical).toBe(true);
  }, 180_000);
});
