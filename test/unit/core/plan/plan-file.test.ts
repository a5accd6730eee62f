// PLAN.json, the one plan file: version 3 written and read back exactly (and written again to the same
// text); versions 1 and 2 (fixtures written by allot before version 3) read and moved forward to the
// same plan and list; and every hand edit of the attack on issue 29 refused in words that name the
// file and the field, quickly (none hangs).
import { planeBytes } from '../../../../src/core/plan/bit-plane.ts';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { base64, jsBase64 } from '../../../../src/core/plan/base64.ts';
import { planFileText, readPlanFile } from '../../../../src/core/plan/plan-json.ts';
import type { PlanRecord } from '../../../../src/core/plan/plan-record.ts';
import { currentList } from '../../../../src/core/plan/plan-state.ts';
import { unpackIds } from '../../../../src/core/plan/packed-ids.ts';
import { PlanReadError } from '../../../../src/core/plan/restore-plan.ts';
import type { IndexFunction } from '../../../../src/core/plan/weekly-list.ts';
import { planSequence, sameRecord } from '../../storage/plan-records-fixture.ts';
import { engineWhittle } from './plan-fixtures.ts';
import { valueAt } from '../../../../src/core/instance/feature-table.ts';
import { weekBytes } from '../../../../src/core/plan/week-states.ts';

const FALLBACK = {
  id: 'from-file',
  name: 'from the file name',
  createdAt: 5,
  updatedAt: 6,
  policy: { kind: 'typed' as const },
};
const fixture = (name: string) => readFileSync(new URL(`../../../fixtures/plans/${name}`, import.meta.url), 'utf8');
const b64 = (a: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64');

let records: PlanRecord[];
let whittle: IndexFunction;
beforeAll(async () => {
  records = await planSequence(3);
  whittle = await engineWhittle();
});

describe('PLAN.json version 3', () => {
  test('reads back the plan it was written from, bit for bit, and writes it again to the same text', () => {
    for (const record of records) {
      const text = planFileText(record);
      const back = readPlanFile(text, 'PLAN.json', FALLBACK);
      sameRecord(back, record);
      expect(planFileText(back)).toBe(text);
      // the plain JavaScript codec writes and reads the same file as the platform's
      expect(planFileText(record, jsBase64)).toBe(text);
      sameRecord(readPlanFile(text, 'PLAN.json', FALLBACK, jsBase64), record);
    }
  });

  test("keeps the history as bits, the features in the narrowest exact columns, and each week's change apart", () => {
    const doc = JSON.parse(planFileText(records[2]));
    const N = 40;
    expect(doc).toMatchObject({ format: 'allot-plan', version: 4, id: 'p1', name: 'village' });
    expect(doc.register.ids).toHaveLength(N);
    expect(doc.register.history.states).toHaveLength(5);
    expect(doc.register.history.called).toHaveLength(4);
    for (const plane of doc.register.history.states) expect(Buffer.from(plane.data, 'base64')).toHaveLength(N / 8);
    // dlm's 0/1 columns take a bit each, its small counts a few bits
    const widths = doc.register.features.map((c: { type: string; width?: number }) =>
      c.type === 'bits' ? c.width : 64,
    );
    expect(widths.filter((w: number) => w === 1).length).toBeGreaterThan(0);
    expect(widths.every((w: number) => w <= 7)).toBe(true);
    expect(doc.weeks.map((w: { week: number; change: unknown }) => [w.week, w.change === null])).toEqual([
      [5, false],
      [6, false],
      [7, true],
    ]);
  });

  test("base64 of every length and byte agrees with Node's, both ways", () => {
    for (const n of [0, 1, 2, 3, 4, 5, 255, 256, 257, 4095]) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 151 + n) & 255);
      const text = Buffer.from(bytes).toString('base64');
      for (const codec of [jsBase64, base64]) {
        expect(codec.encode(bytes)).toBe(text);
        expect(Array.from(codec.decode(text)!)).toEqual(Array.from(bytes));
      }
    }
    for (const bad of ['A', 'AB=C', 'AB\u00e9=', '====', 'A\u0141==']) expect(jsBase64.decode(bad)).toBeNull();
  });
});

