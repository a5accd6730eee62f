// A request asked again is answered by its own recorded reply: the replay provider (a rerun, also a
// rerun resumed after a reload) and the resume provider (a resumed CLI run, paying the provider only
// for what the transcript lacks). Transcripts recorded by the real HTTP provider from the fake server.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { HttpProvider } from '../../../src/llm/http-provider.ts';
import { LlmError } from '../../../src/llm/llm-error.ts';
import { ReplayProvider } from '../../../src/llm/replay-provider.ts';
import { ResumeProvider } from '../../../src/llm/resume-provider.ts';
import { Transcript } from '../../../src/llm/transcript.ts';
import { startFakeProvider, type FakeProvider } from '../../fake-provider/fake-provider-server.ts';

let fake: FakeProvider;
let n = 0;
beforeAll(async () => {
  fake = await startFakeProvider({ reply: () => `reply ${++n}` });
});
afterAll(async () => {
  await fake?.close();
});

const live = (transcript?: Transcript) =>
  new HttpProvider(
    { kind: 'openai-compatible', model: 'm', baseUrl: `${fake.origin}/v1` },
    { transcript, maxRetries: 0 },
  );
const A = { prompt: 'the same prompt', temperature: 1 };
const B = { prompt: 'another prompt', temperature: 1 };

/** A recorded run: A, A, B, A (replies 1..4 in that order). */
async function recorded() {
  n = 0;
  const transcript = new Transcript();
  const p = live(transcript);
  for (const r of [A, A, B, A]) await p.complete(r);
  return transcript.entries;
}

test(
  'a replay answers the k-th ask of a request by its k-th reply and refuses a (k+1)-th, never ' + 'repeating one',
  async () => {
    const replay = new ReplayProvider('openai-compatible', 'm', await recorded());
    const texts = [];
    for (const r of [A, B, A, A]) texts.push((await replay.complete(r)).text);
    expect(texts).toEqual(['reply 1', 'reply 3', 'reply 2', 'reply 4']);
    const miss = await replay.complete(A).catch((e: LlmError) => e);
    expect(miss).toBeInstanceOf(LlmError);
    expect((miss as LlmError).kind).toBe('replay-miss');
    expect((miss as LlmError).message).toMatch(/3 replies .* all used/);
  },
);

test('a rerun resumed after a reload goes on from the replies its own transcript already holds', async () => {
  const entries = await recorded();
  const own = new Transcript();
  const first = ReplayProvider.of(entries, { transcript: own, source: 'replay of run-1' });
  expect((await first.complete(A)).text).toBe('reply 1');
  // The page reloads: a new provider over the rerun's saved transcript.
  const again = ReplayProvider.of(entries, { transcript: new Transcript(own.entries), source: 'replay of run-1' });
  expect((await again.complete(A)).text).toBe('reply 2');
  expect((await again.complete(A)).text).toBe('reply 4');
});

test(
  'a resumed run uses the replies its checkpoint does not hold, in order, then pays the provider ' + 'for the rest',
  async () => {
    const entries = await recorded();
    const paidBefore = fake.calls().length;
    // The checkpoint holds the first reply to A; replies 2..4 were paid for but not checkpointed.
    const resumed = new ResumeProvider(live(), entries, ['reply 1']);
    const texts = [];
    for (const r of [A, B, A, A, B]) texts.push((await resumed.complete(r)).text);
    expect(texts).toEqual(['reply 2', 'reply 3', 'reply 4', 'reply 5', 'reply 6']);
    expect(resumed.reused).toBe(3);
    expect(fake.calls().length - paidBefore).toBe(2);
    expect(
      fake
        .calls()
        .slice(-2)
        .map((c) => (c.body as { messages: { content: string }[] }).messages.at(-1)!.content),
    ).toEqual([A.prompt, B.prompt]);
  },
);

test('a held reply is taken off the earliest recorded entry with that text, whatever its request', async () => {
  n = 0;
  const transcript = new Transcript();
  const p = live(transcript);
  await p.complete(A);
  await p.complete(B);
  const same = transcript.entries.map((e) => ({ ...e, reply: 'same text' }));
  const resumed = new ResumeProvider(live(), same, ['same text']);
  expect((await resumed.complete(B)).text).toBe('same text');
  expect(resumed.reused).toBe(1);
});
