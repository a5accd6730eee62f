// The DLM loop against scripted parts: the LLM, the compiler and the simulator are small fakes
// driven by scripts here; the real parts (src/pipeline/dlm/dlm-adapter.ts) are tested in
// test/unit/pipeline/dlm/dlm-evaluate.test.ts.
import { describe, expect, test } from 'vitest';
import type { DistributionCategory } from '../../../../src/core/measures/distribution-categories.ts';
import { createDlmRun, type DlmRunState } from '../../../../src/pipeline/dlm/dlm-run-state.ts';
import { parseIndexReply } from '../../../../src/core/prompts/parse-reply.ts';
import { parsedBy } from '../../../../src/pipeline/ask-until-parsed.ts';
import { answerFrom, requestKey, repliesOf } from './recorded-replies.ts';
import {
  runDlm,
  type DlmEvent,
  type DlmParts,
  type ProposalRequest,
  type ReflectionRequest,
} from '../../../../src/pipeline/dlm/run-dlm.ts';

/** Share of "Ages 51-60" that each expression's policy reaches in the fake simulation. */
const OLDEST_SHARE: Record<string, number> = {
  state: 10,
  'state*agent_feats[11]': 40,
  'state*(agent_feats[10]oragent_feats[11])': 25,
  'state+2*state*agent_feats[11]': 35,
};

/**
 * Scripted parts. Replies are looked up by request key ("r0/c1#0" for candidate r0/c1, attempt 0;
 * "r0/reflect#0" for the reflection of round 0); failOn keys fail once, like a provider outage.
 * compile accepts "$$$ expr $$$" with expr in OLDEST_SHARE (whitespace ignored) and refuses the rest.
 */
function scripted(script: Record<string, string>, options: { failOn?: Set<string> } = {}) {
  const answered: string[] = [];
  const simulated: string[] = [];
  const requests: (ProposalRequest | ReflectionRequest)[] = [];
  const answer = async (r: ProposalRequest | ReflectionRequest) => {
    const key = requestKey(r);
    requests.push(r);
    if (options.failOn?.has(key)) {
      options.failOn.delete(key);
      throw new Error(`provider unavailable (503) at ${key}`);
    }
    if (!(key in script)) throw new Error(`no scripted reply for ${key}`);
    answered.push(key);
    return script[key];
  };
  const expressions = Object.keys(OLDEST_SHARE);
  const parts: DlmParts = {
    propose: answer,
    reflect: answer,
    compile(reply) {
      const m = /^\$\$\$(.*)\$\$\$$/s.exec(reply.trim());
      if (!m) return { ok: false, error: 'Write the reward function between $$$ and $$$.' };
      const normalized = m[1].replace(/\s+/g, '');
      const known = expressions.indexOf(normalized);
      if (known < 0) return { ok: false, error: `Unknown name in "${m[1].trim()}".` };
      return { ok: true, expression: m[1].trim(), normalized, rewardTable: Float64Array.of(known) };
    },
    async simulate({ normalized, rewardTable }) {
      expect(expressions[rewardTable[0]]).toBe(normalized);
      simulated.push(normalized);
      const oldest = OLDEST_SHARE[normalized];
      return {
        distribution: [
          {
            category: 'Ages',
            buckets: [
              { label: 'Ages 10-50', percent: 100 - oldest },
              { label: 'Ages 51-60', percent: oldest },
            ],
          },
        ],
      };
    },
  };
  return { parts, answered, simulated, requests };
}

/** The paper's 2 x 2 flow, every reply valid. */
const PAPER_FLOW = {
  'r0/c0#0': '$$$ state * agent_feats[11] $$$',
  'r0/c1#0': '$$$ state * (agent_feats[10] or agent_feats[11]) $$$',
  'r0/reflect#0': 'The best reward function is at index: 0',
  'r1/c0#0': '$$$ state + 2 * state * agent_feats[11] $$$',
  'r1/c1#0': '$$$ state $$$',
  'r1/reflect#0': 'The best reward function is at index: [0]',
};

async function runToEnd(state: DlmRunState, parts: DlmParts) {
  const checkpoints: DlmRunState[] = [];
  const events: DlmEvent[] = [];
  const final = await runDlm(state, parts, { checkpoint: (s) => checkpoints.push(s), onEvent: (e) => events.push(e) });
  return { final, checkpoints, events };
}

