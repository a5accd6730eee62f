// The SCLM run against scripted parts: the LLM replies come from scripts, the compiler knows five
// expressions and the simulator is a small deterministic stand-in (more reward, more time in the
// good state). The real provider, reward compiler and WASM simulation are wired in later.
import { describe, expect, test } from 'vitest';
import type { FeatureSchema } from '../../../../src/core/instance/types.ts';
import type { Occupancy } from '../../../../src/core/instance/occupancy.ts';
import { requestKey } from '../../../../src/pipeline/dlm/replay-transcript.ts';
import type { DlmParts } from '../../../../src/pipeline/dlm/run-dlm.ts';
import { acceptClauses, extendedPrompt, proposedClauses } from '../../../../src/pipeline/sclm/accept-clauses.ts';
import { runSclm, type SclmEvent, type SclmParts } from '../../../../src/pipeline/sclm/run-sclm.ts';
import { createSclmRun, type SclmClause, type SclmRunState } from '../../../../src/pipeline/sclm/sclm-run-state.ts';

// Four arms: (income, age, education) = (low, young, low), (low, old, high), (high, old, low), (high, young, high).
const col = (name: string, group: string) => ({ name, label: name, description: name, type: 'binary' as const, group });
const SCHEMA: FeatureSchema = {
  columns: [col('low_income', 'Income'), col('high_income', 'Income'), col('young', 'Age'), col('old', 'Age'), col('low_edu', 'Education'), col('high_edu', 'Education')],
  groups: [
    { name: 'Income', kind: 'one-hot', columns: [0, 1], ordered: true, buckets: ['low', 'high'] },
    { name: 'Age', kind: 'one-hot', columns: [2, 3], ordered: true, buckets: ['young', 'old'] },
    { name: 'Education', kind: 'one-hot', columns: [4, 5], ordered: true, buckets: ['low', 'high'] },
  ],
};
const FEATURES = Float64Array.from([
  [1, 0, 1, 0, 1, 0],
  [1, 0, 0, 1, 0, 1],
  [0, 1, 0, 1, 1, 0],
  [0, 1, 1, 0, 0, 1],
].flat());

/** reward[arm, state] = state * weight[arm] for the expressions the scripted compiler knows. */
const WEIGHTS: Record<string, number[]> = {
  'state': [1, 1, 1, 1],
  'state*low_income': [2, 2, 1, 1],
  'state*old': [1, 2, 2, 1],
  'state*low_income*old': [2, 3, 2, 1],
  'state*high_edu': [1, 2, 1, 2],
};
const tableOf = (w: number[]) => Float64Array.from(w.flatMap((x) => [0, x]));

function compileExpression(expression: string) {
  const normalized = expression.replace(/\s+/g, '');
  const w = WEIGHTS[normalized];
  return w ? { ok: true as const, expression: expression.trim(), normalized, rewardTable: tableOf(w) } : { ok: false as const, error: `unknown name in "${expression.trim()}"` };
}

/** Stand-in simulation: arm a spends 2 + 6 w_a / sum(w) of 10 discounted steps in the good state. */
function fakeOccupancy(table: Float64Array): Occupancy {
  const w = [0, 1, 2, 3].map((a) => table[2 * a + 1]);
  const sum = w.reduce((x, y) => x + y, 0);
  const good = w.map((x) => 2 + (6 * x) / sum);
  const occ = Float64Array.from(good.flatMap((g) => [10 - g, g]));
  return { numArms: 4, numStates: 2, numTrials: 1, horizon: 10, discount: 0.9, discounted: occ, undiscounted: occ, pulls: new Float64Array(4), pulledAtLeastOnce: new Float64Array(4), engagedSum: 0, pulledIdSum: 0 };
}

/**
 * Scripted parts. Replies by key: "<run>/<dlm key>" for inner DLM runs (e.g. "generator/r0/c1#0"),
 * the SCLM key for its own questions ("split#0", "rate/r0/c0/low income#0"). A reflection without
 * a script picks index 0. failOn keys fail once, like a provider outage.
 */