describe('PLAN.json versions 1 and 2', () => {
  test('are read as the plan they hold: the same register, history, weeks and the same current list', () => {
    for (const [name, meta] of [
      ['plan-v2.json', { id: 'plan-fixture-v2', name: 'village (version 2)' }],
      ['plan-v1.json', { id: 'from-file', name: 'from the file name' }],
    ] as const) {
      const text = fixture(name);
      const old = JSON.parse(text);
      const record = readPlanFile(text, name, FALLBACK);
      expect(record).toMatchObject(meta);
      const plan = record.plan;
      const r = old.register;
      // a slow, obviously correct reading of the old layout: a byte per value, base64 per column
      expect(unpackIds(plan.register.ids)).toEqual(r.ids);
      r.features.forEach((c: { type: string; data: string }, f: number) => {
        const bytes = Buffer.from(c.data, 'base64');
        const values =
          c.type === 'u8'
            ? Array.from(bytes)
            : Array.from(new Float64Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length)));
        expect(Array.from({ length: r.numArms }, (_, arm) => valueAt(plan.register.features.columns[f], arm))).toEqual(
          values,
        );
      });
      expect(plan.register.history.states.map((s) => b64(weekBytes(s)))).toEqual(r.history.states);
      // the current week's calls are the plan's to decide: kept empty
      expect(plan.register.history.called.slice(0, -1).map((s) => b64(planeBytes(s)))).toEqual(
        r.history.called.slice(0, -1),
      );
      expect(plan.weeks.map((w) => [w.week, b64(w.planned), w.outcomes])).toEqual(
        old.weeks.map((w: { week: number; planned: string; outcomes: unknown }) => [w.week, w.planned, w.outcomes]),
      );
      expect(plan.settings).toEqual(old.settings);
      // the list the old allot made for the current week is the one made again now
      expect(Array.from(currentList(plan, whittle).arms)).toEqual(
        Array.from(plan.weeks[plan.weeks.length - 1].planned),
      );
    }
  });

  test("a state outside the register's states in an old file is refused, naming the file and the week", () => {
    const doc = JSON.parse(fixture('plan-v2.json'));
    const states = Buffer.from(doc.register.history.states[1], 'base64');
    states[3] = 7;
    doc.register.history.states[1] = states.toString('base64');
    expect(() => readPlanFile(JSON.stringify(doc), 'old.json', FALLBACK)).toThrow(
      'old.json: "register.history.states[1]" gives beneficiary 3 state 7, but states are 0 to 1',
    );
  });
});

/** A packed column of one bit a value (dlm's second column, delivered or not). */
const bitsColumn = (d: any) => {
  expect(d.register.features[1]).toMatchObject({ type: 'bits', width: 1 });
  return d.register.features[1];
};

