// The real HTTP providers against the fake provider server on 127.0.0.1: request shapes as
// received, retries and their waits, classification, transcript, timeouts, abort and replay.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { requestHash } from '../../../src/core/prompts/request-hash.ts';
import { HttpProvider, MAX_REPLY_CHARS, type HttpProviderOptions } from '../../../src/llm/http-provider.ts';
import { LlmError } from '../../../src/llm/llm-error.ts';
import type { ProviderConfig, ProviderKind } from '../../../src/llm/provider-config.ts';
import { ReplayProvider } from '../../../src/llm/replay-provider.ts';
import { backoffMs, retryAfterMs } from '../../../src/llm/retry-after.ts';
import { Transcript } from '../../../src/llm/transcript.ts';
import { startFakeProvider, type FakeProvider } from '../../fake-provider/fake-provider-server.ts';

const KEY = 'sk-unit-test-key-4242';
let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider({
    key: KEY,
    reply: (format, body) => `${format} says hi to ${JSON.stringify(body).length} bytes`,
  });
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  fake.received.length = 0;
});
// The scripted steps are one queue for the whole file: a step a test leaves would answer the next
// test's first request (an abort that beat its request to the server once failed "transcript and replay").
afterEach(() => {
  expect(fake.pending(), 'scripted steps left unused').toBe(0);
});

function base(kind: ProviderKind): string {
  return kind === 'openai' || kind === 'openai-compatible' ? `${fake.origin}/v1` : fake.origin;
}

/** A provider whose waits are recorded instead of slept. */
function provider(kind: ProviderKind, extra: Partial<ProviderConfig> = {}, options: HttpProviderOptions = {}) {
  const waits: number[] = [];
  const p = new HttpProvider(
    { kind, model: 'fake-large', baseUrl: base(kind), apiKey: KEY, ...extra },
    { random: () => 0.5, sleep: async (ms) => void waits.push(ms), ...options },
  );
  return { p, waits };
}

async function failure(promise: Promise<unknown>): Promise<LlmError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof LlmError) return error;
    throw error;
  }
  throw new Error('expected an LlmError');
}

describe.each<ProviderKind>(['openai', 'anthropic', 'gemini', 'openai-compatible'])(
  'a %s call to the fake server',
  (kind) => {
    test('arrives with exactly the documented path and auth header, and returns the text and usage', async () => {
      const { p } = provider(kind);
      const reply = await p.complete({ prompt: 'hello', maxTokens: 20 });
      expect(reply.text).toMatch(new RegExp(`^${kind === 'openai-compatible' ? 'openai' : kind} says hi`));
      expect(reply.usage).toEqual({ inputTokens: 11, outputTokens: 7 });
      expect(reply.attempts).toBe(1);
      expect(reply.hash).toBe(requestHash(kind, 'fake-large', { prompt: 'hello', maxTokens: 20 }));
      const [call] = fake.calls();
      const path = {
        openai: '/v1/chat/completions',
        'openai-compatible': '/v1/chat/completions',
        anthropic: '/v1/messages',
        gemini: '/v1beta/models/fake-large:generateContent',
      }[kind];
      expect(call.path).toBe(path);
      expect(call.path).not.toContain(KEY);
      const auth = {
        openai: 'authorization',
        'openai-compatible': 'authorization',
        anthropic: 'x-api-key',
        gemini: 'x-goog-api-key',
      }[kind];
      expect(call.headers[auth]).toBe(auth === 'authorization' ? `Bearer ${KEY}` : KEY);
      expect(Object.keys(call.headers).filter((h) => h.startsWith('x-stainless'))).toEqual([]);
      if (kind === 'anthropic') expect(call.headers['anthropic-version']).toBe('2023-06-01');
    });

    test('lists the models the key can use', async () => {
      expect(await provider(kind).p.listModels()).toEqual(['fake-large', 'fake-small']);
    });

    test('a wrong key is "auth", not retried, and the message never holds the key', async () => {
      const wrong = 'sk-wrong-key-999999';
      const { p, waits } = provider(kind, { apiKey: wrong });
      const e = await failure(p.complete({ prompt: 'x' }));
      expect(e.kind).toBe('auth');
      expect(e.message).toMatch(/refused the key/);
      expect(e.message).not.toContain(wrong);
      expect(waits).toEqual([]);
    });
  },
);

