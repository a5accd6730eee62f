// Splitting the prompt into clauses and accepting them (sclm-fixture.ts's scripted parts).
import { describe, expect, test } from 'vitest';
import { dlmSchema } from '../../../../src/core/datasets/dlm-schema.ts';
import {
  acceptClauses,
  addedClauses,
  extendedPrompt,
  proposedClauses,
} from '../../../../src/pipeline/sclm/accept-clauses.ts';
import { runSclm } from '../../../../src/pipeline/sclm/run-sclm.ts';
import { createSclmRun, type SclmClause } from '../../../../src/pipeline/sclm/sclm-run-state.ts';
import { accepted, CLAUSES, FLOW, PROMPT, runAll, SCHEMA, scripted, SMALL } from './sclm-fixture.ts';

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

  test(
    'a reply that cannot be read is fed back; when every attempt fails the whole prompt is proposed as ' + 'one clause',
    async () => {
      const fake = scripted({ 'split#0': 'Sure!', 'split#1': 'I think there are two.' });
      const requests: string[][] = [];
      const ask = fake.parts.ask;
      fake.parts.ask = async (r) => (requests.push(r.failures.map((f) => f.error ?? '')), ask(r));
      const { final } = await runAll(createSclmRun(PROMPT, { ...SMALL, maxAttempts: 2 }), fake.parts);
      expect(requests[1][0]).toContain('Your reply did not list any clauses');
      expect(final.split?.status).toBe('failed');
      expect(proposedClauses(final)).toEqual([{ name: 'clause 1', text: PROMPT, kind: 'prioritize' }]);
      expect(final.clauseProblems?.[0]).toContain('the LLM could not split the prompt');
    },
  );

  test(
    'accepting adds a shift clause per untargeted ordered group and the utility clause, and refuses ' + 'bad clauses',
    async () => {
      const { state } = await accepted({ shiftClauses: true, utilityClause: true });
      expect(state.status).toBe('running');
      expect(state.clauses!.map((c) => [c.name, c.kind, c.group])).toEqual([
        ['low income', 'prioritize', undefined],
        ['old', 'prioritize', undefined],
        ['no shift: Education', 'shift', 'Education'],
        ['total utility', 'utility', undefined],
      ]);
      expect(extendedPrompt(state)).toBe(
        `${PROMPT} Do not change the utility distribution of Education. Maximize the total generated utility.`,
      );
      expect(() => acceptClauses(state, [CLAUSES[0], CLAUSES[0]], SCHEMA)).toThrow(
        'clause 2: the name "low income" is used twice',
      );
      expect(() => acceptClauses(state, [{ name: 's', text: 't', kind: 'shift', group: 'Height' }], SCHEMA)).toThrow(
        'a shift clause needs one of the groups Income, Age, Education',
      );
      expect(() => acceptClauses(state, [], SCHEMA)).toThrow('there are no clauses');
      const weighted = { ...state, config: { ...state.config, weights: [0.5, 0.5] } };
      expect(() => acceptClauses(weighted, CLAUSES, SCHEMA)).toThrow(
        'the configured clause weights do not fit the 4 clauses (low income, old, no shift: Education, total ' +
          'utility): 2 weights for 4 scores',
      );
    },
  );
});

const schema = dlmSchema();
const clauses: SclmClause[] = [
  { name: 'older', text: 'Prioritize older mothers', kind: 'prioritize' },
  { name: 'poorer', text: 'Prioritize mothers with low income', kind: 'prioritize' },
];

describe('the clauses SCLM adds', () => {
  test('"guard against shifts" adds no shift clause on the features the priority names', () => {
    const run = createSclmRun('Prioritize older mothers with low income', { shiftClauses: true });
    const added = addedClauses(run, clauses, schema);
    const groups = added.map((c) => c.group);
    expect(groups).not.toContain('Ages');
    expect(groups).not.toContain('Income');
    expect(groups).toEqual(['Education', 'Call slot']);
  });

  test('what accepting adds is exactly what addedClauses shows beforehand', () => {
    const run = createSclmRun('Prioritize older mothers with low income', { shiftClauses: true, utilityClause: true });
    const shown = addedClauses(run, clauses, schema);
    const accepted = acceptClauses({ ...run, status: 'awaiting-clauses' }, clauses, schema);
    expect(accepted.clauses!.slice(clauses.length)).toEqual(shown);
    expect(shown.at(-1)).toMatchObject({ kind: 'utility' });
  });

  test('without the options nothing is added', () => {
    expect(addedClauses(createSclmRun('older mothers'), clauses, schema)).toEqual([]);
  });
});
