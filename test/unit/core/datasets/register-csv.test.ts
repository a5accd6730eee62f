import { describe, expect, test } from 'vitest';
import { planeBytes } from '../../../../src/core/plan/bit-plane.ts';
import { parseIdList } from '../../../../src/core/datasets/outcomes-csv.ts';
import { parseHistoryCsv, parseRegisterCsv, registerCsvKind } from '../../../../src/core/datasets/register-csv.ts';
import { bandLabels, bandNumericFeatures, quantileCuts } from '../../../../src/core/plan/band-numeric.ts';
import { makeUpSentences, type GroupShare } from '../../../../src/core/plan/list-make-up.ts';
import { currentState, currentWeek, MISSING } from '../../../../src/core/plan/register.ts';
import { stateAt, weekBytes } from '../../../../src/core/plan/week-states.ts';

const FEATURES = 'id,age,age_young,age_old,children\na,23,1,0,0\nb,45,0,1,2\nc,31,1,0,1\n';

describe('parseRegisterCsv', () => {
  test('reads a population CSV with a state column: transitions given, features banded', () => {
    const r = parseRegisterCsv(
      'id,q00,q01,q10,q11,state,age,age_young,age_old\na,0.1,0.3,0.8,0.9,1,23,1,0\nb,0.2,0.4,0.7,0.9,0,45,0,1\n',
      { fileName: 'r.csv', budget: 1 },
    );
    expect(r.transitions).not.toBeNull();
    expect(Array.from(currentState(r))).toEqual([1, 0]);
    expect(r.schema.columns.map((c) => c.name)).toEqual(['age', 'age_young', 'age_old']);
    // The inferred one-hot group takes the name "age"; the banded age column gets the next free name.
    expect(r.schema.groups.map((g) => g.name)).toEqual(['age', 'age (2)']);
    expect(r.schema.groups.find((g) => g.kind === 'one-hot')?.columns).toEqual([1, 2]);
    expect(r.schema.groups.find((g) => g.kind === 'bucketed')).toMatchObject({
      name: 'age (2)',
      buckets: ['<= 23', '> 23'],
      edges: [23],
    });
  });

  test('reads a register without transitions (estimated from the weeks to come) and names bad states', () => {
    const r = parseRegisterCsv('id,state,children\na,0,1\nb,1,3\n', { fileName: 'r.csv' });
    expect(r.transitions).toBeNull();
    expect(r.budget).toBe(1);
    expect(currentWeek(r.history)).toBe(1);
    expect(() => parseRegisterCsv('id,state\na,0\nb,2\n', { fileName: 'r.csv' })).toThrow(
      'r.csv, column 2 ("state"): a value is not read as engaged or not, e.g. "2" (line 3)',
    );
    expect(() => parseRegisterCsv('id,children\na,0\n', { fileName: 'r.csv' })).toThrow(
      'r.csv, line 1: no column was found for the current state',
    );
    expect(() => parseRegisterCsv('id,state\na,0\na,1\n', { fileName: 'r.csv' })).toThrow(
      'r.csv, line 3, column 1 ("id"): id "a" is already used on line 2',
    );
  });
});