describe('retries', () => {
  test('a 429 with retry-after is retried after at least the asked wait, then succeeds', async () => {
    fake.script({ status: 429, headers: { 'retry-after': '2' } }, { reply: 'finally' });
    const { p, waits } = provider('openai');
    const reply = await p.complete({ prompt: 'x' });
    expect(reply.text).toBe('finally');
    expect(reply.attempts).toBe(2);
    expect(waits).toEqual([2000]);
  });

  test('retry-after-ms takes precedence over retry-after', async () => {
    fake.script({ status: 429, headers: { 'retry-after-ms': '1500', 'retry-after': '9' } }, {});
    const { p, waits } = provider('openai');
    await p.complete({ prompt: 'x' });
    expect(waits).toEqual([1500]);
  });

  test("Gemini's RetryInfo delay is honored", async () => {
    fake.script(
      {
        status: 429,
        body: {
          error: {
            code: 429,
            status: 'RESOURCE_EXHAUSTED',
            message: 'slow down',
            details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '3s' }],
          },
        },
      },
      {},
    );
    const { p, waits } = provider('gemini');
    await p.complete({ prompt: 'x' });
    expect(waits).toEqual([3000]);
  });

  test("Anthropic's 529 overload, a 500 and a dropped connection are retried with growing jittered waits", async () => {
    fake.script({ status: 529 }, { status: 500 }, { drop: true }, { reply: 'ok' });
    const { p, waits } = provider('anthropic');
    const reply = await p.complete({ prompt: 'x' });
    expect(reply.text).toBe('ok');
    expect(reply.attempts).toBe(4);
    expect(waits).toEqual([250, 500, 1000]); // random 0.5 x 500 ms x 2^attempt
  });

  test('gives up after maxRetries with the last classified error', async () => {
    fake.script({ status: 503 }, { status: 503 }, { status: 503 });
    const { p, waits } = provider('openai', {}, { maxRetries: 2 });
    const e = await failure(p.complete({ prompt: 'x' }));
    expect(e.kind).toBe('server');
    expect(e.status).toBe(503);
    expect(waits).toHaveLength(2);
  });

  test.each([
    [400, 'bad-request'],
    [403, 'permission'],
    [404, 'model-not-found'],
  ] as const)('HTTP %i is "%s" and not retried', async (status, kind) => {
    fake.script({ status });
    const { p, waits } = provider('openai');
    expect((await failure(p.complete({ prompt: 'x' }))).kind).toBe(kind);
    expect(waits).toEqual([]);
    expect(fake.calls()).toHaveLength(1);
  });

  test('an exhausted quota is not retried, whatever the provider calls it', async () => {
    fake.script(
      { status: 429, errorType: 'insufficient_quota', errorMessage: 'You exceeded your current quota' },
      { status: 400, errorMessage: 'Your credit balance is too low to access the Anthropic API.' },
      {
        status: 429,
        body: {
          type: 'error',
          error: { type: 'rate_limit_error', message: 'enforced_spend_limit_reached: workspace limit' },
        },
      },
      {
        status: 429,
        body: {
          error: {
            code: 429,
            status: 'RESOURCE_EXHAUSTED',
            message: 'Quota exceeded',
            details: [
              {
                '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
                violations: [{ quotaId: 'GenerateRequestsPerDayPerProjectPerModel-FreeTier' }],
              },
            ],
          },
        },
      },
    );
    for (const kind of ['openai', 'anthropic', 'anthropic', 'gemini'] as const) {
      const { p, waits } = provider(kind);
      const e = await failure(p.complete({ prompt: 'x' }));
      expect(e.kind).toBe('quota');
      expect(e.message).toMatch(/retrying now will not help/);
      expect(waits).toEqual([]);
    }
  });

  test('a server asking for a longer wait than allot accepts is reported, not waited for', async () => {
    fake.script({ status: 429, headers: { 'retry-after': '3600' } });
    const { p, waits } = provider('openai');
    const e = await failure(p.complete({ prompt: 'x' }));
    expect(e.kind).toBe('rate-limit');
    expect(e.message).toMatch(/asks to wait 3600 s.*try again later/);
    expect(waits).toEqual([]);
  });

  test('a 200 with a body that is not JSON is "malformed-reply" and retried', async () => {
    fake.script({ body: '<html>proxy error' }, { body: '{"unexpected": true}' }, { reply: 'good' });
    const { p } = provider('openai');
    expect((await p.complete({ prompt: 'x' })).text).toBe('good');
    fake.script({ body: 'nope' });
    const e = await failure(provider('openai', {}, { maxRetries: 0 }).p.complete({ prompt: 'x' }));
    expect(e.kind).toBe('malformed-reply');
    expect(e.message).toContain('starting "nope"');
  });
});