describe('createDlmRun', () => {
  test('refuses a non-positive or fractional size and an empty task', () => {
    expect(() => createDlmRun('task', { rounds: 0 })).toThrow('rounds must be a positive integer, got 0');
    expect(() => createDlmRun('task', { candidates: 1.5 })).toThrow('candidates must be a positive integer');
    expect(() => createDlmRun('  ')).toThrow('needs a task prompt');
  });

  test("defaults to the paper's 2 rounds x 2 candidates, and makes zero-shot 1 x 1", () => {
    expect(createDlmRun('task').config).toEqual({ mode: 'reflection', rounds: 2, candidates: 2, maxAttempts: 3 });
    expect(createDlmRun('task', { mode: 'zero-shot', rounds: 5 }).config).toMatchObject({ rounds: 1, candidates: 1 });
  });
});

/** The reflection's pick as the loop reads it: parseIndexReply's index, or its feedback. */
const parseReflectionPick = (reply: string, count: number) => parsedBy((r) => parseIndexReply(r, count))(reply);

describe('the reflection pick', () => {
  test('refuses a reply without an index, or with one out of range, saying what to answer', () => {
    const refused = (text: string) => ({ ok: false, error: expect.stringContaining(text) });
    expect(parseReflectionPick('I cannot decide.', 2)).toEqual(refused('names no index'));
    const outside = parseReflectionPick('The best reward function is at index: 2', 2);
    expect(outside).toEqual(refused('Index 2 is not one of the 2'));
    expect(parseReflectionPick('The best reward function is at index: -1', 2)).toHaveProperty('error');
  });

  test("reads the paper's format, with brackets, markdown or a bare number, and takes the last index named", () => {
    expect(parseReflectionPick('The best reward function is at index: 1', 2)).toEqual({ ok: true, value: 1 });
    expect(parseReflectionPick("'The best reward function is at index: [0]'.", 2)).toEqual({ ok: true, value: 0 });
    const marked = 'Index 0 is close, but **The best reward function is at index: **1****';
    expect(parseReflectionPick(marked, 2)).toEqual({ ok: true, value: 1 });
    expect(parseReflectionPick(' 1\n', 3)).toEqual({ ok: true, value: 1 });
    // The structured form that OpenAI's and Gemini's json_schema modes return for the reflection prompt.
    const structured = '{"analysis": "index 0 misses older mothers", "best_index": 1}';
    expect(parseReflectionPick(structured, 2)).toEqual({ ok: true, value: 1 });
  });
});

