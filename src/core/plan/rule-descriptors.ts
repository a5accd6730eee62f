// One row per rule of the weekly list: what `allot plan` and the Plan screen say of it and how a typed value
// becomes a setting. The command line's flags, their --help lines and which flags only apply when a plan is
// created, the defaults (PLAN_DEFAULTS), the checks of typed values and of a stored plan's settings, the
// form's fields and the printed list's sentences are derived from this table, so that a new rule's plumbing
// is its row (src/core/plan/README.md, "Adding a rule"). The README's table of rules is checked against it.
import { RANGES, type NumberRange } from '../limits/setting-ranges.ts';
import type { PlanSettings } from './plan-settings.ts';

/** The words of a rule's field on the Plan screen: its label, the glossary term, its test id. */
export interface RuleField {
  /** 'list': the rules of the list (PlanRules.svelte); 'program': how the program runs (PlanProgram.svelte). */
  section: 'list' | 'program';
  /** The label in parts: text, or a glossary term's words linked to its entry. */
  label: readonly (string | { term: string; text: string })[];
  /** The field's name in its problems ("Cooldown must be a whole number from 0 to 520, not 600"). */
  name: string;
  testid?: string;
  /** A choice's options in words, in the order shown. */
  options?: Record<string, string>;
  /** The id of the hint that describes the field. */
  describedBy?: string;
  /** Shown only when the register's transitions are estimated from its history. */
  estimated?: boolean;
}

interface RuleBase {
  /** The command line's flag (without "--"), its value's placeholder and its --help line. */
  flag: string;
  value: string;
  description: string;
  /** The field under "settings" in PLAN.json (inside an object: "holdout.share"). */
  field: string;
  /** A flag that may be given more than once. */
  repeatable?: boolean;
  /** Its default is not printed in --help (it applies only with other flags). */
  defaultUnsaid?: boolean;
  /**
   * A simple rule: a number or a choice kept as it is in this field of PlanSettings, parsed, checked,
   * defaulted, stored and shown by the table alone. Absent: its own code reads it (files, lists, objects).
   */
  setting?: keyof PlanSettings;
  /** Kept in the settings even at its default (older plans have it); else only when set otherwise. */
  required?: boolean;
  form?: RuleField;
  /** Its sentence on the printed list, or null when it says nothing. */
  words?: (value: never) => string | null;
}

export interface NumberRule extends RuleBase {
  kind: 'number';
  range: NumberRange;
  /** The value when not given (none: the rule is off). */
  default?: number;
}

export interface ChoiceRule extends RuleBase {
  kind: 'choice';
  choices: readonly string[];
  default: string;
}

/** A rule whose value its own code reads (text, a file, a list): the table gives its flag and field. */
export interface OtherRule extends RuleBase {
  kind: 'other';
  range?: NumberRange;
  default?: number | string;
}

export type RuleDescriptor = NumberRule | ChoiceRule | OtherRule;

const weeks = (k: number) => `${k} week${k === 1 ? '' : 's'}`;

