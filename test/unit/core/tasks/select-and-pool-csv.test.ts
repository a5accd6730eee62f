import { describe, expect, test } from 'vitest';
import { readPoolCsv } from '../../../../src/core/tasks/read-pool-csv.ts';
import { selectTasks } from '../../../../src/core/tasks/select-tasks.ts';

describe('selectTasks', () => {
  test('refuses an empty item, a reversed or out-of-range range, and words other than all', () => {
    expect(() => selectTasks('', 16)).toThrow('"" is not a task index or range from 0 to 15');
    expect(() => selectTasks('0,,3', 16)).toThrow('"" is not a task index');
    expect(() => selectTasks('7-5', 16)).toThrow('"7-5" is not');
    expect(() => selectTasks('16', 16)).toThrow('"16" is not');
    expect(() => selectTasks('first', 16)).toThrow('"first" is not');
    expect(() => selectTasks('-1', 16)).toThrow('"-1" is not');
  });

  test('reads all, single indices and ranges, sorted and without repeats', () => {
    expect(selectTasks('all', 3)).toEqual([0, 1, 2]);
    expect(selectTasks(' 5, 0,3-4 ,4', 16)).toEqual([0, 3, 4, 5]);
  });
});

describe('readPoolCsv', () => {
  test('names a missing column, a bad task index and an empty expression with line and column', () => {
    expect(() => readPoolCsv('task,reward\n0,state', 16, 'pool.csv')).toThrow(
      'pool.csv, line 1: the header has no "expression" column',
    );
    expect(() => readPoolCsv('task,expression\n0,state\n16,state', 16, 'pool.csv')).toThrow(
      'pool.csv, line 3, column 1 ("task"): "16" is not a task index from 0 to 15',
    );
    expect(() => readPoolCsv('task,expression\n1.5,state', 16, 'pool.csv')).toThrow('"1.5" is not a task index');
    expect(() => readPoolCsv('expression,task\n  ,2', 16, 'pool.csv')).toThrow(
      'pool.csv, line 2, column 1 ("expression"): the expression is empty',
    );
  });

  test('reads quoted expressions with commas, in any column order, ignoring other columns', () => {
    const text = 'seed,Expression,Task\n3,"max(0, state * agent_feats[11])",0\n4,state,15\n';
    expect(readPoolCsv(text, 16)).toEqual([
      { task: 0, expression: 'max(0, state * agent_feats[11])', line: 2 },
      { task: 15, expression: 'state', line: 3 },
    ]);
  });
});