describe('a reply that contains the key', () => {
  test('has it replaced by [key] in the reply and the transcript, even when the body escapes it', async () => {
    const escaped = KEY.replace(/-/g, '\\u002d');
    fake.script(
      { reply: `your key is ${KEY}, yes ${KEY}` },
      { body: `{"choices": [{"message": {"content": "again ${escaped}"}}]}` },
    );
    const transcript = new Transcript();
    const { p } = provider('openai', {}, { transcript });
    expect((await p.complete({ prompt: 'x' })).text).toBe('your key is [key], yes [key]');
    expect((await p.complete({ prompt: 'y' })).text).toBe('again [key]');
    expect(JSON.stringify(transcript.toJSON())).not.toContain(KEY);
  });

  test('is redacted in a refusal or an error body too', async () => {
    fake.script({ body: { choices: [{ message: { content: null, refusal: `I will not repeat ${KEY}` } }] } });
    const e = await failure(provider('openai').p.complete({ prompt: 'x' }));
    expect(e.kind).toBe('blocked');
    expect(e.message).not.toContain(KEY);
    expect(e.message).toContain('[key]');
  });
});

describe('replies over the cap', () => {
  test('are refused after one attempt and kept nowhere: the transcript records the error, not the text', async () => {
    fake.script({ reply: 'x'.repeat(MAX_REPLY_CHARS + 10) });
    const transcript = new Transcript();
    const e = await failure(provider('openai', {}, { transcript }).p.complete({ prompt: 'x' }));
    expect(e.kind).toBe('malformed-reply');
    expect(e.message).toMatch(/more than the 1,000,000 allot reads; it was not kept/);
    expect(fake.calls()).toHaveLength(1);
    expect(transcript.entries).toMatchObject([{ reply: null, error: { kind: 'malformed-reply' } }]);
    expect(JSON.stringify(transcript.toJSON()).length).toBeLessThan(2000);
  });
});

describe('empty replies', () => {
  test('an empty, null or blank answer is reported after one attempt, not retried five times', async () => {
    for (const step of [
      { body: '' },
      { body: 'null' },
      { body: { choices: [{ message: { content: null } }] } },
      { reply: '' },
    ]) {
      fake.received.length = 0;
      fake.script(step, { reply: 'would be the retry' });
      const { p, waits } = provider('openai');
      const e = await failure(p.complete({ prompt: 'x' }));
      expect(e.kind).toBe('malformed-reply');
      expect(e.message).toMatch(/empty reply/);
      expect(fake.calls()).toHaveLength(1);
      expect(waits).toEqual([]);
      await p.complete({ prompt: 'drain' }); // uses up the step a retry would have taken
    }
  });
});

describe('time limits and cancellation', () => {
  test('an attempt slower than the timeout is "timeout" and retried', async () => {
    // One slow answer, then the default one. Under load an attempt may time out before it reaches the
    // server; then a later attempt meets the slow step, so the count of retries is not fixed, only
    // that each was a timeout and the first answer in time is the one returned.
    fake.script({ delayMs: 3000, reply: 'late' });
    const transcript = new Transcript();
    const { p, waits } = provider('openai', { timeoutMs: 100 }, { transcript });
    const reply = await p.complete({ prompt: 'x' });
    expect(reply.text).toMatch(/^openai says hi/);
    expect(reply.attempts).toBeGreaterThanOrEqual(2);
    expect(waits).toHaveLength(reply.attempts - 1);
    expect(transcript.entries).toMatchObject([{ reply: reply.text, error: null, attempts: reply.attempts }]);
  });

  test("the caller's AbortSignal stops the call at once with the signal's reason, without retrying", async () => {
    fake.script({ delayMs: 2000 });
    const transcript = new Transcript();
    const { p, waits } = provider('openai', {}, { transcript });
    const controller = new AbortController();
    const pending = p.complete({ prompt: 'x' }, { signal: controller.signal });
    // Cancelled once the server holds the request (not after a guess of time, which under load can
    // beat the request there and leave its slow step to the next test).
    await fake.whenCalls(1);
    controller.abort(new Error('user cancelled'));
    await expect(pending).rejects.toThrow('user cancelled');
    expect(waits).toEqual([]);
    expect(transcript.entries.map((e) => e.error?.kind)).toEqual(['aborted']);
  });

  test('an already aborted signal sends nothing', async () => {
    const { p } = provider('openai');
    await expect(p.complete({ prompt: 'x' }, { signal: AbortSignal.abort() })).rejects.toThrow();
    expect(fake.calls()).toEqual([]);
  });

  test('a server that is not there is "network" in Node, with the reason', async () => {
    const gone = await startFakeProvider();
    const origin = gone.origin;
    await gone.close();
    const e = await failure(
      new HttpProvider({ kind: 'openai-compatible', model: 'm', baseUrl: `${origin}/v1` }, { maxRetries: 0 }).complete({
        prompt: 'x',
      }),
    );
    expect(e.kind).toBe('network');
    expect(e.message).toMatch(/Could not reach .* \(ECONNREFUSED\)/);
  });
});

