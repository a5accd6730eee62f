// A run killed in the middle loses at most the call in flight: `evaluate dlm --transcript` writes
// the transcript after every call, and the resumed run answers from it first (no paid call asked
// twice). The real CLI in a child process, killed with SIGKILL, against the fake provider.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startFakeProvider, type FakeProvider } from '../../fake-provider/fake-provider-server.ts';
import { runMain } from './run-main.ts';

const allot = fileURLToPath(new URL('../../../src/cli/allot.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'allot-kill-'));
let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider({
    reply: (_format, body) =>
      body.messages.at(-1).content.startsWith('Create a Python')
        ? '$$$ state * (1 + agent_feats[11]) $$$'
        : 'The best reward function is at index: 0',
  });
});
afterAll(async () => {
  await fake?.close();
  rmSync(dir, { recursive: true, force: true });
});

const args = (transcript: string, state: string) => [
  'evaluate',
  'dlm',
  '--tasks',
  '0,1',
  '--seeds',
  '2',
  '--trials',
  '5',
  '--rounds',
  '2',
  '--candidates',
  '2',
  '--provider',
  'openai-compatible',
  '--base-url',
  `${fake.origin}/v1`,
  '--model',
  'fake-large',
  '--transcript',
  transcript,
  '--state',
  state,
  '--json',
];

test(
  'SIGKILL in the middle of a run loses at most the call in flight; the resumed run asks no answered call again ' +
    'and ends as an uninterrupted run',
  { timeout: 120_000 },
  async () => {
    // The uninterrupted run: how many calls the evaluation makes, and its result.
    const whole = await runMain(args(join(dir, 'whole.json'), join(dir, 'whole-state.json')));
    expect(whole.code).toBe(0);
    const total = fake.calls().length;
    expect(total).toBeGreaterThanOrEqual(8);
    expect(JSON.parse(readFileSync(join(dir, 'whole.json'), 'utf8'))).toHaveLength(total);

    // The same run, every answer slow, killed while its 5th call is in flight.
    const transcript = join(dir, 'killed.json');
    const state = join(dir, 'killed-state.json');
    const before = fake.calls().length;
    fake.script(...Array.from({ length: total }, () => ({ delayMs: 400 })));
    const child = spawn(process.execPath, [allot, ...args(transcript, state)], { stdio: 'ignore' });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    const started = Date.now();
    while (fake.calls().length - before < 5 && Date.now() - started < 60_000)
      await new Promise((r) => setTimeout(r, 20));
    expect(fake.calls().length - before).toBeGreaterThanOrEqual(5);
    child.kill('SIGKILL');
    await exited;
    const asked = fake.calls().length - before;
    fake.script(); // (the rest of the slow steps are used by the resumed run)
    expect(existsSync(transcript)).toBe(true);
    const kept = JSON.parse(readFileSync(transcript, 'utf8'));
    expect(kept.length).toBeGreaterThanOrEqual(asked - 1); // only the call in flight may be lost

    // Resumed: the calls already answered come from the transcript; at most the lost one is asked again.
    const resumedFrom = fake.calls().length;
    const resumed = await runMain(args(transcript, state));
    expect(resumed.code).toBe(0);
    const newCalls = fake.calls().length - resumedFrom;
    expect(asked + newCalls).toBeLessThanOrEqual(total + 1);
    expect(newCalls).toBe(total - kept.length);
    expect(JSON.parse(resumed.stdout).tasks.map((t: { mnr: unknown }) => t.mnr)).toEqual(
      JSON.parse(whole.stdout).tasks.map((t: { mnr: unknown }) => t.mnr),
    );
    expect(JSON.parse(readFileSync(transcript, 'utf8'))).toHaveLength(total);
  },
);
