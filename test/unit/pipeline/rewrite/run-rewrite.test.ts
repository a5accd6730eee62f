// The rewriting step against a scripted LLM, and a round trip through the real HTTP provider and
// the fake provider server (then replayed from the transcript).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ChatRequest } from '../../../../src/core/prompts/chat-request.ts';
import { multilingualSchema } from '../../../../src/core/datasets/generators/multilingual.ts';
import { parseRegisterCsv } from '../../../../src/core/datasets/register-csv.ts';
import { dlmGenerationPrompt } from '../../../../src/core/prompts/dlm-generation-prompt.ts';
import { rewritePrompt } from '../../../../src/core/prompts/rewrite-prompt.ts';
import { HttpProvider } from '../../../../src/llm/http-provider.ts';
import type { ChatReply } from '../../../../src/llm/llm-provider.ts';
import { ReplayProvider } from '../../../../src/llm/replay-provider.ts';
import { Transcript } from '../../../../src/llm/transcript.ts';
import {
  createRewrite,
  editRewrite,
  effectivePrompt,
  joinClauses,
  type RewriteState,
} from '../../../../src/pipeline/rewrite/rewrite-state.ts';
import { runRewrite } from '../../../../src/pipeline/rewrite/run-rewrite.ts';
import { startFakeProvider, type FakeProvider } from '../../../fake-provider/fake-provider-server.ts';

const schema = multilingualSchema();
const HINDI = 'सभी को प्राथमिकता देते हुए, कम उम्र की माताओं पर थोड़ा ध्यान दें।';
const CLAUSES =
  'Clause 1: Slightly prioritize agents with Ages 10-20 or Ages 21-30\nClause 2: Keep prioritizing all agents';

/** An LLM that answers from a list, where an Error entry is thrown (a provider failure). */
function scripted(replies: (string | Error)[]) {
  const requests: ChatRequest[] = [];
  return {
    requests,
    async complete(request: ChatRequest): Promise<ChatReply> {
      requests.push(request);
      const next = replies.shift();
      if (next === undefined) throw new Error('no scripted reply left');
      if (next instanceof Error) throw next;
      return {
        text: next,
        usage: { inputTokens: null, outputTokens: null },
        hash: '',
        truncated: false,
        attempts: 1,
        durationMs: 0,
      };
    },
  };
}

describe('createRewrite', () => {
  test('is on by default for a prompt that is not English and off for an English one', () => {
    expect(createRewrite(HINDI)).toMatchObject({
      enabled: true,
      status: 'pending',
      language: { script: 'Devanagari' },
    });
    expect(createRewrite('While prioritizing all, slightly focus on young mothers.')).toMatchObject({
      enabled: false,
      status: 'off',
    });
    expect(createRewrite('young mothers', { enabled: true }).status).toBe('pending');
    expect(() => createRewrite('  ')).toThrow('no prompt to rewrite');
  });
});

describe('joinClauses', () => {
  test('ends every clause with a full stop once', () => {
    expect(joinClauses([' Prioritize Ages 10-20 ', 'Keep all.', 'कम उम्र।'])).toBe(
      'Prioritize Ages 10-20. Keep all. कम उम्र।',
    );
  });
});

describe('runRewrite with a scripted LLM', () => {
  test('records the clauses and the rewrite, keeps the original, and asks with the rewrite prompt', async () => {
    const llm = scripted([CLAUSES]);
    const checkpoints: RewriteState[] = [];
    const done = await runRewrite(createRewrite(HINDI), llm, schema, { checkpoint: (s) => checkpoints.push(s) });
    expect(done.status).toBe('done');
    expect(done.original).toBe(HINDI);
    expect(done.clauses).toEqual([
      'Slightly prioritize agents with Ages 10-20 or Ages 21-30',
      'Keep prioritizing all agents',
    ]);
    expect(effectivePrompt(done)).toBe(
      'Slightly prioritize agents with Ages 10-20 or Ages 21-30. Keep prioritizing all agents.',
    );
    expect(llm.requests[0].prompt).toContain(`Preference: ${HINDI}`);
    expect(llm.requests[0].prompt).toContain('Age: Ages 10-20; Ages 21-30');
    expect(JSON.parse(JSON.stringify(checkpoints.at(-1)))).toEqual(done);
  });

  test('feeds an unreadable reply back and fails after the allowed attempts', async () => {
    const llm = scripted(['I think young mothers.', CLAUSES]);
    const done = await runRewrite(createRewrite(HINDI), llm, schema);
    expect(done.attempts.map((a) => a.error === undefined)).toEqual([false, true]);
    const fedBack = `${llm.requests[0].prompt}\nYour previous reply could not be used. ${done.attempts[0].error}`;
    expect(llm.requests[1].prompt).toBe(fedBack);
    expect(done.attempts[0].error).toMatch(/did not list any clauses\. Answer with one clause per line/);
    const failed = await runRewrite(createRewrite(HINDI), scripted(['no', 'still no']), schema, { maxAttempts: 2 });
    expect(failed.status).toBe('failed');
    expect(effectivePrompt(failed)).toBe(HINDI);
  });

  test('pauses on a provider failure and resumes without asking again what was answered', async () => {
    const llm = scripted(['garbled', new Error('503 overloaded'), CLAUSES]);
    const paused = await runRewrite(createRewrite(HINDI), llm, schema);
    expect(paused).toMatchObject({ status: 'paused', pausedBecause: '503 overloaded' });
    expect(paused.attempts).toHaveLength(1);
    const resumed = await runRewrite(JSON.parse(JSON.stringify(paused)), llm, schema);
    expect(resumed.status).toBe('done');
    expect(resumed.attempts).toHaveLength(2);
    expect(llm.requests).toHaveLength(3);
  });

  test('does nothing when rewriting is off or already done', async () => {
    const llm = scripted([]);
    const off = createRewrite(HINDI, { enabled: false });
    expect(await runRewrite(off, llm, schema)).toEqual(off);
    expect(effectivePrompt(off)).toBe(HINDI);
    expect(llm.requests).toHaveLength(0);
  });

  test("keeps the user's edit beside the LLM's rewrite, and uses it", async () => {
    const done = await runRewrite(createRewrite(HINDI), scripted([CLAUSES]), schema);
    const edited = editRewrite(done, 'Slightly prioritize agents with Ages 10-20.');
    expect(edited.rewrite).toBe(done.rewrite);
    expect(edited.original).toBe(HINDI);
    expect(effectivePrompt(edited)).toBe('Slightly prioritize agents with Ages 10-20.');
    expect(() => editRewrite(done, ' ')).toThrow('edited prompt is empty');
  });
});

