// The language study against scripted parts: a scripted LLM (translations, rewrites, proposals,
// reflections answered by what the prompt asks) and the compiler, simulator and 10-arm population
// of study-fixture.ts. Outcomes and the table are checked against hand computations.
import { describe, expect, test } from 'vitest';
import type { ChatRequest } from '../../../../src/core/prompts/chat-request.ts';
import { MULTILINGUAL_PROMPTS } from '../../../../src/core/tasks/multilingual-prompts.ts';
import type { ChatReply } from '../../../../src/llm/llm-provider.ts';
import { runLanguageStudy, type StudyParts } from '../../../../src/pipeline/study/run-language-study.ts';
import { createStudy, type StudyConfig, type StudyState } from '../../../../src/pipeline/study/study-state.ts';
import { formatStudyTable, studyTable } from '../../../../src/pipeline/study/study-table.ts';
import { population, simulate } from './study-fixture.ts';

const P1 = MULTILINGUAL_PROMPTS[0];
const P4 = MULTILINGUAL_PROMPTS[3];

const GOOD_1 = '$$$ state * (1 + agent_feats[0] + agent_feats[1]) $$$';
const TAMIL = '$$$ state * agent_feats[9] $$$';
const GOOD_4 = '$$$ state * (agent_feats[22] + agent_feats[17]) $$$';
const HALF_4 = '$$$ state * agent_feats[22] $$$';
const strip = (s: string) => s.replace(/\.$/, '');
const times = (n: number, reply: string) => new Array<string>(n).fill(reply);

/**
 * A scripted LLM: translations and rewrites are made up from the request; proposals come from a
 * queue per goal (in call order); reflections pick index 0. `failAt` call numbers throw once, like an outage.
 */
function scriptedLlm(proposals: Record<string, string[]>, failAt = new Set<number>()) {
  const requests: ChatRequest[] = [];
  let calls = 0;
  const queues = Object.fromEntries(Object.entries(proposals).map(([k, v]) => [k, [...v]]));
  const text = (request: ChatRequest): string => {
    const p = request.prompt;
    const tag = (s: string) => (/\(1\)|low value of age/.test(s) ? 1 : 4);
    if (p.startsWith('Translate'))
      return `Translation: ` + `${tag(p) === 1 ? 'ಎಲ್ಯ ಪ್ರಾಯದಕುಲೆಗ್ ಆದ್ಯತೆ (1)' : 'ಮಧ್ಯಾಹ್ನ ಕರೆ (4)'}`;
    if (p.startsWith('Rewrite')) {
      return tag(/Preference: (.*)/.exec(p)![1]) === 1
        ? 'Clause 1: Slightly prioritize Ages 10-20 and Ages 21-30'
        : 'Clause 1: Slightly prioritize To be called from 12:30 pm - 3:30 pm\nClause 2: Slightly prioritize Phone ' +
            'owner 0 (e.g., woman)';
    }
    if (p.startsWith('Create a Python reward function')) {
      const goal = strip(/specified goal: ([\s\S]*)\. Here are your best previous attempts/.exec(p)![1]);
      const queue = queues[goal];
      if (!queue?.length) throw new Error(`no scripted proposal left for goal "${goal}"`);
      return queue.shift()!;
    }
    if (p.startsWith('My goal was')) return 'The best reward function is at index: 0';
    throw new Error(`unexpected request: ${p.slice(0, 60)}`);
  };
  return {
    requests,
    async complete(request: ChatRequest): Promise<ChatReply> {
      calls++;
      if (failAt.delete(calls)) throw new Error(`503 at call ${calls}`);
      requests.push(request);
      return {
        text: text(request),
        usage: { inputTokens: null, outputTokens: null },
        hash: '',
        truncated: false,
        attempts: 1,
        durationMs: 0,
      };
    },
  };
}

