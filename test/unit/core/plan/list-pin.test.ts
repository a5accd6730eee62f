// Pins, by hash, what the week's list gives on random registers with every rule on (cooldown, exclusions,
// share floors and caps, health workers' capacities and minima, a holdout): the arms, their indices, the
// minimum that brought each in, the default list and ranks, every line's plain reason and full account,
// the unmet rules, the workers' calls and the make-up sentences. The list's speed work (one order and one
// flow shared, typed masks for exclusions) must give the same bytes; the hashes were computed before it.
// A deliberate change of the list's content updates these hashes in the same commit, saying why.
import { beforeAll, describe, expect, test } from 'vitest';
import type { IndexFunction } from '../../../../src/core/plan/weekly-list.ts';
import { caseList, listHashes } from './list-cases.ts';
import { engineWhittle } from './plan-fixtures.ts';

let whittle: IndexFunction;
beforeAll(async () => {
  whittle = await engineWhittle();
});

describe('the list with every rule on gives what it gave before the speed work', () => {
  test('shares of two groups, cooldown, exclusions', () => {
    expect(listHashes(caseList(whittle, 1, false, null))).toEqual({
      arms: '3505ab57a6db',
      defaults: '5db3d3a7ea12',
      details: 'a5f9f2ff97ab',
      reasons: '955bb0b3abe5',
      rest: '18626b003356',
    });
  });
  test('workers with capacities and minima, a share floor, cooldown, exclusions', () => {
    expect(listHashes(caseList(whittle, 2, true, null))).toEqual({
      arms: 'f9fc42fb24ff',
      defaults: '1d572b5e4981',
      details: '4aedc46d9943',
      reasons: 'eea27799fe9d',
      rest: 'd8d65078060f',
    });
  });
  test('workers, a share floor and a random holdout', () => {
    expect(listHashes(caseList(whittle, 3, true, 'random'))).toEqual({
      arms: '707e9cdcff04',
      defaults: '1fabbdcd11c6',
      details: 'bc1d884df4dc',
      reasons: '520e7d39146d',
      rest: '2fbddc24dc5d',
    });
  });
  test('workers, a share floor and a holdout on the default policy', () => {
    expect(listHashes(caseList(whittle, 4, true, 'default'))).toEqual({
      arms: '8534532ee2b2',
      defaults: '7e529270980b',
      details: 'd235e338b725',
      reasons: '85716cc6cc14',
      rest: 'e6dacda06264',
    });
  });
});