function scripted(script: Record<string, string>, options: { failOn?: Set<string> } = {}) {
  const answered: string[] = [];
  const simulated: string[] = [];
  const reply = (key: string, fallback?: string) => {
    if (options.failOn?.has(key)) {
      options.failOn.delete(key);
      throw new Error(`provider unavailable (503) at ${key}`);
    }
    const text = script[key] ?? fallback;
    if (text === undefined) throw new Error(`no scripted reply for ${key}`);
    answered.push(key);
    return text;
  };
  const dlm = (run: string): DlmParts => ({
    propose: async (r) => reply(`${run}/${requestKey(r)}`),
    reflect: async (r) => reply(`${run}/${requestKey(r)}`, 'The best reward function is at index: 0'),
    compile: (text) => {
      const m = /\$\$\$(.*)\$\$\$/s.exec(text);
      return m ? compileExpression(m[1]) : { ok: false, error: 'Write the reward function between $$$ and $$$.' };
    },
    simulate: async () => ({ distribution: [] }),
  });
  const parts: SclmParts = {
    ask: async (r) => reply(r.key),
    dlm,
    compileExpression,
    simulate: async ({ rewardTable }) => {
      simulated.push(Array.from(rewardTable).join(','));
      return fakeOccupancy(rewardTable);
    },
    instance: { features: FEATURES, schema: SCHEMA },
  };
  return { parts, answered, simulated };
}

const PROMPT = 'Prioritize low-income agents and also prioritize older agents.';
const CLAUSES: SclmClause[] = [
  { name: 'low income', text: 'Prioritize low-income agents.', kind: 'prioritize', target: { group: 'Income', end: 'bottom' } },
  { name: 'old', text: 'Prioritize older agents.', kind: 'prioritize', target: { group: 'Age', end: 'top' } },
];
const FLOW: Record<string, string> = {
  'split#0': 'Clause 1: Prioritize low-income agents.\nClause 2: Prioritize older agents.',
  'generator/r0/c0#0': '$$$ state * low_income $$$',
  'generator/r0/c1#0': '$$$ state * old $$$',
  'generator/r1/c0#0': '$$$ state * low_income * old $$$',
  'generator/r1/c1#0': '$$$ state*low_income $$$', // a duplicate: in the pool once
  'generator/r1/reflect#0': 'The best reward function is at index: 1',
  'clause:low income/r0/c0#0': '$$$ state * low_income $$$',
  'clause:old/r0/c0#0': '$$$ state * old $$$',
  'zero-shot/r0/c0#0': '$$$ state * high_edu $$$',
  'extended/r0/c0#0': '$$$ state * old $$$',
  'extended/r0/c1#0': '$$$ state $$$',
  'extended/r1/c0#0': '$$$ state * low_income $$$',
  'extended/r1/c1#0': '$$$ state * old $$$',
};
const SMALL = { pool: { rounds: 2, candidates: 2 }, clauseDlm: { rounds: 1, candidates: 1 } };

async function runAll(state: SclmRunState, parts: SclmParts) {
  const checkpoints: SclmRunState[] = [];
  const events: SclmEvent[] = [];
  const final = await runSclm(state, parts, { checkpoint: (s) => checkpoints.push(s), onEvent: (e) => events.push(e) });
  return { final, checkpoints, events };
}

/** A run with the clauses split and accepted. */
async function accepted(config = {}, clauses = CLAUSES, script = FLOW) {
  const fake = scripted(script);
  const { final } = await runAll(createSclmRun(PROMPT, { ...SMALL, ...config }), fake.parts);
  return { state: acceptClauses(final, clauses, SCHEMA), fake };
}

describe('createSclmRun', () => {
  test('refuses an empty prompt and sizes that cannot run', () => {
    expect(() => createSclmRun(' ')).toThrow('needs a preference prompt');
    expect(() => createSclmRun(PROMPT, { pool: { rounds: 0, candidates: 5 } })).toThrow('pool.rounds must be a positive integer, got 0');
    expect(() => createSclmRun(PROMPT, { epsilon: 1 })).toThrow('epsilon must be in [0, 1)');
  });

  test('generates 20 candidates by default, as SCLM, scored by simulation', () => {
    const { config } = createSclmRun(PROMPT);
    expect(config.pool.rounds * config.pool.candidates).toBe(20);
    expect(config).toMatchObject({ scorer: 'simulator', baselines: true, defaultExpression: 'state' });
  });
});

