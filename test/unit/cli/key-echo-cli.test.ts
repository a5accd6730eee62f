// A provider whose replies repeat the key (a misconfigured proxy, a model told to echo its headers):
// the command line never prints or writes it. `allot llm` prints [key]; `evaluate dlm` keeps it out
// of its --transcript and --state files. The real CLI in a child process against the fake provider.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startFakeProvider, type FakeProvider } from '../../fake-provider/fake-provider-server.ts';

const allot = fileURLToPath(new URL('../../../src/cli/allot.mjs', import.meta.url));
const KEY = 'sk-echoed-key-271828';
const dir = mkdtempSync(join(tmpdir(), 'allot-echo-'));

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [allot, ...args],
      { timeout: 90_000, env: { ...process.env, ALLOT_API_KEY: KEY } },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider({
    key: KEY,
    reply: (_format, body) =>
      body.messages.at(-1).content.startsWith('Create a Python')
        ? `Using key ${KEY}: $$$ state * (1 + agent_feats[11]) $$$`
        : `The best reward function is at index: 0 (${KEY})`,
  });
});
afterAll(async () => {
  await fake?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('allot llm prints the reply with the key replaced', { timeout: 90_000 }, async () => {
  const r = await run([
    'llm',
    '--provider',
    'openai-compatible',
    '--base-url',
    `${fake.origin}/v1`,
    '--model',
    'm',
    '--prompt',
    'Create a Python reward',
  ]);
  expect(r.code).toBe(0);
  expect(r.stdout).toBe('Using key [key]: $$$ state * (1 + agent_feats[11]) $$$\n');
  expect(r.stdout + r.stderr).not.toContain(KEY);
});

test(
  'evaluate dlm writes no key into its --transcript or --state file, nor prints it',
  { timeout: 90_000 },
  async () => {
    const transcript = join(dir, 't.json');
    const state = join(dir, 's.json');
    const r = await run([
      'evaluate',
      'dlm',
      '--tasks',
      '0',
      '--seeds',
      '1',
      '--trials',
      '2',
      '--rounds',
      '1',
      '--candidates',
      '2',
      '--provider',
      'openai-compatible',
      '--base-url',
      `${fake.origin}/v1`,
      '--model',
      'm',
      '--transcript',
      transcript,
      '--state',
      state,
    ]);
    expect(r.code).toBe(0);
    const written = readFileSync(transcript, 'utf8') + readFileSync(state, 'utf8');
    expect(written).toContain('[key]');
    expect(written + r.stdout + r.stderr).not.toContain(KEY);
  },
);
