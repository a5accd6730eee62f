// The SCLM run against scripted parts (sclm-fixture.ts). The real provider, reward compiler and WASM
// simulation are wired in by the app (test/e2e/run-sclm.test.ts).
import { describe, expect, test } from 'vitest';
import { acceptClauses } from '../../../../src/pipeline/sclm/accept-clauses.ts';
import { runSclm } from '../../../../src/pipeline/sclm/run-sclm.ts';
import { createSclmRun } from '../../../../src/pipeline/sclm/sclm-run-state.ts';
import { accepted, CLAUSES, FLOW, PROMPT, runAll, SCHEMA, scripted, SMALL, WEIGHTS } from './sclm-fixture.ts';

describe('runSclm', () => {
  test(
    "builds the pool, finds each clause's reward, simulates each policy once, and selects under three " +
      'welfare functions',
    async () => {
      const { state, fake } = await accepted();
      const { final, checkpoints, events } = await runAll(state, fake.parts);
      expect(final.status).toBe('done');
      const result = final.result!;
      expect(result.pool.candidates.map((c) => c.id)).toEqual(['r0/c0', 'r0/c1', 'r1/c0']);
      expect(result.pool.clauses.map((c) => [c.name, c.kind, c.expression])).toEqual([
        ['low income', 'simulator', 'state * low_income'],
        ['old', 'simulator', 'state * old'],
      ]);
      // Default (state), the three candidates and the zero-shot pick, each simulated once.
      expect(fake.simulated).toHaveLength(5);
      // Scores are V_c(pi_R) / V_c(pi_default) under the stand-in simulation.
      const good = (w: number[]) => w.map((x) => 2 + (6 * x) / w.reduce((a, b) => a + b, 0));
      const value = (w: number[], r: number[]) => good(w).reduce((s, g, a) => s + g * r[a], 0);
      const ratio = (w: number[], r: number[]) => value(w, r) / value(WEIGHTS.state, r);
      const candidates = [WEIGHTS['state*low_income'], WEIGHTS['state*old'], WEIGHTS['state*low_income*old']];
      result.scores.forEach((row, i) => {
        expect(row[0]).toBeCloseTo(ratio(candidates[i], WEIGHTS['state*low_income']), 12);
        expect(row[1]).toBeCloseTo(ratio(candidates[i], WEIGHTS['state*old']), 12);
      });
      expect(result.selections.map((s) => s.label)).toEqual(['utilitarian', 'nash', 'egalitarian']);
      // The expression that rewards both groups wins under every welfare function here.
      expect(result.selections.map((s) => s.candidate)).toEqual(['r1/c0', 'r1/c0', 'r1/c0']);
      expect(result.regret.bound).toBeCloseTo(0.2 / 1.1, 15);
      expect(result.methods.map((m) => [m.method, m.expression])).toEqual([
        ['SCLM-SIM-utilitarian', 'state * low_income * old'],
        ['SCLM-SIM-nash', 'state * low_income * old'],
        ['SCLM-SIM-egalitarian', 'state * low_income * old'],
        ['LLM-zeroshot', 'state * high_edu'],
        ['DLM', 'state*low_income'], // round 1's reflection picks its second candidate
      ]);
      const sclm = result.methods[0].evaluation!;
      expect(sclm.clauses.map((c) => c.change[0]! > 0)).toEqual([true, true]);
      expect(sclm.unmentioned).toEqual(['Education']);
      expect(result.methods[3].evaluation!.clauses[0].change[0]).toBeLessThan(sclm.clauses[0].change[0]!);
      // Plain JSON after every step, and steps announced in order.
      for (const c of checkpoints) expect(JSON.parse(JSON.stringify(c))).toEqual(c);
      expect(events.filter((e) => e.type === 'step').map((e) => (e as { step: string }).step)).toEqual([
        'generator',
        'clause-rewards',
        'baselines',
        'simulate',
        'select',
      ]);
    },
  );

  test('the exported pool reproduces the selection through the pool format', async () => {
    const { state, fake } = await accepted({ shiftClauses: true, utilityClause: true });
    const { final } = await runAll(state, fake.parts);
    const { poolScoreMatrix } = await import('../../../../src/core/adjudicate/pool-score-matrix.ts');
    const { parsePool } = await import('../../../../src/core/adjudicate/parse-pool.ts');
    const matrix = poolScoreMatrix(parsePool(JSON.stringify(final.result!.pool)));
    expect(Array.from(matrix.scores)).toEqual(final.result!.scores.flat());
    expect(final.result!.clauses.map((c) => c.kind)).toEqual(['simulator', 'simulator', 'shift', 'utility']);
    expect(final.result!.methods.map((m) => m.method)).toContain('DLM-extended');
  });

  test(
    'a provider outage pauses the run; resuming from the last checkpoint asks nothing twice and ends as an ' +
      'uninterrupted run',
    async () => {
      const clean = await accepted();
      const reference = (await runAll(clean.state, clean.fake.parts)).final;
      for (const outage of ['generator/r1/c0#0', 'clause:old/r0/c0#0', 'zero-shot/r0/c0#0']) {
        const { state } = await accepted();
        const fake = scripted(FLOW, { failOn: new Set([outage]) });
        const { final: paused, checkpoints } = await runAll(state, fake.parts);
        expect(paused.status).toBe('paused');
        expect(paused.pausedBecause).toContain(`provider unavailable (503) at ${outage}`);
        const resumed = (await runAll(checkpoints.at(-1)!, fake.parts)).final;
        expect(new Set(fake.answered).size).toBe(fake.answered.length);
        expect(resumed.result).toEqual(reference.result);
      }
    },
  );

  test('a simulation failure pauses too, and the resumed run simulates only what is missing', async () => {
    const { state, fake } = await accepted();
    let calls = 0;
    const simulate = fake.parts.simulate;
    fake.parts.simulate = async (t) => (++calls === 3 ? Promise.reject(new Error('worker crashed')) : simulate(t));
    const paused = (await runAll(state, fake.parts)).final;
    expect(paused).toMatchObject({ status: 'paused', pausedBecause: 'worker crashed' });
    expect(Object.keys(paused.outcomes)).toHaveLength(2);
    const done = (await runAll(paused, fake.parts)).final;
    expect(done.status).toBe('done');
    expect(fake.simulated).toHaveLength(5);
  });

  test('an abort pauses before the next LLM call', async () => {
    const { state, fake } = await accepted();
    const controller = new AbortController();
    controller.abort();
    const paused = await runSclm(state, fake.parts, { signal: controller.signal });
    expect(paused).toMatchObject({ status: 'paused', pausedBecause: 'generator: aborted' });
    expect(fake.answered).toEqual(['split#0']);
  });

  test(
    "uses a clause's own expression when the user wrote one, and sends a clause back to the user when it does " +
      'not compile',
    async () => {
      const withExpression = [{ ...CLAUSES[0], expression: 'state * low_income * old' }, CLAUSES[1]];
      const { state, fake } = await accepted({}, withExpression);
      const { final } = await runAll(state, fake.parts);
      expect(fake.answered.some((k) => k.startsWith('clause:low income'))).toBe(false);
      expect(final.result!.pool.clauses[0].expression).toBe('state * low_income * old');
      const broken = await accepted({}, [{ ...CLAUSES[0], expression: 'state * tall' }, CLAUSES[1]]);
      const waiting = (await runAll(broken.state, broken.fake.parts)).final;
      expect(waiting.status).toBe('awaiting-clauses');
      expect(waiting.clauseProblems).toEqual([
        'clause "low income": its reward expression does not compile: unknown name in "state * tall"',
      ]);
      // Fixing the clause keeps the generator's pool: no proposal is asked again.
      const before = broken.fake.answered.length;
      const fixed = (await runAll(acceptClauses(waiting, CLAUSES, SCHEMA), broken.fake.parts)).final;
      expect(fixed.status).toBe('done');
      expect(broken.fake.answered.slice(before).some((k) => k.startsWith('generator/'))).toBe(false);
    },
  );

  test(
    'the LLM scorer rates every candidate against every prioritization clause; a candidate whose rating fails ' +
      'leaves the pool',
    async () => {
      const ratings: Record<string, string> = {};
      for (const id of ['r0/c0', 'r0/c1', 'r1/c0'])
        for (const c of ['low income', 'old']) ratings[`rate/${id}/${c}#0`] = `Fine. Score: ${id === 'r0/c1' ? 2 : 4}`;
      ratings['rate/r0/c0/old#0'] = 'Score: 9';
      ratings['rate/r0/c0/old#1'] = 'No idea.';
      const script = { ...FLOW, ...ratings };
      const { state, fake } = await accepted({ scorer: 'llm', maxAttempts: 2 }, CLAUSES, script);
      const { final } = await runAll(state, fake.parts);
      expect(fake.answered.some((k) => k.startsWith('clause:'))).toBe(false);
      expect(final.ratings['r0/c0|old']).toMatchObject({ status: 'failed' });
      expect(final.ratings['r0/c0|old'].attempts[0].error).toContain('The score 9 is not allowed');
      expect(final.result!.pool.candidates.map((c) => c.id)).toEqual(['r0/c1', 'r1/c0']);
      expect(final.result!.scores).toEqual([
        [2, 2],
        [4, 4],
      ]);
      expect(final.result!.selections.map((s) => s.candidate)).toEqual(['r1/c0', 'r1/c0', 'r1/c0']);
      expect(final.result!.methods[0].method).toBe('SCLM-LLM-utilitarian');
    },
  );

  test('clause weights enter the welfare functions', async () => {
    const { state, fake } = await accepted({ weights: [1, 0] });
    const { final } = await runAll(state, fake.parts);
    // All weight on "low income": the candidate that rewards low income alone is as good as the combined one there.
    const w = final.result!.selections[0].welfare;
    expect(w).toEqual(final.result!.scores.map((row) => row[0]));
  });

  test('the default configuration asks the generator for 20 candidates', async () => {
    const script: Record<string, string> = { ...FLOW };
    const names = Object.keys(WEIGHTS);
    for (let r = 0; r < 4; r++)
      for (let c = 0; c < 5; c++) script[`generator/r${r}/c${c}#0`] = `$$$ ${names[(r + c) % names.length]} $$$`;
    const fake = scripted(script);
    const split = (
      await runAll(createSclmRun(PROMPT, { baselines: false, clauseDlm: { rounds: 1, candidates: 1 } }), fake.parts)
    ).final;
    const { final } = await runAll(acceptClauses(split, CLAUSES, SCHEMA), fake.parts);
    expect(fake.answered.filter((k) => /^generator\/r\d\/c\d#0$/.test(k))).toHaveLength(20);
    expect(final.result!.pool.candidates).toHaveLength(5); // five distinct expressions among the 20
  });
});

describe('sclmTranscriptOf and replaySclm', () => {
  test('a run replayed from its transcript, without the provider, ends with the same result', async () => {
    const { sclmTranscriptOf, replaySclm } = await import('./sclm-transcript.ts');
    const ratings: Record<string, string> = {};
    for (const id of ['r0/c0', 'r0/c1', 'r1/c0'])
      for (const c of ['low income', 'old']) ratings[`rate/${id}/${c}#0`] = 'Score: 3';
    const { state, fake } = await accepted({ scorer: 'llm', shiftClauses: true }, CLAUSES, { ...FLOW, ...ratings });
    const { final } = await runAll(state, fake.parts);
    const transcript = sclmTranscriptOf(final);
    expect(transcript.map((e) => e.key).sort()).toEqual([...fake.answered].sort());
    const offline = scripted({});
    const replayed = replaySclm(transcript, offline.parts);
    const split = (await runAll(createSclmRun(PROMPT, { ...SMALL, scorer: 'llm', shiftClauses: true }), replayed))
      .final;
    const again = (await runAll(acceptClauses(split, CLAUSES, SCHEMA), replayed)).final;
    expect(offline.answered).toEqual([]);
    expect(again.result).toEqual(final.result);
  });
});

describe('an empty pool', () => {
  test('sends the run back to the user, and accepting again generates a new pool', async () => {
    const refusing = { ...FLOW, 'generator/r0/c0#0': 'no', 'generator/r0/c0#1': 'no' };
    const { state, fake } = await accepted({ pool: { rounds: 1, candidates: 1 }, maxAttempts: 2 }, CLAUSES, refusing);
    const waiting = (await runAll(state, fake.parts)).final;
    expect(waiting.status).toBe('awaiting-clauses');
    expect(waiting.clauseProblems?.[0]).toContain('the generator produced no valid candidate');
    expect(waiting.generator).toBeUndefined();
  });
});
