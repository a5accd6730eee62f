// The rules of a weekly list as the Plan screen's form holds them (text fields, shares in percent)
// and as the plan core takes them (PlanSettings). Every problem names its field.
import { parseIdList } from '../../core/datasets/outcomes-csv.ts';
import type { FeatureSchema } from '../../core/instance/types.ts';
import { RANGES, rangeProblem, type NumberRange } from '../../core/limits/setting-ranges.ts';
import {
  defaultPriorGroup,
  PLAN_DEFAULTS,
  type PlanSettings,
  type ShareSetting,
} from '../../core/plan/plan-settings.ts';
import { defaultRuleForm, formRules, type RuleFormValues } from '../../core/plan/rule-descriptors.ts';
import { formRuleValue, ruleSettings, ruleValuesOf, type RuleValue } from '../../core/plan/rule-values.ts';

/** The form's fields; its simple rules' (cooldown, seed, draws, ...) from their rows (rule-descriptors.ts). */
export interface PlanForm extends RuleFormValues<'list'> {
  budget: number;
  /** Ids never to call: one per line, or a CSV with an id column. */
  exclusions: string;
  /** Minimum and maximum share of calls per bucket, in percent; '' or null for none (number inputs give numbers). */
  shares: { group: string; bucket: string; min: string | number | null; max: string | number | null }[];
  /** Feature group whose buckets get their own prior for estimated transitions; '' for one prior over the register. */
  priorGroup: string;
}

/** allot's defaults (core/plan/plan-settings.ts), as `allot plan` has them. */
export function defaultForm(budget: number, schema: FeatureSchema): PlanForm {
  return {
    budget,
    ...defaultRuleForm('list'),
    exclusions: '',
    shares: [],
    priorGroup: defaultPriorGroup(schema) ?? '',
  };
}

/** The form of an existing plan's settings (to change its rules for the current week). */
export function formOf(settings: PlanSettings): PlanForm {
  const percent = (x: number | undefined) => (x === undefined ? '' : String(Math.round(x * 1e6) / 1e4));
  return {
    budget: settings.budget,
    ...(ruleValuesOf(formRules('list'), settings) as RuleFormValues<'list'>),
    exclusions: settings.exclude.join('\n'),
    shares: settings.shares.map((s) => ({
      group: s.group,
      bucket: s.bucket,
      min: percent(s.min),
      max: percent(s.max),
    })),
    priorGroup: settings.priorGroup ?? '',
  };
}

export type FormResult = { ok: true; settings: PlanSettings } | { ok: false; problems: string[] };

/** PlanSettings for `reward` under the form's rules, or every problem found (each naming its field). */
export function formSettings(form: PlanForm, reward: string, schema: FeatureSchema, numArms: number): FormResult {
  const problems: string[] = [];
  // The command line's ranges (src/core/limits/setting-ranges.ts); the budget at most the register's arms.
  const whole = (x: number, name: string, range: NumberRange) => {
    const problem = rangeProblem(name, x, range);
    if (problem) problems.push(problem);
  };
  whole(form.budget, 'Budget', { ...RANGES.budget, max: Math.min(RANGES.budget.max, numArms) });
  const values: Record<string, RuleValue | undefined> = {};
  for (const r of formRules('list')) values[r.setting] = formRuleValue(r, form[r.setting as keyof PlanForm], problems);
  if (reward.trim() === '') problems.push('Policy: choose a reward or type one');
  if (form.priorGroup !== '' && !schema.groups.some((g) => g.name === form.priorGroup))
    problems.push(`Prior by group: the register has no group "${form.priorGroup}"`);
  let exclude: string[] = [];
  try {
    exclude = form.exclusions.trim() === '' ? [] : parseIdList(form.exclusions, 'the exclusion list');
  } catch (error) {
    problems.push(`Exclusions: ${error instanceof Error ? error.message : String(error)}`);
  }
  const shares: ShareSetting[] = [];
  for (const [i, s] of form.shares.entries()) {
    const where = `Share ${i + 1} (${s.group} = ${s.bucket})`;
    const group = schema.groups.find((g) => g.name === s.group);
    if (!group || !group.buckets.includes(s.bucket)) {
      problems.push(`${where}: the register has no such group and bucket`);
      continue;
    }
    const share = (value: string | number | null, name: string) => {
      const text = String(value ?? '').trim();
      if (text === '') return undefined;
      const x = Number(text);
      if (!(x >= 0 && x <= 100))
        problems.push(`${where}: the ${name} share must be a percentage from 0 to 100, not "${text}"`);
      return x / 100;
    };
    const min = share(s.min, 'minimum'),
      max = share(s.max, 'maximum');
    if (min === undefined && max === undefined) continue;
    if (min !== undefined && max !== undefined && min > max)
      problems.push(`${where}: the minimum share is above the maximum share`);
    shares.push({
      group: s.group,
      bucket: s.bucket,
      ...(min !== undefined && { min }),
      ...(max !== undefined && { max }),
    });
  }
  if (problems.length) return { ok: false, problems };
  const { cooldown, seed, draws, ...ruled } = ruleSettings(formRules('list'), values) as Partial<PlanSettings>;
  return {
    ok: true,
    settings: {
      reward: reward.trim(),
      budget: form.budget,
      exclude,
      cooldown: cooldown!,
      shares,
      seed: seed!,
      draws: draws!,
      priorGroup: form.priorGroup === '' ? null : form.priorGroup,
      level: PLAN_DEFAULTS.level,
      ...ruled,
    },
  };
}