describe('parseHistoryCsv', () => {
  const history =
    'id,week,state,called\na,1,0,1\nb,1,1,0\nc,1,0,0\na,2,1,0\nb,2,1,1\nc,2,0,0\na,3,1,0\nb,3,0,0\nc,3,0,1\n';

  test('reads weeks into columns: the last week is the current one and its calls are ignored with a warning', () => {
    const r = parseHistoryCsv(history, FEATURES, { fileName: 'h.csv', featuresFileName: 'f.csv', budget: 1 });
    expect(r.history.firstWeek).toBe(1);
    expect(currentWeek(r.history)).toBe(3);
    expect(r.history.states.map((s) => Array.from(weekBytes(s)))).toEqual([
      [0, 1, 0],
      [1, 1, 0],
      [1, 0, 0],
    ]);
    expect(r.history.called.map((s) => Array.from(planeBytes(s)))).toEqual([
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 0],
    ]);
    expect(r.warnings.join('\n')).toContain(
      'week 3 is the current week, whose calls the plan decides: its 1 recorded call was ignored',
    );
  });

  test('a beneficiary without a row in a past week has that state unobserved', () => {
    const r = parseHistoryCsv(history.replace('c,2,0,0\n', ''), FEATURES, { fileName: 'h.csv' });
    expect(stateAt(r.history.states[1], 2)).toBe(MISSING);
  });

  test('names the file, line and column of every kind of bad history', () => {
    const parse = (h: string) => () => parseHistoryCsv(h, FEATURES, { fileName: 'h.csv', featuresFileName: 'f.csv' });
    expect(parse(history + 'd,3,0,0\n')).toThrow('h.csv, line 11, column 1 ("id"): "d" is not in f.csv');
    expect(parse(history + 'a,2,0,0\n')).toThrow(
      'h.csv, line 11: beneficiary "a" week 2 appears a second time; each (id, week) must appear once',
    );
    expect(parse(history.replace(/\n[abc],2,[01],[01]/g, ''))).toThrow(
      'h.csv: week 2 is missing (the weeks run from 1 to 3)',
    );
    expect(parse(history.replace('b,3,0,0\n', ''))).toThrow(
      'h.csv: 1 beneficiary has no state in week 3, the current week, so their current state is unknown: "b"',
    );
    expect(parse(history.replace('a,2,1,0', 'a,2,3,0'))).toThrow(
      'h.csv, column 3 ("state"): a value is not read as engaged or not, e.g. "3" (line 5); write 1/0, yes/no or ' +
        'true/false',
    );
    expect(parse(history.replace('a,2,1,0', 'a,2,1,maybe'))).toThrow(
      'h.csv, column 4 ("called"): a value is not read as called or not, e.g. "maybe" (line 5)',
    );
    expect(parse('id,week,state\na,1,0\n')).toThrow(
      'h.csv, line 1: no column was found for the called; a history needs a column each for the id, week, ' +
        'state and call',
    );
  });

  test('says what the prior does when the history has no call', () => {
    const r = parseHistoryCsv(history.replace(/,1\n/g, ',0\n'), FEATURES, { fileName: 'h.csv' });
    expect(r.warnings.join('\n')).toContain(
      'h.csv has no call in weeks 1-2: nothing shows what a call does, so the prior assumes a call changes nothing',
    );
  });

  test('tells history from wide headers, and reads id lists with or without a header', () => {
    expect(registerCsvKind('id,week,state,called')).toBe('history');
    expect(registerCsvKind('id,state,q00')).toBe('wide');
    expect(parseIdList('id,reason\na,opted out\n"b",moved\n')).toEqual(['a', 'b']);
    expect(parseIdList('a\nb\n\n')).toEqual(['a', 'b']);
  });
});

describe('bandNumericFeatures and the make-up in words', () => {
  test("cuts numeric columns at quantiles or at the user's cut points, with readable labels", () => {
    expect(quantileCuts(Float64Array.of(1, 2, 3, 4, 5, 6, 7, 8), 4)).toEqual([2, 4, 6]);
    expect(quantileCuts(Float64Array.of(0, 0, 0, 1), 4)).toEqual([0]);
    expect(bandLabels([20, 30, 40], true)).toEqual(['<= 20', '21-30', '31-40', '> 40']);
    const schema = {
      columns: [{ name: 'age', label: 'Age', description: '', type: 'integer' as const, group: null }],
      groups: [],
    };
    const banded = bandNumericFeatures(schema, Float64Array.of(18, 25, 33, 51), 4, { cuts: { age: [20, 30] } });
    expect(banded.groups).toEqual([
      {
        name: 'Age',
        kind: 'bucketed',
        columns: [0],
        ordered: true,
        buckets: ['<= 20', '21-30', '> 30'],
        edges: [20, 30],
      },
    ]);
    expect(() => bandNumericFeatures(schema, Float64Array.of(1), 1, { cuts: { age: [3, 2] } })).toThrow(
      'the cut points of "age" must increase: 3 then 2',
    );
  });

  test('says which bucket gains calls and from where, or that nothing moved', () => {
    const row = (bucket: string, calls: number, defaultCalls: number): GroupShare => ({
      group: 'Ages',
      bucket,
      calls,
      defaultCalls,
      population: 10,
      shareCalls: 0,
      shareDefault: 0,
      sharePopulation: 0,
    });
    expect(
      makeUpSentences([row('Ages 21-30', 10, 30), row('Ages 51-60', 33, 10), row('Ages 31-40', 117, 120)], 160),
    ).toEqual(['this priority moves 23 of 160 calls to Ages 51-60, mostly from Ages 21-30']);
    expect(makeUpSentences([row('Ages 21-30', 10, 10)], 160)).toEqual([
      'this priority calls the same make-up of every group as the default list',
    ]);
  });
});
