// Pins, by hash, what the week's list gives on random registers with every rule on (cooldown, exclusions,
// share floors and caps, health workers' capacities and minima, a holdout): the arms, their indices, the
// minimum that brought each in, the default list and ranks, every line's plain reason and full account,
// the unmet rules, the workers' calls and the make-up sentences. The list's speed work (one order and one
// flow shared, typed masks for exclusions) must give the same bytes; the hashes were computed before it.
// A deliberate change of the list's content updates these hashes in the same commit, saying why: issue 26's
// default ranks under the list's own rules changed `defaults`, `reasons` and `details` of every case, and its
// holdout within the workers' capacities everything of the two holdout cases (list-capacity-rules.test.ts
// checks both against references); the other hashes are still those computed on main before the speed work.
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
      defaults: '45e5fae904ad',
      details: '3b7ef8a47b58',
      reasons: 'bcb1fe466814',
      rest: '18626b003356',
    });
  });
  test('workers with capacities and minima, a share floor, cooldown, exclusions', () => {
    expect(listHashes(caseList(whittle, 2, true, null))).toEqual({
      arms: 'f9fc42fb24ff',
      defaults: '8bd21949f1c3',
      details: 'a91ef47838bc',
      reasons: '64e110f17861',
      rest: 'd8d65078060f',
    });
  });
  test('workers, a share floor and a random holdout', () => {
    expect(listHashes(caseList(whittle, 3, true, 'random'))).toEqual({
      arms: '7bf54adeb9c2',
      defaults: 'd3ca47855838',
      details: '7829866fd635',
      reasons: 'fef11666a305',
      rest: '626b0deff159',
    });
  });
  test('workers, a share floor and a holdout on the default policy', () => {
    expect(listHashes(caseList(whittle, 4, true, 'default'))).toEqual({
      arms: 'b145c0f4f1de',
      defaults: '73d076087d0f',
      details: '96001bea5547',
      reasons: 'eebc526e9b7f',
      rest: '9c41298892ae',
    });
  });
});