describe('the transcript and replay', () => {
  test('records each call with its request, reply, usage, attempts and timing, and no key or header', async () => {
    const transcript = new Transcript();
    fake.script({ status: 500 }, { reply: 'one' }, { status: 401 });
    const { p } = provider('anthropic', {}, { transcript });
    await p.complete({ prompt: 'first', temperature: 0 });
    await failure(p.complete({ prompt: 'second' }));
    const [ok, bad] = transcript.entries;
    expect(ok).toMatchObject({
      provider: 'anthropic',
      model: 'fake-large',
      url: `${fake.origin}/v1/messages`,
      request: { prompt: 'first', temperature: 0 },
      reply: 'one',
      usage: { inputTokens: 11, outputTokens: 7 },
      error: null,
      attempts: 2,
    });
    expect(ok.durationMs).toBeGreaterThanOrEqual(0);
    expect(Date.parse(ok.startedAt)).not.toBeNaN();
    expect(bad).toMatchObject({ reply: null, error: { kind: 'auth' }, attempts: 1 });
    expect(JSON.stringify(transcript)).not.toContain(KEY);
    expect(JSON.stringify(transcript)).not.toMatch(/x-api-key|authorization/i);
    expect(transcript.totalUsage()).toEqual({ inputTokens: 11, outputTokens: 7 });
  });

  test('the replay provider answers recorded requests by hash, in recorded order, offline', async () => {
    const transcript = new Transcript();
    fake.script({ reply: 'r1' }, { reply: 'r2' }, { reply: 'r3' });
    const { p } = provider('gemini', {}, { transcript });
    await p.complete({ prompt: 'a' });
    await p.complete({ prompt: 'a' });
    await p.complete({ prompt: 'b' });
    const replay = new ReplayProvider('gemini', 'fake-large', JSON.parse(JSON.stringify(transcript)));
    expect((await replay.complete({ prompt: 'a' })).text).toBe('r1');
    expect((await replay.complete({ prompt: 'a' })).text).toBe('r2');
    expect((await replay.complete({ prompt: 'b' })).text).toBe('r3');
    const miss = await failure(replay.complete({ prompt: 'c' }));
    expect(miss.kind).toBe('replay-miss');
    expect(
      (await failure(new ReplayProvider('openai', 'fake-large', transcript.entries).complete({ prompt: 'a' }))).kind,
    ).toBe('replay-miss');
  });
});

describe('retryAfterMs and backoffMs', () => {
  test('read seconds, HTTP dates, milliseconds and Gemini delays, and ignore garbage', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    const h = (o: Record<string, string>) => new Headers(o);
    expect(retryAfterMs(h({ 'retry-after': '1.5' }), null, now)).toBe(1500);
    expect(retryAfterMs(h({ 'retry-after': 'Thu, 01 Jan 2026 00:00:10 GMT' }), null, now)).toBe(10_000);
    expect(retryAfterMs(h({ 'retry-after': 'soon' }), null, now)).toBeNull();
    expect(
      retryAfterMs(
        h({}),
        { error: { details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '0.25s' }] } },
        now,
      ),
    ).toBe(250);
    expect(retryAfterMs(h({}), { error: 'x' }, now)).toBeNull();
  });

  test('backoff grows exponentially to its cap, is jittered over [0, step), and never undercuts the server', () => {
    expect([0, 1, 2, 3].map((a) => backoffMs(a, null, 0.999, 100, 400))).toEqual([99.9, 199.8, 399.6, 399.6]);
    expect(backoffMs(5, null, 0, 100, 400)).toBe(0);
    expect(backoffMs(0, 5000, 0.5, 100, 400)).toBe(5000);
  });
});
