import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startFakeProvider, type FakeProvider } from '../../fake-provider/fake-provider-server.ts';
import { runMain } from './run-main.ts';

const allot = fileURLToPath(new URL('../../../src/cli/allot.mjs', import.meta.url));
const KEY = 'sk-cli-test-key-31337';

function run(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const { ALLOT_API_KEY: _, ...rest } = process.env;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [allot, ...args],
      { timeout: 60_000, env: { ...rest, ...env } },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider({ key: KEY, reply: () => 'Hello from the fake provider.' });
});
afterAll(async () => {
  await fake?.close();
});

describe('allot llm', () => {
  test('prints the reply, with the key taken from ALLOT_API_KEY', { timeout: 60_000 }, async () => {
    const { code, stdout, stderr } = await run(
      ['llm', '--provider', 'anthropic', '--base-url', fake.origin, '--model', 'fake-large', '--prompt', 'Say hello'],
      { ALLOT_API_KEY: KEY },
    );
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toBe('Hello from the fake provider.\n');
    const call = fake.calls().at(-1)!;
    expect(call.headers['x-api-key']).toBe(KEY);
    expect(call.body).toMatchObject({ model: 'fake-large', messages: [{ role: 'user', content: 'Say hello' }] });
  });

  test(
    'exits 1 with the classified message, never the key, when the key is wrong; --json names the kind',
    { timeout: 60_000 },
    async () => {
      const { code, stdout, stderr } = await run(
        ['llm', '--provider', 'openai', '--base-url', `${fake.origin}/v1`, '--model', 'm', '--prompt', 'x', '--json'],
        { ALLOT_API_KEY: 'sk-wrong-wrong-wrong' },
      );
      expect(code).toBe(1);
      expect(stderr).toBe('');
      const { error } = JSON.parse(stdout);
      expect(error.kind).toBe('auth');
      expect(error.message).toMatch(/^OpenAI refused the key \(HTTP 401\)/);
      expect(stdout).not.toContain('sk-wrong-wrong-wrong');
    },
  );

  test(
    'exits 1 without a key for a provider that needs one, and 2 for a --key option',
    { timeout: 60_000 },
    async () => {
      const missing = await run(['llm', '--provider', 'gemini', '--model', 'g', '--prompt', 'x']);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toBe(
        'allot llm: no key: set the environment variable ALLOT_API_KEY to your Google Gemini key\n',
      );
      const argv = await run(['llm', '--provider', 'gemini', '--model', 'g', '--prompt', 'x', '--key', 'abc']);
      expect(argv.code).toBe(2);
      expect(argv.stderr).toMatch(/unknown option "--key"/);
    },
  );

  test('lists models of a keyless OpenAI-compatible server', { timeout: 60_000 }, async () => {
    const open = await startFakeProvider();
    try {
      const { code, stdout } = await run([
        'llm',
        '--provider',
        'openai-compatible',
        '--base-url',
        `${open.origin}/v1`,
        '--list-models',
      ]);
      expect(code).toBe(0);
      expect(stdout).toBe('fake-large\nfake-small\n');
      expect(open.received[0].headers.authorization).toBeUndefined();
    } finally {
      await open.close();
    }
  });

  test('a provider named after a property of every object (toString, constructor): usage error, exit 2', async () => {
    for (const argv of [
      ['llm', '--provider', 'toString', '--model', 'm', '--prompt', 'x'],
      ['llm', '--provider', '__proto__', '--model', 'm', '--prompt', 'x'],
      ['evaluate', 'dlm', '--provider', 'constructor', '--model', 'm'],
    ]) {
      const r = await runMain(argv);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(
        /unknown provider "(toString|__proto__|constructor)"; use one of openai, anthropic, gemini, openai-compatible/,
      );
    }
  });

  test(
    'plain http to a host other than this machine is refused before anything is sent, as the ' + "page's CSP does",
    async () => {
      const before = fake.received.length;
      process.env.ALLOT_API_KEY = KEY;
      try {
        const r = await runMain([
          'llm',
          '--provider',
          'openai-compatible',
          '--base-url',
          'http://192.0.2.7:11434/v1',
          '--model',
          'm',
          '--prompt',
          'x',
        ]);
        expect(r.code).toBe(1);
        expect(r.stderr).toMatch(/plain http to another machine.*Use https:\/\//);
        expect(r.stderr).not.toContain(KEY);
      } finally {
        delete process.env.ALLOT_API_KEY;
      }
      expect(fake.received.length).toBe(before);
    },
  );
});
