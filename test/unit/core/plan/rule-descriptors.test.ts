// The rules' table (src/core/plan/rule-descriptors.ts) is the one place a rule of the weekly list is
// described: the README's table of rules must name every rule with its PLAN.json field and default, and
// what is derived from the table (allot plan's flags and --help, the defaults, the forms' and the stored
// plan's checks, the fields' glossary terms) must agree with it for every rule, a new one included.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { commandHelp } from '../../../../src/cli/main.ts';
import { planCommand } from '../../../../src/cli/commands/plan.ts';
import { UsageError } from '../../../../src/cli/args.ts';
import { CREATE_ONLY, PLAN_USAGE, simpleRuleSettings } from '../../../../src/cli/plan-flags.ts';
import { GLOSSARY } from '../../../../src/components/glossary/glossary.ts';
import { describeRange } from '../../../../src/core/limits/setting-ranges.ts';
import { Checks, checkSettings, PlanReadError } from '../../../../src/core/plan/plan-checks.ts';
import { PLAN_DEFAULTS, type PlanSettings } from '../../../../src/core/plan/plan-settings.ts';
import {
  defaultRuleForm,
  formRules,
  RULE_LIST,
  RULES,
  SIMPLE_RULES,
  type SimpleRule,
} from '../../../../src/core/plan/rule-descriptors.ts';
import { formRuleValue, ruleSettings } from '../../../../src/core/plan/rule-values.ts';
import { defaultForm, formSettings } from '../../../../src/state/plan/plan-form.ts';
import { defaultProgram, programSettings } from '../../../../src/state/plan/program-form.ts';

const README = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');

/** The README's table of rules: flag -> [PLAN.json field, default] (a "|" inside a cell is written "\|"). */
function readmeRules(): Map<string, [string, string]> {
  const start = README.indexOf('| flag | PLAN.json `settings` field | default | the rule |');
  expect(start, 'the README has its table of rules').toBeGreaterThan(0);
  const rows = README.slice(start).split('\n').slice(2);
  const out = new Map<string, [string, string]>();
  for (const row of rows) {
    if (!row.startsWith('|')) break;
    const cells = row
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((c) => c.trim());
    const flag = /^`--([a-z-]+)/.exec(cells[0])?.[1];
    expect(flag, `a flag in the row "${row}"`).toBeDefined();
    out.set(flag!, [cells[1].replace(/`/g, ''), cells[2]]);
  }
  return out;
}

describe('the README states every rule of the table with its field and default', () => {
  const rows = readmeRules();
  test.each(RULE_LIST.map((r) => [r.flag, r] as const))('--%s', (flag, rule) => {
    const row = rows.get(flag);
    expect(row, `README.md: the table of rules has no row for --${flag}`).toBeDefined();
    expect(row![0], `README.md: --${flag}'s PLAN.json field`).toBe(rule.field);
    if (rule.default !== undefined) expect(row![1], `README.md: --${flag}'s default`).toBe(String(rule.default));
    else expect(Number.isNaN(Number(row![1])), `README.md: --${flag} has no default, not ${row![1]}`).toBe(true);
  });

  test('and no rule the table does not have', () => {
    expect([...rows.keys()].sort()).toEqual(RULE_LIST.map((r) => r.flag).sort());
  });
});

describe("allot plan's flags come from the table", () => {
  const help = commandHelp(planCommand);
  const line = (flag: string) => help.split('\n').find((l) => l.trimStart().startsWith(`--${flag} `)) ?? '';

  test.each(RULE_LIST.map((r) => [r.flag, r] as const))('--%s: in --help with its default and range', (flag, r) => {
    expect(line(flag)).toContain(`--${flag} ${r.value}`);
    expect(line(flag)).toContain(r.description);
    if (r.default !== undefined && !r.defaultUnsaid) expect(line(flag)).toContain(`(default ${r.default})`);
    if (r.kind !== 'choice' && r.range) expect(line(flag)).toContain(describeRange(r.range));
    expect(CREATE_ONLY).toContain(flag);
    expect(planCommand.options[flag].repeatable ?? false).toBe(r.repeatable ?? false);
  });

  test("the usage line names every optional simple rule's flag with its value", () => {
    for (const r of SIMPLE_RULES) if (!r.required) expect(PLAN_USAGE).toContain(`[--${r.flag} ${r.value}]`);
  });

  test('a simple rule at its default is left out of the settings unless older plans always have it', () => {
    expect(simpleRuleSettings({})).toEqual({ cooldown: 0, seed: 0, draws: 20 });
    expect(simpleRuleSettings({ 'deactivate-after': '6', explore: 'thompson', draws: '0' })).toEqual({
      cooldown: 0,
      seed: 0,
      draws: 0,
      deactivateAfter: 6,
      explore: 'thompson',
    });
    expect(simpleRuleSettings({ explore: 'means' })).not.toHaveProperty('explore');
  });

  test.each(SIMPLE_RULES.map((r) => [r.flag, r] as const))('--%s out of its range or choices is refused', (f, r) => {
    const bad = r.kind === 'choice' ? 'neither' : String(r.range.max + 1);
    expect(() => simpleRuleSettings({ [f]: bad })).toThrow(UsageError);
    expect(() => simpleRuleSettings({ [f]: bad })).toThrow(`"--${f}" must be`);
  });
});