/** The hand edits of the attack (issue 29, item 3), each with the refusal it must get. */
const EDITS: [string, (doc: any) => void, string][] = [
  [
    'a planned beneficiary -1',
    (d) => (d.weeks[0].planned = b64(Int32Array.of(-1))),
    '"weeks[0].planned[0]" is beneficiary -1, but the register has beneficiaries 0 to 39',
  ],
  [
    'a planned beneficiary 2^30',
    (d) => (d.weeks[0].planned = b64(Int32Array.of(2 ** 30))),
    '"weeks[0].planned[0]" is beneficiary 1073741824',
  ],
  [
    'a beneficiary planned twice',
    (d) => (d.weeks[2].planned = b64(Int32Array.of(3, 3))),
    '"weeks[2].planned[1]" lists beneficiary 3 a second time',
  ],
  [
    'week 6 recorded as week 5',
    (d) => (d.weeks[1].week = 5),
    '"weeks[1].week" is 5, but weeks follow each other from week 5 (the register\'s last week): expected 6',
  ],
  [
    'a forged outcomes record',
    (d) => (d.weeks[0].outcomes.called = 39),
    '"weeks[0].outcomes.called" is 39, but the week\'s recorded calls and states give',
  ],
  [
    'outcomes on the current week',
    (d) => (d.weeks[2].outcomes = d.weeks[1].outcomes),
    '"weeks[2].outcomes" must be null: the last week is the current one',
  ],
  [
    'exclusions [1, null, {}]',
    (d) => (d.settings.exclude = [1, null, {}]),
    '"settings.exclude[0]" must be text, not 1',
  ],
  ['seed -1', (d) => (d.settings.seed = -1), '"settings.seed" must be a whole number from 0 to 4294967295, not -1'],
  ['seed 0.5', (d) => (d.settings.seed = 0.5), '"settings.seed" must be a whole number from 0 to 4294967295, not 0.5'],
  [
    '10^9 posterior draws (ran for minutes)',
    (d) => (d.settings.draws = 1e9),
    '"settings.draws" must be a whole number from 0 to 200, not 1000000000',
  ],
  [
    'a cooldown of 10^9 weeks',
    (d) => (d.settings.cooldown = 1e9),
    '"settings.cooldown" must be a whole number from 0 to 520',
  ],
  ['a budget of 2^30', (d) => (d.settings.budget = 2 ** 30), '"settings.budget" must be a whole number from 0 to 40'],
  ['a discount of 1.5', (d) => (d.register.discount = 1.5), '"register.discount" must be a number in [0, 1), not 1.5'],
  ['a credible level of 2', (d) => (d.settings.level = 2), '"settings.level" must be a number between 0 and 1'],
  [
    'a share with no bound',
    (d) => (d.settings.shares = [{ group: 'Ages', bucket: 'x' }]),
    '"settings.shares[0]" has neither "min" nor "max"',
  ],
  [
    'ids cut to 5 of 40',
    (d) => (d.register.ids = d.register.ids.slice(0, 5)),
    '"register.ids" holds 5 ids, but "register.numArms" is 40',
  ],
  ['an empty id', (d) => (d.register.ids[7] = ''), '"register.ids" id 7 is empty'],
  [
    '10^9 beneficiaries',
    (d) => (d.register.numArms = 1e9),
    '"register.ids" holds 40 ids, but "register.numArms" is 1000000000',
  ],
  ['weeks emptied', (d) => (d.weeks = []), '"weeks" must hold at least one week (the current one)'],
  ['no register', (d) => (d.register = null), '"register" must be an object, not null'],
  [
    'a feature column cut short',
    (d) => (bitsColumn(d).data = 'AAAA'),
    '"register.features[1]" holds 3 bytes, expected 5 (40 values of 1 bits)',
  ],
  [
    'a feature column 30 bits wide',
    (d) => (bitsColumn(d).width = 30),
    '"register.features[1]" has a width of 30 bits; a packed column is 0 to 24 bits wide',
  ],
  [
    'a feature column that is not base64',
    (d) => (d.register.features[0].data = '*not base64*'),
    '"register.features[0].data" is not valid base64',
  ],
  [
    'a group of a column that does not exist',
    (d) => (d.register.schema.groups[0].columns = [99]),
    '"register.schema.groups[0].columns[0]" must be a column index',
  ],
  [
    'a history week missing its calls',
    (d) => d.register.history.called.pop(),
    '"register.history.called" holds 3 weeks, expected 4',
  ],
  [
    'the week after a change cut short',
    (d) => (d.weeks[0].change.called = 'AAAA'),
    '"weeks[0].change.called" holds 3 values, expected 5',
  ],
  [
    'a week number past 2^53',
    (d) => (d.register.history.firstWeek = 2 ** 60),
    '"register.history.firstWeek" must be a whole number (at most 2^53 - 1 in size)',
  ],
  [
    'two ids one once normalized',
    (d) => ((d.register.ids[0] = 'Jos\u00e9'), (d.register.ids[1] = 'Jose\u0301')),
    '"register.ids" holds "Jos\u00e9" and "Jose\u0301" (U+00E9 against U+0065 U+0301), one id once normalized ' +
      '(Unicode NFC)',
  ],
  [
    'a newer version',
    (d) => (d.version = 5),
    '"version" is 5; this allot reads plan versions 1 to 4 (the file comes from a newer allot: update allot ' +
      'to read it)',
  ],
  ['not a plan', (d) => (d.format = 'something'), '"format" must be "allot-plan": this is not an allot plan'],
];

describe('a hand-edited PLAN.json', () => {
  test.each(EDITS)('with %s is refused in words naming the file and the field', (_, edit, message) => {
    const doc = JSON.parse(planFileText(records[2]));
    edit(doc);
    const error = (() => {
      try {
        readPlanFile(JSON.stringify(doc), 'P.json', FALLBACK);
      } catch (e) {
        return e as Error;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(PlanReadError);
    expect(error!.message).toContain(`P.json: ${message}`);
  });

  test('that is not JSON is refused as such', () => {
    expect(() => readPlanFile('{"format": "allot-plan",', 'P.json', FALLBACK)).toThrow(
      /^P\.json: is not valid JSON \(/,
    );
  });

  test('with ids in another Unicode form is read with its ids normalized (NFC)', () => {
    const doc = JSON.parse(planFileText(records[2]));
    doc.register.ids[0] = 'Jose\u0301';
    expect(readPlanFile(JSON.stringify(doc), 'P.json', FALLBACK).plan.register.ids.text.split('\n')[0]).toBe(
      'Jos\u00e9',
    );
  });
});