/** Every rule a plan is created with, in the order of `allot plan --help`. */
export const RULES = {
  reward: {
    kind: 'other',
    flag: 'reward',
    value: 'EXPR',
    description: 'the reward expression (Python subset over state and agent_feats)',
    field: 'reward',
  },
  budget: {
    kind: 'other',
    flag: 'budget',
    value: 'B',
    description: 'calls per week, at most the beneficiaries',
    range: RANGES.budget,
    field: 'budget',
  },
  exclude: {
    kind: 'other',
    flag: 'exclude',
    value: 'IDS.csv',
    description: 'ids never to call (an id column, or one id per line)',
    field: 'exclude',
  },
  cooldown: {
    kind: 'number',
    flag: 'cooldown',
    value: 'K',
    description: 'do not call anyone called in the last K weeks',
    default: 0,
    range: RANGES.cooldown,
    field: 'cooldown',
    setting: 'cooldown',
    required: true,
    form: { section: 'list', label: [{ term: 'cooldown', text: 'Cooldown' }, ' (weeks)'], name: 'Cooldown' },
    words: (k: number) => (k > 0 ? `Cooldown: no one is called again within ${weeks(k)} of a call.` : 'No cooldown.'),
  },
  minShare: {
    kind: 'other',
    flag: 'min-share',
    value: 'GROUP=BUCKET:SHARE',
    description: 'at least SHARE of calls to a bucket of a feature group (repeatable)',
    repeatable: true,
    field: 'shares[].min',
  },
  maxShare: {
    kind: 'other',
    flag: 'max-share',
    value: 'GROUP=BUCKET:SHARE',
    description: 'at most SHARE of calls to a bucket of a feature group (repeatable)',
    repeatable: true,
    field: 'shares[].max',
  },
  seed: {
    kind: 'number',
    flag: 'seed',
    value: 'S',
    description: 'seed of the tie and posterior draws (and of a built-in register)',
    default: 0,
    range: RANGES.seed,
    field: 'seed',
    setting: 'seed',
    required: true,
    form: { section: 'list', label: [{ term: 'seed', text: 'Seed' }, ' of ties and draws'], name: 'Seed' },
  },
  priorGroup: {
    kind: 'other',
    flag: 'prior-group',
    value: 'GROUP',
    description: 'feature group whose buckets get their own prior, or "none" (default: the first group)',
    field: 'priorGroup',
  },
  draws: {
    kind: 'number',
    flag: 'draws',
    value: 'D',
    description: 'posterior draws for the uncertain-place flags (0: none)',
    default: 20,
    range: RANGES.draws,
    field: 'draws',
    setting: 'draws',
    required: true,
    form: {
      section: 'list',
      label: [
        { term: 'posterior draws', text: 'Posterior draws' },
        " (for each call's ",
        { term: 'chance', text: 'chance' },
        ')',
      ],
      name: 'Posterior draws',
      estimated: true,
    },
  },
  holdout: {
    kind: 'other',
    flag: 'holdout',
    value: 'SHARE',
    description: 'hold out a seeded random SHARE of mothers as a comparison arm, called at the same rate',
    default: 0,
    range: RANGES.holdoutShare,
    field: 'holdout.share',
  },
  holdoutRule: {
    kind: 'other',
    flag: 'holdout-rule',
    value: 'random|default|FILE.csv',
    default: 'random',
    description:
      "the holdout's calls: at random, by the default state policy, or the program's own list of ids this week " +
      '(again with each --outcomes)',
    field: 'holdout.rule',
  },
  holdoutWeeks: {
    kind: 'other',
    flag: 'holdout-weeks',
    value: 'T',
    description: 'the weeks the holdout will run, for its minimum detectable effect',
    default: 12,
    range: RANGES.holdoutWeeks,
    field: 'holdout.weeks',
  },
  workerColumn: {
    kind: 'other',
    flag: 'worker-column',
    value: 'COL',
    description: "the register's column naming each mother's health worker (a text or number column)",
    field: 'workers.column',
  },
  capacity: {
    kind: 'other',
    flag: 'capacity',
    value: 'N|FILE.csv',
    description: "each worker's most calls a week: one number, or a CSV of worker, capacity (and minimum)",
    field: 'workers.capacity',
  },
  minPerWorker: {
    kind: 'other',
    flag: 'min-per-worker',
    value: 'K',
    description: 'the fewest calls of each worker a week',
    range: RANGES.capacity,
    default: 0,
    defaultUnsaid: true,
    field: 'workers.minimum',
  },
  deactivateAfter: {
    kind: 'number',
    flag: 'deactivate-after',
    value: 'K',
    description: 'stop listing a mother after K weeks in a row not engaged (Kilkari uses 6)',
    range: RANGES.deactivateAfter,
    field: 'deactivateAfter',
    setting: 'deactivateAfter',
    form: {
      section: 'program',
      label: ['Stop listing after weeks not engaged'],
      name: 'Deactivate after (weeks)',
      testid: 'deactivate-after',
    },
  },
  explore: {
    kind: 'choice',
    flag: 'explore',
    value: 'means|thompson',
    description:
      'plan on the posterior means, or each week on one posterior draw seeded by the week (Thompson sampling)',
    choices: ['means', 'thompson'],
    default: 'means',
    field: 'explore',
    setting: 'explore',
    form: {
      section: 'program',
      label: ['Plan each week on'],
      name: 'Plan each week on',
      testid: 'explore',
      options: { means: 'The estimates (means)', thompson: 'One draw (Thompson)' },
      describedBy: 'explore-hint',
    },
  },
} as const satisfies Record<string, RuleDescriptor>;

export type RuleName = keyof typeof RULES;

/** The table's rows in order. */
export const RULE_LIST: readonly RuleDescriptor[] = Object.values(RULES);

/** The simple rules (a number or a choice in a field of PlanSettings), in order. */
export type SimpleRule = (NumberRule | ChoiceRule) & { setting: keyof PlanSettings };
export const SIMPLE_RULES = RULE_LIST.filter((r): r is SimpleRule => r.kind !== 'other' && r.setting !== undefined);

/** The simple rules with a field in a section of the Plan screen's form, in order. */
export function formRules(section: RuleField['section']): (SimpleRule & { form: RuleField })[] {
  return SIMPLE_RULES.filter((r): r is SimpleRule & { form: RuleField } => r.form?.section === section);
}

type FormRules<S> = Extract<(typeof RULES)[RuleName], { form: { section: S } }>;
type FormValue<R> = R extends { kind: 'choice'; choices: readonly (infer C)[] }
  ? C
  : R extends { required: true }
    ? number
    : number | string;

/**
 * The fields a form section holds for its simple rules, by setting: a required rule's number, an optional
 * rule's number or text ('' when off), a choice.
 */
export type RuleFormValues<S extends RuleField['section']> = {
  -readonly [R in FormRules<S> as R['setting']]: FormValue<R>;
};

/** A form section's fields at the rules' defaults ('' for a rule off by default). */
export function defaultRuleForm<S extends RuleField['section']>(section: S): RuleFormValues<S> {
  return Object.fromEntries(formRules(section).map((r) => [r.setting, r.default ?? ''])) as RuleFormValues<S>;
}

/** A choice's words in a stored plan's refusal: "means" or "thompson"; "a", "b" or "c". */
export function quotedChoices(choices: readonly string[]): string {
  const q = choices.map((c) => JSON.stringify(c));
  return q.length > 1 ? `${q.slice(0, -1).join(', ')} or ${q[q.length - 1]}` : q.join('');
}
