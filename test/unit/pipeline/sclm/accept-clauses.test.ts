import { describe, expect, test } from 'vitest';
import { dlmSchema } from '../../../../src/core/datasets/dlm-schema.ts';
import { acceptClauses, addedClauses } from '../../../../src/pipeline/sclm/accept-clauses.ts';
import { createSclmRun, type SclmClause } from '../../../../src/pipeline/sclm/sclm-run-state.ts';

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