const HI = {
  1: 'सभी को प्राथमिकता देते हुए, कम उम्र वालों को थोड़ी ' + 'प्राथमिकता दें (1)',
  4: 'दोपहर 12:30 से 3:30 के बीच कॉल (4)',
};
const TCY = { 1: 'ಎಲ್ಯ ಪ್ರಾಯದಕುಲೆಗ್ ಆದ್ಯತೆ (1)', 4: 'ಮಧ್ಯಾಹ್ನ ಕರೆ (4)' };

/** 2 alphas x 3 languages x prompts 1 and 4 x 2 runs, zero-shot, rewriting off (as the paper). */
function paperLikeStudy(extra: Partial<StudyConfig> = {}) {
  const prompts = [P1, P4].map(({ number, text, conditions }) => ({ number, text, conditions }));
  return createStudy(
    {
      languages: ['en', 'hi', 'tcy'],
      runs: 2,
      alphas: [0.2, 0.8],
      dlm: { mode: 'zero-shot' },
      thresholds: [0.1, 0.15, 0.2],
      ...extra,
    },
    { prompts, translations: { hi: HI } },
  );
}
const proposals = () => ({
  [strip(P1.text)]: times(4, GOOD_1),
  [strip(P4.text)]: times(4, GOOD_4),
  [strip(HI[1])]: times(4, GOOD_1),
  [strip(HI[4])]: times(4, GOOD_4),
  [strip(TCY[1])]: [GOOD_1, TAMIL, GOOD_1, TAMIL],
  [TCY[4]]: ['I would reward the afternoon.', ...times(4, HALF_4)],
});

function parts(llm: StudyParts['llm'], populations: string[] = []): StudyParts {
  return {
    llm,
    population: (alpha, run) => (populations.push(`${alpha}/${run}`), population()),
    simulate: (instance, table) => simulate(instance, table),
  };
}

describe('createStudy', () => {
  test('lays out one cell per alpha, language, prompt and run, and records where translations come from', () => {
    const s = paperLikeStudy();
    expect(s.cells).toHaveLength(2 * 3 * 2 * 2);
    expect(s.cells[0]).toEqual({ alpha: 0.2, language: 'en', prompt: 1, run: 0 });
    expect(s.translations.en[1]).toEqual({ text: P1.text, source: 'english' });
    expect(s.translations.hi[4]).toEqual({ text: HI[4], source: 'file' });
    expect(s.translations.tcy).toEqual({});
  });
  test('refuses a study that cannot run', () => {
    expect(() => createStudy({ runs: 0 })).toThrow('runs must be a positive integer');
    expect(() => createStudy({ languages: ['hi', 'hi'] })).toThrow('listed twice');
    expect(() => createStudy({ alphas: [1.5] })).toThrow('alphas must be numbers in [0, 1]');
  });
});

