// Pins, by hash, what a seed gives for the built-in registers (the population, the simulated history, the
// banded schema) and for the first week's list of `allot plan --register dlm`: the planner's speed work
// rewrote the generator, the simulation and the banding, and each must give the same bytes as before.
// A deliberate change of what a seed draws (or of the list's content) updates these hashes in the same commit.
// (Plan file version 4, for enrolments, changed only the version field: with version 3 the hash is as before.)
import { planeBytes } from '../../../../src/core/plan/bit-plane.ts';
import { rowMajor } from '../../../../src/core/instance/feature-table.ts';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { generatedRegister } from '../../../../src/core/plan/generated-register.ts';
import { runMain } from '../../cli/run-main.ts';
import { weekBytes } from '../../../../src/core/plan/week-states.ts';
import { unpackIds } from '../../../../src/core/plan/packed-ids.ts';

function digest(parts: (ArrayBufferView | string)[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(typeof p === 'string' ? p : new Uint8Array(p.buffer, p.byteOffset, p.byteLength));
  return h.digest('hex').slice(0, 16);
}

function registerHashes(name: string, arms: number, seed: number) {
  const { register, truth } = generatedRegister(name, { arms }, seed);
  return {
    population: digest([rowMajor(register.features), truth, unpackIds(register.ids).join(',')]),
    history: digest([
      ...register.history.states.map(weekBytes),
      ...register.history.called.map(planeBytes),
      String(register.history.firstWeek),
    ]),
    schema: digest([JSON.stringify(register.schema)]),
  };
}

describe('a seed gives the same register, bit for bit', () => {
  test('dlm', () => {
    expect(registerHashes('dlm', 3000, 7)).toEqual({
      population: 'b9287da9ef1a68d1',
      history: 'ff73e57b122bb587',
      schema: '6803d590c64fa518',
    });
  });
  test('sclm', () => {
    expect(registerHashes('sclm', 2000, 3)).toEqual({
      population: 'ca79b5280a23e3e7',
      history: '619a81993a9ab08c',
      schema: 'c4ad39ab712a8947',
    });
  });
  test('multilingual', () => {
    expect(registerHashes('multilingual', 2000, 5)).toEqual({
      population: 'a6e9ee889efbe149',
      history: '1a708740d32a85fc',
      schema: '2911044f16c41d5a',
    });
  });
});

const dir = mkdtempSync(join(tmpdir(), 'allot-pin-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('allot plan --register dlm gives the same list and plan file', async () => {
  const state = join(dir, 'p.json');
  const out = join(dir, 'calls.csv');
  const r = await runMain([
    'plan',
    '--register',
    'dlm',
    '--arms',
    '3000',
    '--budget',
    '300',
    '--draws',
    '0',
    '--reward',
    'state',
    '--state',
    state,
    '--out',
    out,
  ]);
  expect(r.code).toBe(0);
  const plan = JSON.parse(readFileSync(state, 'utf8'));
  for (const volatile of ['id', 'name', 'createdAt', 'updatedAt']) delete plan[volatile];
  expect({ list: digest([readFileSync(out, 'utf8')]), plan: digest([JSON.stringify(plan)]) }).toEqual({
    list: '2fa8abebe53a7b87',
    plan: 'e527fabca2353116',
  });
});