describe('the defaults, the forms and the stored plan follow the table', () => {
  test('PLAN_DEFAULTS are the rules defaults', () => {
    expect(PLAN_DEFAULTS).toMatchObject({
      cooldown: RULES.cooldown.default,
      seed: RULES.seed.default,
      draws: RULES.draws.default,
      holdoutShare: RULES.holdout.default,
      holdoutRule: RULES.holdoutRule.default,
      holdoutWeeks: RULES.holdoutWeeks.default,
      minPerWorker: RULES.minPerWorker.default,
      explore: RULES.explore.default,
    });
  });

  test("every simple rule has a field in one of the Plan screen's sections, at its default", () => {
    const schema = { groups: [], numFeatures: 0 } as unknown as Parameters<typeof defaultForm>[1];
    const form = { ...defaultForm(10, schema), ...defaultProgram() } as unknown as Record<string, unknown>;
    for (const r of SIMPLE_RULES) {
      expect(r.form, `--${r.flag} has a field`).toBeDefined();
      expect(form[r.setting]).toBe(r.default ?? '');
    }
    expect(defaultRuleForm('program')).toEqual({ deactivateAfter: '', explore: 'means' });
  });

  test("the fields' glossary terms exist", () => {
    for (const r of SIMPLE_RULES)
      for (const part of r.form!.label)
        if (typeof part !== 'string') expect(Object.keys(GLOSSARY), `--${r.flag}`).toContain(part.term);
  });

  test('a form refuses each simple rule out of range, naming its field, as the command line does', () => {
    const schema = { groups: [], numFeatures: 0 } as unknown as Parameters<typeof defaultForm>[1];
    for (const r of formRules('list')) {
      if (r.kind !== 'number') continue;
      const form = { ...defaultForm(10, schema), [r.setting]: r.range.max + 1 };
      const result = formSettings(form, 'state', schema, 100);
      expect(result.ok ? [] : result.problems).toEqual([
        `${r.form.name} must be ${describeRange(r.range)}, not ${(r.range.max + 1).toLocaleString('en-US')}`,
      ]);
    }
    for (const r of formRules('program')) {
      if (r.kind !== 'number') continue;
      const result = programSettings({ ...defaultProgram(), [r.setting]: String(r.range.max + 1) }, 0);
      expect(result.ok ? [] : result.problems[0]).toContain(`${r.form.name} must be ${describeRange(r.range)}`);
    }
  });

  test('a stored plan with a simple rule out of range is refused, naming the field', () => {
    const settings: PlanSettings = {
      reward: 'state',
      budget: 1,
      exclude: [],
      cooldown: 0,
      shares: [],
      seed: 0,
      draws: 0,
      priorGroup: null,
      level: 0.9,
      deactivateAfter: 6,
      explore: 'thompson',
    };
    expect(checkSettings(new Checks('PLAN.json'), settings, 10)).toEqual(settings);
    for (const r of SIMPLE_RULES) {
      const bad = r.kind === 'choice' ? 'neither' : r.range.max + 1;
      const read = () => checkSettings(new Checks('PLAN.json'), { ...settings, [r.setting]: bad }, 10);
      expect(read).toThrow(PlanReadError);
      expect(read).toThrow(`"settings.${r.field}" must be`);
    }
  });
});

describe('a rule added to the table', () => {
  // A new simple rule, as a row would give it: its form value, its settings, the same for every rule.
  const maxCalls: SimpleRule & { form: NonNullable<SimpleRule['form']> } = {
    kind: 'number',
    flag: 'max-calls',
    value: 'K',
    description: 'at most K calls to a mother in the plan',
    range: { integer: true, min: 1, max: 52 },
    field: 'maxCalls',
    setting: 'maxCalls' as keyof PlanSettings,
    form: { section: 'program', label: ['Most calls to a mother'], name: 'Most calls' },
  };

  test('is read from a form, checked against its range, and left out when blank', () => {
    const problems: string[] = [];
    expect(formRuleValue(maxCalls, '4', problems)).toBe(4);
    expect(formRuleValue(maxCalls, ' ', problems)).toBeUndefined();
    expect(formRuleValue(maxCalls, '60', problems)).toBe(60);
    expect(problems).toEqual(['Most calls must be a whole number from 1 to 52, not 60']);
    expect(ruleSettings([maxCalls], { maxCalls: 4 })).toEqual({ maxCalls: 4 });
    expect(ruleSettings([maxCalls], {})).toEqual({});
  });
});