describe('clauses', () => {
  test('the LLM splits the prompt, and the run waits for the user to accept the clauses', async () => {
    const fake = scripted(FLOW);
    const { final, events } = await runAll(createSclmRun(PROMPT, SMALL), fake.parts);
    expect(fake.answered).toEqual(['split#0']);
    expect(final.status).toBe('awaiting-clauses');
    expect(events).toContainEqual({ type: 'awaiting-clauses', problems: [] });
    expect(proposedClauses(final)).toEqual([
      { name: 'clause 1', text: 'Prioritize low-income agents.', kind: 'prioritize' },
      { name: 'clause 2', text: 'Prioritize older agents.', kind: 'prioritize' },
    ]);
    // Running it again changes nothing until the clauses are accepted.
    expect(await runSclm(final, fake.parts)).toEqual(final);
    expect(fake.answered).toEqual(['split#0']);
  });

  test('a reply that cannot be read is fed back; when every attempt fails the whole prompt is proposed as one clause', async () => {
    const fake = scripted({ 'split#0': 'Sure!', 'split#1': 'I think there are two.' });
    const requests: string[][] = [];
    const ask = fake.parts.ask;
    fake.parts.ask = async (r) => (requests.push(r.failures.map((f) => f.error ?? '')), ask(r));
    const { final } = await runAll(createSclmRun(PROMPT, { ...SMALL, maxAttempts: 2 }), fake.parts);
    expect(requests[1][0]).toContain('Your reply did not list any clauses');
    expect(final.split?.status).toBe('failed');
    expect(proposedClauses(final)).toEqual([{ name: 'clause 1', text: PROMPT, kind: 'prioritize' }]);
    expect(final.clauseProblems?.[0]).toContain('the LLM could not split the prompt');
  });

  test('accepting adds a shift clause per untargeted ordered group and the utility clause, and refuses bad clauses', async () => {
    const { state } = await accepted({ shiftClauses: true, utilityClause: true });
    expect(state.status).toBe('running');
    expect(state.clauses!.map((c) => [c.name, c.kind, c.group])).toEqual([
      ['low income', 'prioritize', undefined],
      ['old', 'prioritize', undefined],
      ['no shift: Education', 'shift', 'Education'],
      ['total utility', 'utility', undefined],
    ]);
    expect(extendedPrompt(state)).toBe(`${PROMPT} Do not change the utility distribution of Education. Maximize the total generated utility.`);
    expect(() => acceptClauses(state, [CLAUSES[0], CLAUSES[0]], SCHEMA)).toThrow('clause 2: the name "low income" is used twice');
    expect(() => acceptClauses(state, [{ name: 's', text: 't', kind: 'shift', group: 'Height' }], SCHEMA)).toThrow('a shift clause needs one of the groups Income, Age, Education');
    expect(() => acceptClauses(state, [], SCHEMA)).toThrow('there are no clauses');
    const weighted = { ...state, config: { ...state.config, weights: [0.5, 0.5] } };
    expect(() => acceptClauses(weighted, CLAUSES, SCHEMA)).toThrow('the configured clause weights do not fit the 4 clauses (low income, old, no shift: Education, total utility): 2 weights for 4 scores');
  });
});

