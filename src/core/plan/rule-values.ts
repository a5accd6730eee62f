// The simple rules' values (rule-descriptors.ts: a number or a choice in a field of PlanSettings) between
// what is typed, what a plan keeps and what the printed list says, the same for every such rule: a form's
// text checked against the rule's range or choices, the settings made from the values (a rule at its
// default left out unless older plans always had it), and the rules' sentences.
import { rangeProblem } from '../limits/setting-ranges.ts';
import type { PlanSettings } from './plan-settings.ts';
import { SIMPLE_RULES, type RuleField, type SimpleRule } from './rule-descriptors.ts';

export type RuleValue = number | string;

/**
 * A form field's value of `rule`: a number as typed, or text ('' or null: an optional rule's default, none
 * when it has none). A problem naming the field is pushed when it is missing, out of range or not a choice.
 */
export function formRuleValue(
  rule: SimpleRule & { form: RuleField },
  raw: unknown,
  problems: string[],
): RuleValue | undefined {
  if (rule.kind === 'choice') {
    if (rule.choices.includes(raw as string)) return raw as string;
    problems.push(`${rule.form.name} must be one of ${rule.choices.join(', ')}, not "${String(raw)}"`);
    return rule.default;
  }
  let x: number;
  if (typeof raw === 'number') x = raw;
  else {
    const text = String(raw ?? '').trim();
    if (text === '') {
      // Blank: an optional rule at its default (off when it has none); a required one is missing.
      if (!rule.required) return rule.default;
      x = NaN;
    } else x = Number(text);
  }
  const problem = rangeProblem(rule.form.name, x, rule.range);
  if (problem) problems.push(problem);
  return x;
}

/** The settings of these rules' values: a required rule always, another only when set and not its default. */
export function ruleSettings(rules: readonly SimpleRule[], values: Partial<Record<string, RuleValue>>) {
  const out: Partial<Record<keyof PlanSettings, RuleValue>> = {};
  for (const rule of rules) {
    const value = values[rule.setting] ?? rule.default;
    if (rule.required || (value !== undefined && value !== rule.default)) out[rule.setting] = value;
  }
  return out;
}

/** The values of these rules in a plan's settings (their defaults where a plan has none), e.g. for a form. */
export function ruleValuesOf(rules: readonly SimpleRule[], settings: PlanSettings) {
  const out: Partial<Record<keyof PlanSettings, RuleValue>> = {};
  for (const rule of rules) {
    const value = (settings[rule.setting] as RuleValue | undefined) ?? rule.default;
    if (value !== undefined) out[rule.setting] = value;
  }
  return out;
}

/** A simple rule's sentence on the printed list, or null (a rule without words, or none at this value). */
export function ruleWords(rule: SimpleRule, settings: PlanSettings): string | null {
  if (!rule.words) return null;
  const value = (settings[rule.setting] as RuleValue | undefined) ?? rule.default;
  return value === undefined ? null : (rule.words as (v: RuleValue) => string | null)(value);
}

/** The sentences of the simple rules not in `told` (those the caller writes in its own order), in order. */
export function otherRuleWords(settings: PlanSettings, told: readonly SimpleRule[]): string[] {
  return SIMPLE_RULES.filter((r) => !told.includes(r))
    .map((r) => ruleWords(r, settings))
    .filter((w): w is string => w !== null);
}
