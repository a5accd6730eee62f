import { describe, expect, test } from 'vitest';
import { parseArgs, UsageError, type OptionSpecs } from '../../../src/cli/args.ts';
import { editDistance } from '../../../src/core/reward/reward-error.ts';

const specs: OptionSpecs = {
  json: { type: 'flag', description: '' },
  p: { type: 'string', description: '', value: 'P' },
  expr: { type: 'string', description: '' },
};

describe('parseArgs', () => {
  test('reads --name value and --name=value alike', () => {
    expect(parseArgs(['--p', '2', '--expr=state*2'], specs).options).toEqual({ p: '2', expr: 'state*2' });
  });

  test('takes negative numbers and -inf as values, not as options', () => {
    expect(parseArgs(['--p', '-1'], specs).options.p).toBe('-1');
    expect(parseArgs(['--p', '-inf'], specs).options.p).toBe('-inf');
    expect(parseArgs(['--p=-0.5'], specs).options.p).toBe('-0.5');
  });

  test('keeps an expression that starts with a minus sign in the = form', () => {
    expect(parseArgs(['--expr=-state + 1'], specs).options.expr).toBe('-state + 1');
  });

  test('collects positionals, including everything after --', () => {
    expect(parseArgs(['list', '--json', '--', '--p'], specs)).toEqual({
      options: { json: true },
      positionals: ['list', '--p'],
      lists: {},
    });
  });

  test(
    'names of the object prototype (--toString, --constructor) are unknown options, and a repeat of one is not ' +
      '"given twice"',
    () => {
      expect(() => parseArgs(['--toString'], specs)).toThrow(UsageError);
      expect(() => parseArgs(['--constructor', 'x'], specs)).toThrow(/unknown option "--constructor"/);
      expect(
        parseArgs(['--p', '1'], { ...specs, toString: { type: 'string' as const, description: '' } }).options,
      ).toEqual({ p: '1' });
    },
  );

  test('refuses unknown options with a suggestion', () => {
    expect(() => parseArgs(['--jsn'], specs)).toThrow(new UsageError('unknown option "--jsn"; did you mean --json?'));
  });

  test('refuses a missing value, a value on a flag, a repeated option and short options', () => {
    expect(() => parseArgs(['--p'], specs)).toThrow(/needs a value \(P\)/);
    expect(() => parseArgs(['--p', '--json'], specs)).toThrow(/needs a value/);
    expect(() => parseArgs(['--json=1'], specs)).toThrow(/takes no value/);
    expect(() => parseArgs(['--p', '1', '--p', '2'], specs)).toThrow(/given twice/);
    expect(() => parseArgs(['-x'], specs)).toThrow(/options are written --name/);
  });
});

describe('editDistance', () => {
  test('counts insertions, deletions and substitutions', () => {
    expect(editDistance('', '')).toBe(0);
    expect(editDistance('json', 'jsn')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });
});
