// The printed list's sections per health worker: each worker with calls, by name, her lines in rank order,
// her calls and capacity in the heading; the mothers without a worker last; none without workers.
import { describe, expect, test } from 'vitest';
import { sectionsByWorker } from '../../../../src/core/plan/list-on-paper.ts';

const worker = (name: string, calls: number, capacity: number) => ({
  worker: name,
  calls,
  capacity,
  minimum: 0,
  binding: false,
});

describe('sectionsByWorker', () => {
  test('a section per worker with calls, by name, lines in rank order; the unassigned last', () => {
    const list = {
      lineWorker: ['Asha B', '', 'आशा सी', 'Asha B', 'Asha A', 'आशा सी'],
      workers: [worker('Asha B', 2, 3), worker('Asha A', 1, Infinity), worker('आशा सी', 2, 2), worker('Asha Z', 0, 4)],
    };
    expect(sectionsByWorker(list)).toEqual([
      { worker: 'Asha A', heading: 'Asha A: 1 call this week (no capacity set)', lines: [4] },
      { worker: 'Asha B', heading: 'Asha B: 2 calls this week (capacity 3)', lines: [0, 3] },
      { worker: 'आशा सी', heading: 'आशा सी: 2 calls this week (capacity 2)', lines: [2, 5] },
      { worker: '', heading: 'No health worker: 1 call this week (only the budget)', lines: [1] },
    ]);
    expect(sectionsByWorker({ lineWorker: undefined, workers: undefined })).toBeNull();
  });
});
