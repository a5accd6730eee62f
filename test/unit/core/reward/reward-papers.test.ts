import { beforeAll, describe, expect, test } from 'vitest';
import { dlmSchema } from '../../../../src/core/datasets/dlm-schema.ts';
import { compileReward } from '../../../../src/core/reward/compile-reward.ts';
import {
  DLM_TABLE_3,
  IJCAI_APPENDIX_E,
  IJCAI_APPENDIX_G,
  toDlm43Names,
  type PaperExpression,
} from '../../../fixtures/reward-paper-expressions.ts';
import { hasPython, pythonRewards } from '../../../reference/python-reward.ts';

const schema = dlmSchema();
const n = schema.columns.length;

/** A DLM-like population: hidden integer features 0..45, exactly one member of every one-hot group set. */
function population(numArms: number, seed: number) {
  let x = seed;
  const random = () => (x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const features = new Float64Array(numArms * n);
  for (let arm = 0; arm < numArms; arm++) {
    for (let i = 0; i < 7; i++) features[arm * n + i] = Math.floor(random() * 46);
    for (const group of schema.groups)
      features[arm * n + group.columns[Math.floor(random() * group.columns.length)]] = 1;
  }
  return { numArms, numStates: 2, schema, features };
}

const pop = population(400, 7);
const arms = Array.from({ length: pop.numArms }, (_, arm) => Array.from(pop.features.subarray(arm * n, (arm + 1) * n)));
const columns = schema.columns.map((c): [string, boolean] => [c.name, false]);

const ALL: PaperExpression[] = [...DLM_TABLE_3, ...IJCAI_APPENDIX_E, ...IJCAI_APPENDIX_G];
/** The expression as allot receives it: appendix G names mapped to dlm43, extraction damage repaired. */
const clean = (e: PaperExpression) => toDlm43Names(e.repaired ?? e.text);
/** Printed texts that are not valid expressions (CPython refuses them too). */
const broken = (e: PaperExpression) =>
  (e.repaired !== undefined && !e.note?.includes('still valid')) ||
  (e.note !== undefined && /not repairable|ends in the middle/.test(e.note));

describe('the reward expressions printed in the DLM papers', () => {
  test(
    'there are 16 Base rewards in DLM Table 3, 10 in IJCAI appendix E and 116 expressions in appendix G and ' +
      'section 5.5',
    () => {
      expect(DLM_TABLE_3).toHaveLength(16);
      expect(IJCAI_APPENDIX_E).toHaveLength(10);
      expect(IJCAI_APPENDIX_G).toHaveLength(116);
    },
  );

  test.each(ALL.filter((e) => !broken(e) || e.repaired !== undefined).map((e) => [e.source, e] as const))(
    '%s compiles',
    (_source, e) => {
      const result = compileReward(clean(e), pop);
      if (!result.ok) throw new Error(`${result.error.message}\n${result.error.excerpt}`);
      expect(result.table).toHaveLength(pop.numArms * 2);
    },
  );

  test.each([...DLM_TABLE_3, ...IJCAI_APPENDIX_E].map((e) => [e.source, e] as const))(
    '%s reads exactly the features it indexes, and increases in state',
    (_source, e) => {
      const expected = [...clean(e).matchAll(/feature\[(\d+)(?:-\s*(\d+))?\]/g)].map(
        (m) => Number(m[1]) - Number(m[2] ?? 0),
      );
      const result = compileReward(clean(e), pop);
      expect(result.ok && result.diagnostics.featuresUsed).toEqual([...new Set(expected)].sort((a, b) => a - b));
      expect(result.ok && result.diagnostics.increasingInState).toBe(true);
      expect(result.ok && result.diagnostics.nonnegative).toBe(true);
    },
  );

  test(
    'DLM Table 3 task 0 gives 2.1 to an engaged arm aged 51-60, 0.1 to another engaged arm and 0 when ' + 'disengaged',
    () => {
      const result = compileReward(DLM_TABLE_3[0].text, pop);
      if (!result.ok) throw new Error(result.error.message);
      for (let arm = 0; arm < pop.numArms; arm++) {
        const old = pop.features[arm * n + 11] === 1;
        expect([result.table[arm * 2], result.table[arm * 2 + 1]]).toEqual([0, old ? 0.1 + 2.0 : 0.1]);
      }
    },
  );

  test.each(ALL.filter(broken).map((e) => [e.source, e] as const))(
    '%s as printed is refused with a position',
    (_source, e) => {
      const result = compileReward(toDlm43Names(e.text), pop);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.position).toBeGreaterThanOrEqual(0);
        expect(result.error.excerpt).toContain('^');
      }
    },
  );

  test('a trailing comma (DLM Table 3 task 14) is refused because Python would make a tuple', () => {
    const result = compileReward(DLM_TABLE_3[14].text, pop);
    expect(!result.ok && result.error.message).toMatch(/trailing "," makes a tuple/);
  });

  test('appendix G feature names that are not dlm43 names are refused with the closest dlm43 names', () => {
    const result = compileReward('state * agent_feats.age_51_to_60', pop);
    expect(!result.ok && result.error.hint).toContain('age_51_60');
  });
});

describe.skipIf(!hasPython)('the paper expressions compute what CPython computes (python3 found)', () => {
  let expected: (number | null)[][][];
  const cases = ALL.flatMap((e) => (e.repaired ? [clean(e), toDlm43Names(e.text)] : [clean(e)]));
  beforeAll(() => {
    expected = pythonRewards(
      columns,
      cases.map((expr) => ({ expr, arms, states: 2 })),
    );
  }, 300_000);

  test(
    `all ${cases.length} texts (repaired and as printed) over 400 arms x 2 states give Python's float to the ` +
      `last bit, or an error where Python raises`,
    () => {
      let compared = 0;
      cases.forEach((expr, k) => {
        const result = compileReward(expr, pop);
        const python = expected[k];
        const pythonFails = python.some((row) => row.some((v) => v === null));
        if (pythonFails) {
          expect(result.ok, expr).toBe(false);
          return;
        }
        if (!result.ok) throw new Error(`${expr}: ${result.error.message}`);
        python.forEach((row, arm) =>
          row.forEach((v, s) => {
            expect(
              Object.is(result.table[arm * 2 + s], v),
              `${expr} arm ${arm} state ${s}: ${result.table[arm * 2 + s]} vs ${v}`,
            ).toBe(true);
            compared++;
          }),
        );
      });
      expect(compared).toBeGreaterThan(100_000);
    },
  );
});

if (!hasPython) console.warn('reward-papers.test.ts: python3 not found; the comparison with CPython is skipped');
