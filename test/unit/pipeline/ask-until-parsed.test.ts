// The one ask step through the real HTTP provider and the fake provider server (what goes over
// the wire, with its transcript): a valid first reply, a refused one fed back in the one wording,
// the one failure once the attempts run out, a provider failure and an abort that pause with
// nothing recorded, and a resumed ask that asks nothing it had answered.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { parseScoreReply } from '../../../src/core/prompts/parse-reply.ts';
import { HttpProvider } from '../../../src/llm/http-provider.ts';
import { Transcript } from '../../../src/llm/transcript.ts';
import { askLlm, askUntilParsed, parsedBy, type Attempt } from '../../../src/pipeline/ask-until-parsed.ts';
import { Pause } from '../../../src/pipeline/resumable.ts';
import { startFakeProvider, type FakeProvider } from '../../fake-provider/fake-provider-server.ts';

const CHAT = { prompt: 'Rate the reward function. End with the line "Score: N".' };
const SCORE_LINE = 'End your reply with the line "Score: N", where N is a whole number from 1 to 5.';
const NO_SCORE = `Your reply did not contain a score. ${SCORE_LINE}`;
const FED_BACK = `${CHAT.prompt}\nYour previous reply could not be used. ${NO_SCORE}`;

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider({ reply: () => 'Score: 4' });
});
afterAll(() => fake?.close());

let transcript: Transcript;
beforeEach(() => {
  expect(fake.pending()).toBe(0);
  transcript = new Transcript();
});

const prompts = () => transcript.entries.map((e) => e.request.prompt);

/** A score question over the fake server, recording into `transcript`; `refused` lists what the step reported. */
function scoreAsk(attempts: Attempt[], options: { maxAttempts?: number; signal?: AbortSignal } = {}) {
  const { maxAttempts = 3, signal } = options;
  const config = { kind: 'openai-compatible', model: 'fake-large', baseUrl: `${fake.origin}/v1` } as const;
  const ask = askLlm(new HttpProvider(config, { transcript, maxRetries: 0 }), signal);
  const refused: Attempt[] = [];
  const run = () =>
    askUntilParsed({
      attempts,
      maxAttempts,
      send: (failures) => ask(CHAT, failures),
      parse: parsedBy(parseScoreReply),
      refused: (a) => refused.push(a),
      signal,
    });
  return { run, refused };
}

describe('askUntilParsed', () => {
  test('a reply that parses the first time is recorded and read, with one call and no feedback', async () => {
    const attempts: Attempt[] = [];
    const { run, refused } = scoreAsk(attempts);
    expect(await run()).toEqual({ ok: true, value: 4 });
    expect(attempts).toEqual([{ reply: 'Score: 4' }]);
    expect(refused).toEqual([]);
    expect(prompts()).toEqual([CHAT.prompt]);
  });

  test('a refused reply is recorded with its error and fed back in the one wording; the next one is read', async () => {
    fake.script({ reply: 'It is well aligned.' }, { reply: 'Score: 5' });
    const attempts: Attempt[] = [];
    const { run, refused } = scoreAsk(attempts);
    expect(await run()).toEqual({ ok: true, value: 5 });
    expect(attempts).toEqual([{ reply: 'It is well aligned.', error: NO_SCORE }, { reply: 'Score: 5' }]);
    expect(refused).toEqual([attempts[0]]);
    expect(prompts()).toEqual([CHAT.prompt, FED_BACK]);
    const wire = fake.calls().at(-1)!.body as { messages: { content: string }[] };
    expect(wire.messages.at(-1)!.content).toBe(FED_BACK);
  });

  test('after maxAttempts refused replies it fails in one way, and asking again calls no LLM', async () => {
    fake.script({ reply: 'Fine.' }, { reply: 'Score: 9' });
    const attempts: Attempt[] = [];
    const { run, refused } = scoreAsk(attempts, { maxAttempts: 2 });
    const failed = await run();
    const failure = `no usable reply in 2 attempts: The score 9 is not allowed. ${SCORE_LINE}`;
    expect(failed).toEqual({ ok: false, failure });
    expect(refused).toHaveLength(2);
    expect(transcript.entries).toHaveLength(2);
    // The second request fed back the first refusal; a resumed ask is the same failure, asked of no one.
    expect(prompts()[1]).toBe(FED_BACK);
    expect(await run()).toEqual(failed);
    expect(transcript.entries).toHaveLength(2);
  });

  test('a provider failure pauses, recording nothing; asked again, the ask goes on from its record', async () => {
    fake.script({ reply: 'Fine.' }, { status: 401 });
    const attempts: Attempt[] = [];
    const { run } = scoreAsk(attempts);
    const paused = await run().catch((error: unknown) => error);
    expect(paused).toBeInstanceOf(Pause);
    expect((paused as Pause).message).toMatch(/key/i);
    expect(attempts).toEqual([{ reply: 'Fine.', error: NO_SCORE }]);
    expect(await run()).toEqual({ ok: true, value: 4 });
    expect(prompts()[2]).toBe(FED_BACK);
    expect(attempts).toHaveLength(2);
  });

  test('an abort during a call pauses with nothing recorded for it; an aborted signal asks nothing', async () => {
    let release!: () => void;
    fake.script({ until: new Promise<void>((r) => (release = r)) });
    const controller = new AbortController();
    const attempts: Attempt[] = [];
    const asking = scoreAsk(attempts, { signal: controller.signal })
      .run()
      .catch((error: unknown) => error);
    await fake.whenCalls(fake.calls().length + 1);
    controller.abort(new DOMException('Cancelled by you.', 'AbortError'));
    const paused = await asking;
    release();
    expect(paused).toBeInstanceOf(Pause);
    expect(attempts).toEqual([]);
    const calls = fake.calls().length;
    await expect(scoreAsk(attempts, { signal: controller.signal }).run()).rejects.toThrow(new Pause('aborted'));
    expect(fake.calls()).toHaveLength(calls);
  });

  test('an accepted record is read again without a call; a parse that no longer reads it is a bug', async () => {
    const attempts: Attempt[] = [{ reply: 'Fine.', error: NO_SCORE }, { reply: 'Score: 2' }];
    const calls = fake.calls().length;
    expect(await scoreAsk(attempts).run()).toEqual({ ok: true, value: 2 });
    expect(fake.calls()).toHaveLength(calls);
    const send = async () => 'unused';
    const changed = askUntilParsed({ attempts, maxAttempts: 3, send, parse: () => ({ ok: false, error: 'no' }) });
    await expect(changed).rejects.toThrow('parse is not deterministic');
  });
});

describe('parsedBy', () => {
  test("turns the parser's refusal into its feedback and lets any other error through", () => {
    expect(parsedBy(parseScoreReply)('Score: 3')).toEqual({ ok: true, value: 3 });
    expect(parsedBy(parseScoreReply)('none')).toEqual({ ok: false, error: NO_SCORE });
    const buggy = parsedBy(() => {
      throw new TypeError('a bug');
    });
    expect(() => buggy('x')).toThrow(TypeError);
  });
});