describe('runDlm', () => {
  test("runs I x K proposals with one reflection per round, and the pick joins the next round's prompt", async () => {
    const fake = scripted(PAPER_FLOW);
    const { final } = await runToEnd(createDlmRun('Focus on the oldest.'), fake.parts);
    expect(fake.answered).toEqual(['r0/c0#0', 'r0/c1#0', 'r0/reflect#0', 'r1/c0#0', 'r1/c1#0', 'r1/reflect#0']);
    const round1 = fake.requests.filter((r): r is ProposalRequest => r.kind === 'proposal' && r.round === 1);
    expect(round1[0].previous).toEqual([{ expression: 'state * agent_feats[11]' }]);
    const reflect0 = fake.requests.find((r): r is ReflectionRequest => r.kind === 'reflection')!;
    expect(reflect0.candidates.map((c) => c.expression)).toEqual([
      'state * agent_feats[11]',
      'state * (agent_feats[10] or agent_feats[11])',
    ]);
    expect(final.status).toBe('done');
    expect(final.result).toEqual({
      candidate: 'r1/c0',
      expression: 'state + 2 * state * agent_feats[11]',
      normalized: 'state+2*state*agent_feats[11]',
      pickedBy: 'reflection',
    });
  });

  test('zero-shot takes the first valid reply and neither simulates nor reflects', async () => {
    const fake = scripted({ 'r0/c0#0': 'Here you go: state * 2', 'r0/c0#1': '$$$ state $$$' });
    const { final } = await runToEnd(createDlmRun('Focus on the oldest.', { mode: 'zero-shot' }), fake.parts);
    expect(fake.answered).toEqual(['r0/c0#0', 'r0/c0#1']);
    expect(fake.simulated).toEqual([]);
    expect(final.result).toMatchObject({ candidate: 'r0/c0', expression: 'state', pickedBy: 'first-valid' });
  });

  test(
    'feeds a refused reply back with its error, and records a candidate that exhausts its ' + 'attempts as failed',
    async () => {
      const fake = scripted({
        'r0/c0#0': 'state * agent_feats[11]',
        'r0/c0#1': '$$$ state * agent_feats.oldest $$$',
        'r0/c0#2': '$$$ still wrong $$$',
        'r0/c1#0': '$$$ state $$$',
      });
      const { final, events } = await runToEnd(createDlmRun('Focus on the oldest.', { rounds: 1 }), fake.parts);
      const second = fake.requests[1] as ProposalRequest;
      expect(second.failures).toEqual([
        { reply: 'state * agent_feats[11]', error: 'Write the reward function between $$$ and $$$.' },
      ]);
      const c0 = final.rounds[0].candidates[0];
      expect(c0.status).toBe('failed');
      expect(c0.attempts.map((a) => a.error)).toEqual([
        'Write the reward function between $$$ and $$$.',
        'Unknown name in "state * agent_feats.oldest".',
        'Unknown name in "still wrong".',
      ]);
      const failure = 'no usable reply in 3 attempts: Unknown name in "still wrong".';
      expect(events).toContainEqual({ type: 'candidate', id: 'r0/c0', status: 'failed', error: failure });
      // One valid candidate left: it is the pick without asking the LLM to reflect.
      expect(final.rounds[0].reflection).toMatchObject({
        status: 'skipped',
        reason: 'one distinct candidate',
        pick: 'r0/c1',
      });
      expect(final.result).toMatchObject({ candidate: 'r0/c1', pickedBy: 'only-candidate' });
    },
  );

  test('ends with no result when no candidate is ever valid', async () => {
    const fake = scripted({ 'r0/c0#0': 'no', 'r0/c0#1': 'no' });
    const { final } = await runToEnd(
      createDlmRun('Focus on the oldest.', { rounds: 1, candidates: 1, maxAttempts: 2 }),
      fake.parts,
    );
    expect(final.rounds[0].reflection).toMatchObject({ status: 'skipped', reason: 'no valid candidate' });
    expect(final.result).toBeNull();
  });

  test('simulates a repeated expression once and shows it once', async () => {
    const fake = scripted({
      ...PAPER_FLOW,
      'r0/c1#0': '$$$ state*agent_feats[11] $$$',
      'r1/c0#0': '$$$ state * agent_feats[11] $$$',
      'r1/c1#0': '$$$ state $$$',
      'r1/reflect#0': 'The best reward function is at index: 1',
    });
    const { final } = await runToEnd(createDlmRun('Focus on the oldest.'), fake.parts);
    expect(fake.simulated).toEqual(['state*agent_feats[11]', 'state']);
    expect(final.rounds[0].candidates[1].duplicateOf).toBe('r0/c0');
    expect(final.rounds[1].candidates[0].duplicateOf).toBe('r0/c0');
    expect(fake.answered).not.toContain('r0/reflect#0');
    expect(final.rounds[1].reflection?.shown).toEqual(['r1/c0', 'r1/c1']);
    expect(final.result).toMatchObject({ candidate: 'r1/c1', pickedBy: 'reflection' });
  });

  test('a scripted reflection that reads the distributions picks the candidate they favour', async () => {
    const fake = scripted(PAPER_FLOW);
    // Reflector: pick the candidate whose policy gives the oldest the largest share.
    fake.parts.reflect = async (r) => {
      const share = (d: DistributionCategory[]) => d[0].buckets.find((b) => b.label === 'Ages 51-60')!.percent;
      const best = r.candidates.reduce((a, b) => (share(b.distribution) > share(a.distribution) ? b : a));
      return `The best reward function is at index: ${best.index}`;
    };
    const { final } = await runToEnd(createDlmRun('Focus on the oldest.'), fake.parts);
    expect(final.rounds.map((r) => r.reflection?.pick)).toEqual(['r0/c0', 'r1/c0']);
    expect(final.result?.expression).toBe('state + 2 * state * agent_feats[11]');
  });

  test(
    'retries an unreadable reflection with feedback; when it keeps failing the run falls back to the ' +
      'previous pick',
    async () => {
      const fake = scripted({ ...PAPER_FLOW, 'r1/reflect#0': 'Both are good.', 'r1/reflect#1': 'index: 7' });
      const { final } = await runToEnd(createDlmRun('Focus on the oldest.', { maxAttempts: 2 }), fake.parts);
      const retry = fake.requests.find(
        (r): r is ReflectionRequest => r.kind === 'reflection' && r.round === 1 && r.attempt === 1,
      )!;
      expect(retry.failures[0]).toMatchObject({
        reply: 'Both are good.',
        error: expect.stringContaining('names no index'),
      });
      expect(final.rounds[1].reflection?.status).toBe('failed');
      expect(final.result).toMatchObject({ candidate: 'r0/c0', pickedBy: 'reflection' });
    },
  );

  test(
    'pauses on a provider outage and resumes from the checkpoint without repeating an ' + 'answered LLM call',
    async () => {
      const failOn = new Set(['r1/c0#0']);
      const fake = scripted(PAPER_FLOW, { failOn });
      const first = await runToEnd(createDlmRun('Focus on the oldest.'), fake.parts);
      expect(first.final).toMatchObject({ status: 'paused', pausedBecause: 'provider unavailable (503) at r1/c0#0' });
      expect(first.events.at(-1)).toEqual({ type: 'paused', reason: 'provider unavailable (503) at r1/c0#0' });
      const saved = JSON.parse(JSON.stringify(first.checkpoints.at(-1))) as DlmRunState;
      const second = await runToEnd(saved, fake.parts);
      expect(second.final.status).toBe('done');
      expect(second.final.pausedBecause).toBeUndefined();
      expect(fake.answered).toEqual(['r0/c0#0', 'r0/c1#0', 'r0/reflect#0', 'r1/c0#0', 'r1/c1#0', 'r1/reflect#0']);
      expect(fake.simulated).toEqual([
        'state*agent_feats[11]',
        'state*(agent_feats[10]oragent_feats[11])',
        'state+2*state*agent_feats[11]',
        'state',
      ]);
      expect(second.final.result).toEqual(
        (await runToEnd(createDlmRun('Focus on the oldest.'), scripted(PAPER_FLOW).parts)).final.result,
      );
    },
  );

  test('resumed from any checkpoint, asks only what that checkpoint had not answered and ends the same', async () => {
    const script = { ...PAPER_FLOW, 'r0/c1#0': 'oops', 'r0/c1#1': PAPER_FLOW['r0/c1#0'] };
    const full = scripted(script);
    const { final, checkpoints } = await runToEnd(createDlmRun('Focus on the oldest.'), full.parts);
    expect(checkpoints.length).toBeGreaterThan(8);
    for (const [k, checkpoint] of checkpoints.entries()) {
      expect(JSON.parse(JSON.stringify(checkpoint))).toEqual(checkpoint);
      const resumed = scripted(script);
      const again = await runDlm(checkpoint, resumed.parts);
      expect(again.result, `checkpoint ${k}`).toEqual(final.result);
      // The checkpoint holds the first n answers; the resumed run asks exactly the rest, in order.
      const n = checkpoint.rounds.reduce(
        (sum, r) =>
          sum + r.candidates.reduce((a, c) => a + c.attempts.length, 0) + (r.reflection?.attempts.length ?? 0),
        0,
      );
      expect(resumed.answered, `checkpoint ${k}`).toEqual(full.answered.slice(n));
    }
  });

  test('an aborted signal pauses the run before any call', async () => {
    const fake = scripted(PAPER_FLOW);
    const controller = new AbortController();
    controller.abort();
    const state = await runDlm(createDlmRun('Focus on the oldest.'), fake.parts, { signal: controller.signal });
    expect(state).toMatchObject({ status: 'paused', pausedBecause: 'aborted' });
    expect(fake.requests).toEqual([]);
  });

  test('a finished run is returned as it is', async () => {
    const fake = scripted(PAPER_FLOW);
    const done = await runDlm(createDlmRun('Focus on the oldest.'), fake.parts);
    const count = fake.requests.length;
    expect(await runDlm(done, fake.parts)).toEqual(done);
    expect(fake.requests.length).toBe(count);
  });
});

