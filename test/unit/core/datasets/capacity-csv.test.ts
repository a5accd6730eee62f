import { describe, expect, test } from 'vitest';
import { parseCapacityCsv } from '../../../../src/core/datasets/capacity-csv.ts';
import { afterCalls, workerRules } from '../../../../src/core/plan/worker-rules.ts';

describe('parseCapacityCsv', () => {
  test('reads worker, capacity and the optional minimum, and the rules match them to the register', () => {
    const r = parseCapacityCsv('worker,capacity,minimum\nAsha,30,5\n Bina ,12,\n', 'caps.csv');
    if (!r.ok) throw new Error(r.errors.join('\n'));
    expect([...r.capacity]).toEqual([
      ['Asha', 30],
      ['Bina', 12],
    ]);
    expect([...r.minimum!]).toEqual([
      ['Asha', 5],
      ['Bina', 0],
    ]);
    const rules = workerRules(['Bina', 'Asha', '', 'Bina'], r.capacity, r.minimum!);
    if (!rules.ok) throw new Error(rules.errors.join('\n'));
    expect(Array.from(rules.rules.worker)).toEqual([0, 1, -1, 0]);
    expect(rules.rules.names).toEqual(['Bina', 'Asha']);
    expect(Array.from(rules.rules.capacity)).toEqual([12, 30]);
    expect(Array.from(rules.rules.minimum)).toEqual([0, 5]);
    expect(rules.warnings).toEqual(['1 beneficiary has no worker: only the budget limits her calls']);
  });

  test('names the file, line and column of what is wrong', () => {
    const r = parseCapacityCsv('worker,capacity,minimum\nAsha,thirty,1\n,5,0\nAsha,4,0\nBina,3,4\n', 'caps.csv');
    expect(r.ok || r.errors).toEqual([
      'caps.csv, line 2, column 2 ("capacity"): "thirty" is not a whole number of calls',
      'caps.csv, line 3, column 1 ("worker"): the worker\'s name is empty',
      'caps.csv, line 4: worker "Asha" already has a row on line 2; one row per worker',
      'caps.csv, line 5: worker "Bina": a minimum of 4 calls is above her capacity of 3',
    ]);
    const header = parseCapacityCsv('name,calls\nAsha,3\n', 'caps.csv');
    expect(header.ok || header.errors[0]).toBe(
      'caps.csv, line 1: the header has no "worker" or "capacity" column; ' +
        'capacities need the columns worker and capacity (and optionally minimum)',
    );
  });

  test('workerRules: a worker without a capacity is an error, one in the file but not the register a warning', () => {
    const missing = workerRules(
      ['Asha', 'Chitra'],
      new Map([
        ['Asha', 3],
        ['Devi', 2],
      ]),
    );
    expect(missing.ok || missing.errors).toEqual(['1 worker of the register has no capacity: "Chitra"']);
    const extra = workerRules(
      ['Asha'],
      new Map([
        ['Asha', 3],
        ['Devi', 2],
      ]),
    );
    const ignored = '1 worker with a capacity is not in the register and was ignored: "Devi"';
    expect(extra.ok && extra.warnings).toEqual([ignored]);
    const all = workerRules(['Asha', 'Bina'], 5, 6);
    expect(all.ok || all.errors).toEqual([
      'worker "Asha": the minimum of 6 calls is above her capacity of 5',
      'worker "Bina": the minimum of 6 calls is above her capacity of 5',
    ]);
    expect(workerRules(['Asha'], 2.5).ok || 'refused').toBe('refused');
  });

  test("afterCalls: what the holdout's calls leave of each worker's capacity and minimum", () => {
    const column = ['Asha', 'Bina', 'Asha', 'Asha', ''];
    const r = workerRules(
      column,
      new Map([
        ['Asha', 2],
        ['Bina', 4],
      ]),
      new Map([['Bina', 1]]),
    );
    if (!r.ok) throw new Error(r.errors.join('\n'));
    const left = afterCalls(r.rules, Int32Array.of(0, 2, 3, 1, 4));
    expect(Array.from(left.capacity)).toEqual([0, 3]);
    expect(Array.from(left.minimum)).toEqual([0, 0]);
  });
});