describe('runRewrite through the real HTTP provider and the fake provider server', () => {
  let fake: FakeProvider;
  beforeAll(async () => {
    fake = await startFakeProvider({ key: 'sk-rewrite-test', reply: () => CLAUSES });
  });
  afterAll(async () => {
    await fake?.close();
  });

  test('sends the rewrite prompt over the wire, records the call, and replays it offline', async () => {
    const transcript = new Transcript();
    const http = new HttpProvider(
      { kind: 'openai-compatible', model: 'fake-large', baseUrl: `${fake.origin}/v1`, apiKey: 'sk-rewrite-test' },
      { transcript, maxRetries: 0 },
    );
    const done = await runRewrite(createRewrite(HINDI), http, schema);
    expect(done.status).toBe('done');
    expect(done.clauses).toHaveLength(2);
    const [call] = fake.calls();
    expect(call.path).toBe('/v1/chat/completions');
    expect(JSON.stringify(call.body)).toContain(HINDI);
    expect(transcript.entries).toHaveLength(1);
    expect(transcript.entries[0].reply).toBe(CLAUSES);

    const replayed = await runRewrite(
      createRewrite(HINDI),
      new ReplayProvider('openai-compatible', 'fake-large', transcript.entries),
      schema,
    );
    expect(replayed).toEqual(done);
  });
});

describe('a rewritten priority keeps every column and bucket name exactly as the schema spells it', () => {
  // Names with underscores, digits, hyphens and Devanagari, and one that reads like Markdown emphasis.
  const header = 'id,age_years,income_band_0-5000,income_band_5001-10000,district,_code_,state';
  const rows = Array.from(
    { length: 40 },
    (_, i) => `b${i},${18 + i},${i % 2},${1 - (i % 2)},${['पालघर', 'ठाणे'][i % 2]},${i % 5},${i % 2}`,
  );
  const register = parseRegisterCsv([header, ...rows].join('\n'), { fileName: 'register.csv' });
  const names = ['age_years', 'income_band_0-5000', 'district_पालघर', 'district_ठाणे', '_code_'];
  const REPLY = [
    '**Clause 1:** Prioritize mothers whose `age_years` is 30 or more and who are in __income_band_0-5000__.',
    '- Clause 2: Slightly prioritize *district_पालघर* over district_ठाणे, and mothers with _code_ above 2.',
  ].join('\n');
  let fake: FakeProvider;
  beforeAll(async () => {
    fake = await startFakeProvider({ key: 'sk-names-test', reply: () => REPLY });
  });
  afterAll(async () => {
    await fake?.close();
  });

  test(
    "the prompt lists them as spelled, and the review box and the generator's prompt get " + 'them unchanged',
    async () => {
      const prompt = rewritePrompt(HINDI, register.schema).prompt;
      expect(prompt).toContain('income: income_band_0-5000; income_band_5001-10000');
      expect(prompt).toContain('district: पालघर; ठाणे');
      expect(prompt).toMatch(/age_years: <= \d+;/);
      const http = new HttpProvider(
        { kind: 'openai-compatible', model: 'fake-large', baseUrl: `${fake.origin}/v1`, apiKey: 'sk-names-test' },
        { maxRetries: 0 },
      );
      const done = await runRewrite(createRewrite(HINDI), http, register.schema);
      expect(done.clauses).toEqual([
        'Prioritize mothers whose age_years is 30 or more and who are in income_band_0-5000.',
        'Slightly prioritize district_पालघर over district_ठाणे, and mothers with _code_ above 2.',
      ]);
      // What the review box shows and what the generator is told
      const goal = effectivePrompt(done);
      const generation = dlmGenerationPrompt({ goal, schema: register.schema }).prompt;
      for (const name of names) {
        expect(goal, name).toContain(name);
        expect(generation, name).toContain(name);
      }
      expect(generation).toContain('agent_feats.district ("district", features 3-4): "पालघर", "ठाणे"');
    },
  );
});