describe('repliesOf and answerFrom', () => {
  test('a replay pauses, naming the call, when the recorded replies lack one', async () => {
    const fake = scripted(PAPER_FLOW);
    const state = await runDlm(createDlmRun('Focus on the oldest.'), {
      ...fake.parts,
      ...answerFrom([{ key: 'r0/c0#0', reply: PAPER_FLOW['r0/c0#0'] }]),
    });
    expect(state).toMatchObject({ status: 'paused', pausedBecause: 'the recorded replies have none for r0/c1#0' });
  });

  test('list every answered call in order, and replaying them reproduces the run', async () => {
    const script = {
      ...PAPER_FLOW,
      'r0/c1#0': 'oops',
      'r0/c1#1': PAPER_FLOW['r0/c1#0'],
      'r1/reflect#0': '?',
      'r1/reflect#1': PAPER_FLOW['r1/reflect#0'],
    };
    const original = await runDlm(createDlmRun('Focus on the oldest.'), scripted(script).parts);
    const transcript = repliesOf(original);
    expect(transcript.map((e) => e.key)).toEqual([
      'r0/c0#0',
      'r0/c1#0',
      'r0/c1#1',
      'r0/reflect#0',
      'r1/c0#0',
      'r1/c1#0',
      'r1/reflect#0',
      'r1/reflect#1',
    ]);
    const replayed = await runDlm(createDlmRun('Focus on the oldest.'), {
      ...scripted({}).parts,
      ...answerFrom(transcript),
    });
    expect(replayed).toEqual(original);
  });
});