describe('runSclm', () => {
  test('builds the pool, finds each clause\'s reward, simulates each policy once, and selects under three welfare functions', async () => {
    const { state, fake } = await accepted();
    const { final, checkpoints, events } = await runAll(state, fake.parts);
    expect(final.status).toBe('done');
    const result = final.result!;
    expect(result.pool.candidates.map((c) => c.id)).toEqual(['r0/c0', 'r0/c1', 'r1/c0']);
    expect(result.pool.clauses.map((c) => [c.name, c.kind, c.expression])).toEqual([['low income', 'simulator', 'state * low_income'], ['old', 'simulator', 'state * old']]);
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
    expect(events.filter((e) => e.type === 'step').map((e) => (e as { step: string }).step)).toEqual(['generator', 'clause-rewards', 'baselines', 'simulate', 'select']);
  });

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

  test('a provider outage pauses the run; resuming from the last checkpoint asks nothing twice and ends as an uninterrupted run', async () => {
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
  });

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

  test('uses a clause\'s own expression when the user wrote one, and sends a clause back to the user when it does not compile', async () => {
    const withExpression = [{ ...CLAUSES[0], expression: 'state * low_income * old' }, CLAUSES[1]];
    const { state, fake } = await accepted({}, withExpression);
    const { final } = await runAll(state, fake.parts);
    expect(fake.answered.some((k) => k.startsWith('clause:low income'))).toBe(false);
    expect(final.result!.pool.clauses[0].expression).toBe('state * low_income * old');
    const broken = await accepted({}, [{ ...CLAUSES[0], expression: 'state * tall' }, CLAUSES[1]]);
    const waiting = (await runAll(broken.state, broken.fake.parts)).final;
    expect(waiting.status).toBe('awaiting-clauses');
    expect(waiting.clauseProblems).toEqual(['clause "low income": its reward expression does not compile: unknown name in "state * tall"']);
    // Fixing the clause keeps the generator's pool: no proposal is asked again.
    const before = broken.fake.answered.length;
    const fixed = (await runAll(acceptClauses(waiting, CLAUSES, SCHEMA), broken.fake.parts)).final;
    expect(fixed.status).toBe('done');
    expect(broken.fake.answered.slice(before).some((k) => k.startsWith('generator/'))).toBe(false);
  });

  test('the LLM scorer rates every candidate against every prioritization clause; a candidate whose rating fails leaves the pool', async () => {
    const ratings: Record<string, string> = {};
    for (const id of ['r0/c0', 'r0/c1', 'r1/c0']) for (const c of ['low income', 'old']) ratings[`rate/${id}/${c}#0`] = `Fine. Score: ${id === 'r0/c1' ? 2 : 4}`;
    ratings['rate/r0/c0/old#0'] = 'Score: 9';
    ratings['rate/r0/c0/old#1'] = 'No idea.';
    const script = { ...FLOW, ...ratings };
    const { state, fake } = await accepted({ scorer: 'llm', maxAttempts: 2 }, CLAUSES, script);
    const { final } = await runAll(state, fake.parts);
    expect(fake.answered.some((k) => k.startsWith('clause:'))).toBe(false);
    expect(final.ratings['r0/c0|old']).toMatchObject({ status: 'failed' });
    expect(final.ratings['r0/c0|old'].attempts[0].error).toContain('The score 9 is not allowed');
    expect(final.result!.pool.candidates.map((c) => c.id)).toEqual(['r0/c1', 'r1/c0']);
    expect(final.result!.scores).toEqual([[2, 2], [4, 4]]);
    expect(final.result!.selections.map((s) => s.candidate)).toEqual(['r1/c0', 'r1/c0', 'r1/c0']);
    expect(final.result!.methods[0].method).toBe('SCLM-LLM-utilitarian');
  });

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
    for (let r = 0; r < 4; r++) for (let c = 0; c < 5; c++) script[`generator/r${r}/c${c}#0`] = `$$$ ${names[(r + c) % names.length]} $$$`;
    const fake = scripted(script);
    const split = (await runAll(createSclmRun(PROMPT, { baselines: false, clauseDlm: { rounds: 1, candidates: 1 } }), fake.parts)).final;
    const { final } = await runAll(acceptClauses(split, CLAUSES, SCHEMA), fake.parts);
    expect(fake.answered.filter((k) => /^generator\/r\d\/c\d#0$/.test(k))).toHaveLength(20);
    expect(final.result!.pool.candidates).toHaveLength(5); // five distinct expressions among the 20
  });
});

describe('sclmTranscriptOf and replaySclm', () => {
  test('a run replayed from its transcript, without the provider, ends with the same result', async () => {
    const { sclmTranscriptOf, replaySclm } = await import('./sclm-transcript.ts');
    const ratings: Record<string, string> = {};
    for (const id of ['r0/c0', 'r0/c1', 'r1/c0']) for (const c of ['low income', 'old']) ratings[`rate/${id}/${c}#0`] = 'Score: 3';
    const { state, fake } = await accepted({ scorer: 'llm', shiftClauses: true }, CLAUSES, { ...FLOW, ...ratings });
    const { final } = await runAll(state, fake.parts);
    const transcript = sclmTranscriptOf(final);
    expect(transcript.map((e) => e.key).sort()).toEqual([...fake.answered].sort());
    const offline = scripted({});
    const replayed = replaySclm(transcript, offline.parts);
    const split = (await runAll(createSclmRun(PROMPT, { ...SMALL, scorer: 'llm', shiftClauses: true }), replayed)).final;
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
