import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { dlmSchema } from '../../../src/core/datasets/dlm-schema.ts';
import { probePopulation } from '../../../src/core/reward/probe-population.ts';

const allot = fileURLToPath(new URL('../../../src/cli/allot.mjs', import.meta.url));

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [allot, ...args], { timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

const oldArm = Array.from({ length: 43 }, (_, i) => (i === 11 ? 1 : 0)).join(',');

describe('allot reward', () => {
  test('prints the diagnostics and, with --features, the reward in states 0 and 1 as JSON', async () => {
    const { code, stdout } = await run([
      'reward',
      '--schema',
      'dlm43',
      '--expr',
      'lambda feature, state: state * 0.1 + if_(state) * 2.0 * feature[11]',
      '--features',
      oldArm,
      '--json',
    ]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      features_used: [11],
      increasing_in_state: true,
      nonnegative: true,
      normalized: 'state * 0.1 + if_(state) * 2.0 * agent_feats[11]',
      range: [0, 2.1],
      reward: [0, 2.1],
    });
  });

  test('checks monotonicity and sign over every member of the one-hot groups the expression reads', async () => {
    const { code, stdout } = await run([
      'reward',
      '--schema',
      'dlm43',
      '--expr',
      'state * (agent_feats.age_51_60 - agent_feats.income_7)',
      '--json',
    ]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({
      features_used: [11, 42],
      increasing_in_state: false,
      nonnegative: false,
      range: [-1, 1],
    });
  });

  test('exits 1 with the error as JSON: message, position and hint', async () => {
    const { code, stdout } = await run([
      'reward',
      '--schema',
      'dlm43',
      '--expr',
      'state * agent_feats.age_51_to_60',
      '--json',
    ]);
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toEqual({
      error: {
        message: 'unknown feature agent_feats.age_51_to_60',
        position: 20,
        hint: 'closest feature names: age_51_60, age_10_20, age_21_30',
      },
    });
  });

  test('without --json an error shows the caret excerpt and the hint on stderr', async () => {
    const { code, stdout, stderr } = await run([
      'reward',
      '--schema',
      'dlm43',
      '--expr',
      'state / agent_feats.days_to_first_call',
    ]);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      'allot reward: ZeroDivisionError: division by zero for arm 0 in state 0 (agent_feats[6] Days to first call = ' +
        '0)\nstate / agent_feats.days_to_first_call\n      ^\nhint: guard the divisor, e.g. x / (y + 1) or (x / y ' +
        'if y else 0)\n',
    );
  });

  test('takes an expression that starts with "-" as --expr=...', async () => {
    const { code, stdout } = await run(['reward', '--schema', 'dlm43', '--expr=-state + 1', '--json']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({
      normalized: '-state + 1',
      increasing_in_state: false,
      nonnegative: true,
    });
  });

  test('reads a schema from a JSON file, and names the file and entry when it is wrong', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'allot-reward-'));
    const good = join(dir, 'schema.json');
    writeFileSync(
      good,
      JSON.stringify({
        columns: [
          { name: 'age', type: 'integer' },
          { name: 'score', type: 'continuous' },
        ],
      }),
    );
    const ok = await run([
      'reward',
      '--schema',
      good,
      '--expr',
      'state * (agent_feats.age > 30) + agent_feats.score / 2',
      '--features',
      '40,3',
      '--json',
    ]);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ features_used: [0, 1], reward: [1.5, 2.5] });
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ columns: [{ name: 'age', type: 'number' }] }));
    const refused = await run(['reward', '--schema', bad, '--expr', 'state']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'bad.json, line 1, column 34 (columns[0].type): must be "binary", "integer" or "continuous", not "number"',
    );
  });

  test('exits 2 for an unknown schema, a missing --expr or a wrong number of --features', async () => {
    expect((await run(['reward', '--schema', 'nope', '--expr', 'state'])).code).toBe(2);
    expect((await run(['reward', '--schema', 'dlm43'])).stderr).toContain('--expr is required');
    const short = await run(['reward', '--schema', 'dlm43', '--expr', 'state', '--features', '1,2']);
    expect(short.code).toBe(2);
    expect(short.stderr).toContain('--features: 2 values given, the schema has 43 columns');
  });
});

describe('probe arms for a schema without a population', () => {
  test('cover every member of each used one-hot group in combination, one member set per group', () => {
    const schema = dlmSchema();
    const { numArms, features } = probePopulation(schema, [7, 12, 42]); // Ages x Languages x Income
    expect(numArms).toBe(5 * 4 * 8);
    const seen = new Set<string>();
    for (let arm = 0; arm < numArms; arm++) {
      const row = features.subarray(arm * 43, (arm + 1) * 43);
      for (const group of schema.groups) expect(group.columns.reduce((sum, c) => sum + row[c], 0)).toBe(1);
      seen.add(row.join());
    }
    expect(seen.size).toBe(numArms);
  });

  test('give other used columns a spread of values and stop at maxArms', () => {
    const schema = dlmSchema();
    expect(probePopulation(schema, [6]).numArms).toBe(8);
    expect(probePopulation(schema, [0, 1, 2, 3, 4, 5, 6], 1000).numArms).toBe(1000);
  });
});
