// The estimator's warnings as data: each kind says its statistical sentence (what the command line
// prints, unchanged) and its plain sentence (the Plan screen) from the same fields; the estimator
// gives every kind on real histories; a warning written as a sentence still reads.
import { describe, expect, test } from 'vitest';
import { estimateTransitions } from '../../../../src/core/plan/estimate-transitions.ts';
import {
  fewUncalledWeeks,
  noCalls,
  note,
  plainWarnings,
  plainWords,
  smallGroups,
  type PlanWarning,
} from '../../../../src/core/plan/estimate-warnings.ts';
import { generatedRegister } from '../../../../src/core/plan/generated-register.ts';

const JARGON = /\bpriors?\b|Beta|posterior|state \d|\.\.\./;

describe('estimate warnings', () => {
  test('each kind yields its statistical sentence and its plain sentence', () => {
    const cases: [PlanWarning, string, string | null][] = [
      [
        fewUncalledWeeks(0, 0),
        'the history has no week that started in state 0 (not engaged) without a call: its prior is uniform, ' +
          'Beta(1, 1)',
        'The history has no week in which a beneficiary who was not engaged went without a call, so allot cannot ' +
          'yet tell how such beneficiaries do on their own. Until more weeks come in, it treats every chance as ' +
          'equally likely, and their estimates are rough.',
      ],
      [
        fewUncalledWeeks(1, 12),
        'the history has too few weeks that started in state 1 (engaged) without a call: its prior is uniform, ' +
          'Beta(1, 1)',
        'The history has too few weeks in which a beneficiary who was engaged went without a call (no beneficiary ' +
          'has two such weeks), so allot cannot yet tell how such beneficiaries do on their own. Until more weeks ' +
          'come in, it treats every chance as equally likely, and their estimates are rough.',
      ],
      [
        smallGroups('Ages', 20, 6, [
          { bucket: 'Ages 51-60', state: 0 },
          { bucket: 'Ages 51-60', state: 1 },
          { bucket: 'Ages 61+', state: 0 },
        ]),
        "3 of 6 group priors of not-called weeks rest on fewer than 20 beneficiaries and use the whole register's " +
          'prior: Ages 51-60 (from not engaged), Ages 51-60 (from engaged), Ages 61+ (from not engaged)',
        'Some groups have too few beneficiaries (under 20) to learn from on their own: Ages 51-60 and Ages 61+. ' +
          'For them, allot uses what it learned from the whole register.',
      ],
      [
        noCalls(0),
        "the history has no call from state 0 (not engaged): the prior of a call's effect from there assumes a " +
          "call changes nothing (each beneficiary's called rate is her not-called rate), so these beneficiaries' " +
          'indices are 0 and ties are broken by the seeded draw until outcomes of calls arrive',
        'The history has no calls to beneficiaries who were not engaged, so allot cannot yet tell what a call does ' +
          'for them. It assumes a call changes nothing for now, so their priorities are equal and a fixed random ' +
          'draw orders them, until the outcomes of calls are uploaded.',
      ],
      [
        note('2 ids of the exclusion list are not in the register and were ignored: "x", "y"'),
        '2 ids of the exclusion list are not in the register and were ignored: "x", "y"',
        null,
      ],
    ];
    for (const [w, technical, plain] of cases) {
      expect(w.technical).toBe(technical);
      expect(plainWords(w)).toEqual(plain === null ? { plain: technical, technical: null } : { plain, technical });
    }
    // every kind is covered
    expect(new Set(cases.map(([w]) => w.kind))).toEqual(
      new Set<PlanWarning['kind']>(['few-uncalled-weeks', 'small-groups', 'no-calls', 'note']),
    );
  });

  test(
    'small groups: ranges are said with their group, every group once, all of them as "all", and a long list ' +
      'ends in "and N more"',
    () => {
      const ranges = smallGroups('age', 20, 6, [
        { bucket: '<= 25', state: 0 },
        { bucket: '26-32', state: 1 },
      ]);
      expect(plainWords(ranges).plain).toMatch(
        new RegExp(
          String.raw`^Some age groups have too few beneficiaries \(under 20\) ` +
            String.raw`to learn from on their own: <= 25 and 26-32\. For them`,
        ),
      );
      const all = smallGroups('age', 20, 4, [
        { bucket: '<= 25', state: 0 },
        { bucket: '26-32', state: 1 },
      ]);
      expect(plainWords(all).plain).toBe(
        'All age groups have too few beneficiaries (under 20) to learn from on their own (<= 25 and 26-32), so allot ' +
          'uses what it learned from the whole register for each of them.',
      );
      const many = smallGroups(
        'Feature A',
        20,
        20,
        'abcdefgh'.split('').flatMap((b) => [
          { bucket: `A ${b}`, state: 0 },
          { bucket: `A ${b}`, state: 1 },
        ]),
      );
      expect(many.technical).toMatch(
        new RegExp(
          String.raw`^16 of 20 group priors .*: A a \(from not engaged\), A a \(from engaged\), A b \(from not ` +
            String.raw`engaged\), A b \(from engaged\), A c \(from not engaged\), A c \(from engaged\), \.\.\.$`,
        ),
      );
      expect(plainWords(many).plain).toMatch(
        /^Some Feature A groups have .*: A a, A b, A c, A d, A e, A f and 2 more\. For them/,
      );
    },
  );

  test('a list says the same warning for both states once, for everyone, with both technical sentences', () => {
    const list: PlanWarning[] = [
      note('an exclusion'),
      fewUncalledWeeks(0, 3),
      fewUncalledWeeks(1, 0),
      noCalls(0),
      noCalls(1),
    ];
    const said = plainWarnings(list);
    expect(said.map((w) => w.plain)).toEqual([
      'an exclusion',
      plainWords(list[1]).plain,
      plainWords(list[2]).plain, // "too few" and "no week" are different sentences: not merged
      'The history has no calls, so allot cannot yet tell what a call does. It assumes a call changes nothing for ' +
        'now, so all priorities are equal and a fixed random draw orders the list, until the outcomes of calls ' +
        'are uploaded.',
    ]);
    expect(said[3].technical).toBe(`${list[3].technical}; ${list[4].technical}`);
    const [uncalled] = plainWarnings([fewUncalledWeeks(1, 0), fewUncalledWeeks(0, 0), 'old words']);
    expect(uncalled.plain).toBe(
      'The history has no week in which a beneficiary went without a call, so allot cannot yet tell how ' +
        'beneficiaries do on their own. Until more weeks come in, it treats every chance as equally likely, and ' +
        'their estimates are rough.',
    );
    expect(plainWarnings([noCalls(1), 'old words']).map((w) => w.plain)).toEqual([
      plainWords(noCalls(1)).plain,
      'old words',
    ]);
  });

  test(
    'the estimator gives every kind on a thin history without calls, each with its fields, said ' + 'without jargon',
    () => {
      const { register } = generatedRegister('sclm', { arms: 50 }, 3, { weeks: 2, callsPerWeek: 0 });
      const groupBy = register.schema.groups[0].name;
      const posterior = estimateTransitions(register.history, register.schema, register.features, register.numArms, {
        groupBy,
      });
      expect(posterior.warnings.map((w) => w.kind)).toEqual([
        'few-uncalled-weeks',
        'few-uncalled-weeks',
        'small-groups',
        'no-calls',
        'no-calls',
      ]);
      const [w0, w1, groups, c0, c1] = posterior.warnings;
      expect([w0, w1, c0, c1].map((w) => 'state' in w && w.state)).toEqual([0, 1, 0, 1]);
      if (groups.kind !== 'small-groups') throw new Error('expected small-groups');
      expect(groups).toMatchObject({ groupBy, minArms: 20, priors: register.schema.groups[0].buckets.length * 2 });
      expect(groups.small).toHaveLength(groups.priors);
      for (const w of posterior.warnings) {
        const words = plainWords(w);
        expect(words.technical).toBe(w.technical);
        expect(words.plain).not.toMatch(JARGON);
      }
      // on the Plan screen: each pair of states said once
      const said = plainWarnings(posterior.warnings);
      expect(said).toHaveLength(3);
      for (const w of said) expect(w.plain).not.toMatch(JARGON);
      expect(said[1].plain).toMatch(new RegExp(`^All ${groupBy} groups have too few beneficiaries`));
    },
  );

  test('a warning written as a sentence (lists made before warnings had kinds) is shown as it is', () => {
    const old =
      "the history has no call from state 0 (not engaged): the prior of a call's effect from there assumes a call " +
      'changes nothing';
    expect(plainWarnings([old])).toEqual([{ plain: old, technical: null }]);
  });
});