describe('runLanguageStudy with scripted parts', () => {
  test(
    'translates once per language and prompt through the LLM, recorded, and builds one population per ' +
      'alpha and run',
    async () => {
      const llm = scriptedLlm(proposals());
      const built: string[] = [];
      const done = await runLanguageStudy(paperLikeStudy(), parts(llm, built));
      expect(done.pausedBecause).toBeUndefined();
      expect(done.status).toBe('done');
      expect(done.translations.tcy[1]).toEqual({
        text: TCY[1],
        source: 'llm',
        attempts: [{ reply: `Translation: ${TCY[1]}` }],
      });
      const translations = llm.requests.filter((r) => r.prompt.startsWith('Translate'));
      expect(translations).toHaveLength(2);
      expect(translations[0].prompt).toContain(`into Tulu, as a native speaker would write it, in the Kannada script`);
      expect(translations[0].prompt).toContain(`Instruction: ${P1.text}`);
      expect(built).toEqual(['0.2/0', '0.2/1', '0.8/0', '0.8/1']);
    },
  );

  test(
    'judges every final reward: acceptable, successful, and DP_variance per group (hand-computed for ' +
      'English prompt 1)',
    async () => {
      const done = await runLanguageStudy(paperLikeStudy(), parts(scriptedLlm(proposals())));
      const cell = (language: string, prompt: number, run: number) =>
        done.cells.find((c) => c.alpha === 0.2 && c.language === language && c.prompt === prompt && c.run === run)!
          .outcome!;
      const en1 = cell('en', 1, 0);
      if (!en1.valid) throw new Error('expected a valid outcome');
      // Pulled arms 0 and 1 (P = 1, others 0).
      expect(en1).toMatchObject({
        expression: 'state * (1 + agent_feats[0] + agent_feats[1])',
        featuresUsed: [0, 1],
        acceptable: true,
        acceptableOtherLevel: true,
        success: true,
      });
      const dp = Object.fromEntries(en1.groups.map((g) => [g.name, g.dpVariance!]));
      expect(dp.Age).toBeCloseTo(0.06, 12); // buckets .5 .5 0 0 0
      expect(dp.Language).toBeCloseTo(0.16, 12); // buckets 1 0 0 0 0
      expect(dp.Education).toBeCloseTo((2 * (0.5 - 1 / 7) ** 2 + 5 * (1 / 7) ** 2) / 7, 12);
      expect(dp['Phone ownership']).toBeCloseTo(((0.25 - 7 / 36) ** 2 + (1 / 3 - 7 / 36) ** 2 + (7 / 36) ** 2) / 3, 12);
      expect(dp.Income).toBeCloseTo(0.046875, 12);
      expect(en1.groups.filter((g) => g.intended).map((g) => g.name)).toEqual(['Age']);
      expect(en1.flags).toMatchObject({
        unintendedAboveIntended: true,
        unintendedGroupsAboveIntended: ['Language'],
        unintendedGroupsAbove: [1, 1, 0],
      });

      const tamil = cell('tcy', 1, 1);
      expect(tamil).toMatchObject({
        valid: true,
        featuresUsed: [9],
        acceptable: false,
        missing: [0, 1],
        spurious: [9],
        success: false,
      });
      const half = cell('tcy', 4, 0);
      expect(half).toMatchObject({
        valid: true,
        acceptable: false,
        missing: [17],
        success: false,
        flags: { unintendedAboveIntended: false },
      });
      // The refused first proposal was fed back and recorded.
      const dlm = done.cells.find(
        (c) => c.language === 'tcy' && c.prompt === 4 && c.run === 0 && c.alpha === 0.2,
      )!.dlm!;
      expect(dlm.rounds[0].candidates[0].attempts.map((a) => a.error === undefined)).toEqual([false, true]);
      expect(cell('en', 4, 1)).toMatchObject({
        acceptable: true,
        success: true,
        flags: { unintendedGroupsAboveIntended: ['Age', 'Language', 'Income'] },
      });
    },
  );

  test('produces the expected table: rates per language and prompt, and the unfairness counts', async () => {
    const table = studyTable(await runLanguageStudy(paperLikeStudy(), parts(scriptedLlm(proposals()))));
    const at = (language: string, prompt: number, alpha: number | 'all') =>
      table.cells.find((c) => c.language === language && c.prompt === prompt && c.alpha === alpha)!;
    expect(at('en', 1, 0.2).acceptable).toEqual({ mean: 1, standardError: 0, n: 2 });
    expect(at('hi', 4, 0.8).success).toEqual({ mean: 1, standardError: 0, n: 2 });
    // Tulu prompt 1: runs acceptable, not: 0.5 ± sqrt(0.5 / 2) per alpha; pooled 4 runs: 0.5 ± sqrt(1/12).
    expect(at('tcy', 1, 0.2).acceptable).toEqual({ mean: 0.5, standardError: 0.5, n: 2 });
    expect(at('tcy', 1, 'all').acceptable.standardError).toBeCloseTo(Math.sqrt(1 / 12), 15);
    expect(at('tcy', 1, 'all').success.mean).toBe(0.5);
    expect(at('tcy', 4, 'all')).toMatchObject({ acceptable: { mean: 0 }, success: { mean: 0 }, noReward: 0 });

    const counts = (language: string) => table.counts.find((c) => c.language === language && c.alpha === 'all')!;
    // Relative: prompts 1 and 4 flagged for en and hi; only prompt 1 for tcy.
    expect(counts('en').relative).toEqual({ mean: 2, standardError: 0, n: 4 });
    expect(counts('tcy').relative).toEqual({ mean: 1, standardError: 0, n: 4 });
    // Absolute at 0.1, 0.15, 0.2: every prompt has an unintended group above 0.1; above 0.15 only prompt 1 (Language
    // 0.16).
    expect(counts('hi').absolute.map((a) => a.count.mean)).toEqual([2, 1, 0]);
    expect(counts('tcy').absolute.map((a) => a.count.mean)).toEqual([2, 1, 0]);
    // Figure 11: languages per run flagged for each prompt.
    expect(table.perPrompt.filter((p) => p.alpha === 'all').map((p) => [p.prompt, p.relative.mean])).toEqual([
      [1, 3],
      [4, 2],
    ]);
    expect(table.pending).toBe(0);

    const text = formatStudyTable(table);
    expect(text).toContain('acceptable rate (alpha 0.2), mean±standard error over runs');
    expect(text).toMatch(/tcy\s+0\.500±0\.500\s+0\.000±0\.000/);
  });

  test(
    'pauses on a provider failure and, resumed from the JSON checkpoint, ends as an uninterrupted study without ' +
      'repeating a call',
    async () => {
      const whole = await runLanguageStudy(paperLikeStudy(), parts(scriptedLlm(proposals())));
      const llm = scriptedLlm(proposals(), new Set([7, 20]));
      let checkpoint: StudyState | undefined;
      let state = await runLanguageStudy(paperLikeStudy(), parts(llm), { checkpoint: (s) => (checkpoint = s) });
      expect(state).toMatchObject({ status: 'paused', pausedBecause: '503 at call 7' });
      state = await runLanguageStudy(JSON.parse(JSON.stringify(checkpoint)), parts(llm), {
        checkpoint: (s) => (checkpoint = s),
      });
      expect(state.pausedBecause).toBe('503 at call 20');
      state = await runLanguageStudy(JSON.parse(JSON.stringify(checkpoint)), parts(llm));
      expect(state).toEqual(whole);
      expect(llm.requests).toHaveLength(scriptedLlmCalls(whole));
    },
  );

  test('an unreadable translation is fed back; once the attempts run out, its cells end without a reward', async () => {
    const llm = scriptedLlm({ [strip(P1.text)]: times(2, GOOD_1) });
    const complete = llm.complete.bind(llm);
    // The LLM never gives the Tulu translation in the asked form.
    const unasked = async (request: ChatRequest) => ({ ...(await complete(request)), text: 'ಎಲ್ಯ ಪ್ರಾಯದಕುಲೆಗ್' });
    llm.complete = (request) => (request.prompt.startsWith('Translate') ? unasked(request) : complete(request));
    const prompts = [{ number: 1, text: P1.text, conditions: P1.conditions }];
    const dlm = { mode: 'zero-shot' as const, maxAttempts: 2 };
    const config = { languages: ['en', 'tcy'], runs: 2, alphas: [0.2], dlm };
    const study = createStudy(config, { prompts });
    const done = await runLanguageStudy(study, parts(llm));
    expect(done.status).toBe('done');
    const translations = llm.requests.filter((r) => r.prompt.startsWith('Translate'));
    expect(translations).toHaveLength(2);
    const answer = 'Answer with one line "Translation: " followed by the translation.';
    const feedback = `Your reply did not contain the translation. ${answer}`;
    const fedBack = `${translations[0].prompt}\nYour previous reply could not be used. ${feedback}`;
    expect(translations[1].prompt).toBe(fedBack);
    const refused = { error: feedback };
    expect(done.translations.tcy[1]).toMatchObject({ text: '', source: 'llm', attempts: [refused, refused] });
    const reason = `the tcy translation of prompt 1 failed: no usable reply in 2 attempts: ${feedback}`;
    const tulu = done.cells.filter((c) => c.language === 'tcy');
    expect(tulu.map((c) => c.outcome)).toEqual([
      { valid: false, reason },
      { valid: false, reason },
    ]);
    const row = studyTable(done).cells.find((c) => c.language === 'tcy');
    expect(row).toMatchObject({ noReward: 2, acceptable: { mean: 0 } });
    // Resumed before those cells (a checkpoint of the time), the failed translation is not asked again.
    const before: StudyState = { ...JSON.parse(JSON.stringify(done)), status: 'running' };
    for (const c of before.cells) if (c.language === 'tcy') delete c.outcome;
    const calls = llm.requests.length;
    expect(await runLanguageStudy(before, parts(llm))).toEqual(done);
    expect(llm.requests).toHaveLength(calls);
  });

  test(
    'rewrites the prompts that are not English when asked to follow the language guess, keeping the ' + 'translation',
    async () => {
      const llm = scriptedLlm({
        [strip(P1.text)]: times(2, GOOD_1),
        'Slightly prioritize Ages 10-20 and Ages 21-30': times(4, GOOD_1),
      });
      const prompts = [{ number: 1, text: P1.text, conditions: P1.conditions }];
      const done = await runLanguageStudy(
        createStudy(
          { languages: ['en', 'hi', 'tcy'], runs: 2, alphas: [0.2], dlm: { mode: 'zero-shot' }, rewrite: 'auto' },
          { prompts, translations: { hi: HI } },
        ),
        parts(llm),
      );
      const en = done.cells.find((c) => c.language === 'en')!;
      expect(en.rewrite).toMatchObject({ enabled: false, status: 'off' });
      expect(en.goal).toBe(P1.text);
      const tcy = done.cells.find((c) => c.language === 'tcy')!;
      expect(tcy.rewrite).toMatchObject({
        enabled: true,
        status: 'done',
        original: TCY[1],
        language: { script: 'Kannada' },
      });
      expect(tcy.goal).toBe('Slightly prioritize Ages 10-20 and Ages 21-30.');
      expect(tcy.dlm!.task).toBe(tcy.goal);
      expect(done.cells.every((c) => c.outcome?.valid && c.outcome.acceptable)).toBe(true);
    },
  );

  test('runs the reflection loop, showing the reflection the simulated distributions', async () => {
    const llm = scriptedLlm({ [strip(P1.text)]: [GOOD_1, TAMIL, TAMIL, GOOD_1] });
    const prompts = [{ number: 1, text: P1.text, conditions: P1.conditions }];
    const done = await runLanguageStudy(
      createStudy(
        { languages: ['en'], runs: 1, alphas: [0.2], dlm: { mode: 'reflection', rounds: 2, candidates: 2 } },
        { prompts },
      ),
      parts(llm),
    );
    const reflections = llm.requests.filter((r) => r.prompt.startsWith('My goal was'));
    expect(reflections).toHaveLength(2);
    expect(reflections[0].prompt).toContain('Category: Age\nAges 10-20: 20.00%');
    // Round 1's proposals show round 0's pick as a best previous attempt.
    expect(llm.requests.filter((r) => r.prompt.startsWith('Create'))[2].prompt).toContain(
      '$$$ state * (1 + agent_feats[0] + agent_feats[1]) $$$.',
    );
    // Round 1 lists TAMIL first (index 0 is picked).
    expect(done.cells[0].outcome).toMatchObject({ valid: true, featuresUsed: [9], acceptable: false });
  });
});

/**
 * LLM calls an uninterrupted run of paperLikeStudy makes: 2 translations + one proposal per cell + Tulu prompt 4's
 * refused replies.
 */
function scriptedLlmCalls(state: StudyState): number {
  const translations = Object.values(state.translations)
    .flatMap((t) => Object.values(t))
    .reduce((n, t) => n + (t.attempts?.length ?? 0), 0);
  return (
    translations +
    state.cells.reduce(
      (n, c) => n + c.dlm!.rounds.flatMap((r) => r.candidates).reduce((m, k) => m + k.attempts.length, 0),
      0,
    )
  );
}
