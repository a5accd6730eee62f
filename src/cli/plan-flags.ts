// `allot plan`'s flags and help: the usage line, the details and the options (commands/plan.ts runs them),
// and which flags only make sense when a plan is created. Kept apart from the command's work, whose file
// they would otherwise take past its size. The rules' flags come from their table (rule-descriptors.ts).
import { RANGES } from '../core/limits/setting-ranges.ts';
import { RULE_LIST, SIMPLE_RULES, type RuleDescriptor } from '../core/plan/rule-descriptors.ts';
import { ruleSettings, type RuleValue } from '../core/plan/rule-values.ts';
import type { OptionSpec, OptionSpecs } from './args.ts';
import { COLUMN_OPTIONS } from './column-flags.ts';
import { choiceOption, numberOption, optionalNumber } from './number-option.ts';

/** Flags that only make sense when a plan is created: the register's and every rule's (rule-descriptors.ts). */
export const CREATE_ONLY = [
  'register',
  'features',
  ...RULE_LIST.map((r) => r.flag),
  'arms',
  'weeks',
  'sheet',
  'features-sheet',
  'week-column',
  'carry',
  'ignore',
];

/** The optional simple rules' part of the usage line: "[--deactivate-after K] [--explore means|thompson]". */
const OPTIONAL_RULES = SIMPLE_RULES.filter((r) => !r.required)
  .map((r) => `[--${r.flag} ${r.value}]`)
  .join(' ');

export const PLAN_USAGE =
  '--register FILE|NAME --reward EXPR --budget B [--features FILE] [--sheet NAME] [--id-column COL] ' +
  '[--state-column COL] ' +
  '[--week-column COL] [--called-column COL] [--carry COL]... [--state-values ENGAGED,NOT_ENGAGED] [--exclude ' +
  'IDS.csv] [--cooldown K] ' +
  '[--min-share GROUP=BUCKET:SHARE]... [--max-share GROUP=BUCKET:SHARE]... [--seed S] [--holdout SHARE ' +
  '[--holdout-rule random|default] [--holdout-weeks T]]\n' +
  `       [--worker-column COL --capacity N|FILE.csv [--min-per-worker K]] ${OPTIONAL_RULES} ` +
  '--state PLAN.json [--out calls.csv] [--out-per-worker DIR] [--json]\n' +
  '       allot plan --state PLAN.json --outcomes WEEK [--exit IDS.csv] [--enrol NEW.csv] [--id-column COL] ' +
  '[--called-column COL] [--state-column COL] ' +
  '[--state-values ENGAGED,NOT_ENGAGED] [--replace] [--yes] [--out calls.csv] [--out-per-worker DIR] [--json]';

export const PLAN_DETAILS = [
  'Files are read as exported: CSV separated by commas, semicolons or tabs (UTF-8 with or without a BOM, ' +
    'UTF-16, CRLF)',
  'or a workbook (XLSX, --sheet), under her own column names: without a flag each job is guessed from the header and',
  'printed (id: beneficiary_id (guessed)); state and call values may be 0/1, yes/no, true/false, ' +
    'engaged/not engaged.',
  'A register is one row per beneficiary with a state column for the current state (transition columns q00..q11 or',
  'p_s_a_t optional: without them transitions are estimated from the weeks the plan records), or a history ' +
    '(a row per',
  'beneficiary and week: id, week, state, called; any size, read in one pass) with --features FILE (one row per',
  'beneficiary, or a long table id, attribute, value as DHIS2 exports it) or alone; --carry columns (name, phone)',
  'are not features and travel into calls.csv after the id. NAME is a built-in population (dlm, sclm, multilingual)',
  'with --weeks of simulated history (random calls, budget per week); an instance JSON or a population CSV without a',
  'state column gets states drawn from its initial distribution (--seed). The list is for the last week of ' +
    'the history.',
  'Transitions from histories: a Beta posterior per (state, action); not-called rows have a prior fitted ' +
    'per bucket of',
  '--prior-group, called rows one centred on her not-called rate plus a call effect predicted from her features',
  '(empirical Bayes; src/core/plan/README.md). The outcomes file has an id, called and engaged (the same spellings)',
  'and optionally week: a row per beneficiary called, or per beneficiary; one without a row was not called ' +
    'and her state',
  'after the week is unobserved. A week is applied once; --replace replaces the last.',
  'A file with the same rows as a week already applied, or in which none of the planned calls were made, is a',
  'question: nothing is saved (exit 1) unless --yes. PLAN.json is locked while a command works on it ' +
    '(PLAN.json.lock);',
  'it is written only when everything succeeded and only if no other program changed it meanwhile.',
  '--out calls.csv writes the list for Excel (UTF-8 with a BOM, formulas made inert): id, her carried columns, rank,',
  "reason, chance, borderline, index (4 digits), default_rank, features, the register's feature columns, " +
    'reason_detail,',
  'index_full; --out calls.xlsx the same as a workbook. chance is her share of the posterior draws whose ' +
    'list has her;',
  'borderline: 20-80%.',
  '--json adds "columns": [{"name", "use": "id|state|week|called|feature|carry|ignored", "group"?, "buckets"?, ' +
    '"file", "guessed"}].',
  '--json prints {"week", "calls": [{"id", "rank", "index", "default_rank", "reason" (plain), "reason_detail"',
  '(term by term), "chance" (0-1, absent with --draws 0), "borderline"}], "groups": [{"group", "bucket",',
  '"share_calls", "share_default", "share_population"}], "sentences", "unmet", "uncertain", "borderline",',
  '"chance_sentences", "tie_seed", "warnings" (sentences),',
  '"warning_details": [{"kind", ...its fields, "message", "plain"}]}: the same warnings as data, in the same order:',
  'few-uncalled-weeks {"state", "weeks"}, small-groups {"group_by", "min_arms", "priors", "small": [{"bucket", ' +
    '"state"}]},',
  'no-calls {"state"}, or note (a sentence of the register or the exclusion list); "message" is the sentence in',
  '"warnings", "plain" the same in a program manager\'s words.',
  '--holdout SHARE sets aside a seeded random share of mothers (by a hash of the seed and her id: enrolments alike)',
  "whose calls follow --holdout-rule (random, the default state policy, or FILE.csv: the program's present practice,",
  "the ids it would call this week, given again with each --outcomes for the week after) at the plan's call " +
    'rate; the split is kept',
  'with the plan. Each call then has "arm": "plan"|"holdout" (the holdout\'s after the plan\'s lines), and ' +
    '--json has',
  '"evidence": {"weeks", "share", "rule", "plan": {"mothers", "engaged_weeks", "share_engaged"}, "holdout": {...},',
  '"effect", "ci95": [lo, hi], "mde", "mde_weeks", "sentences"} (null arms before the first applied week): the',
  'difference in the share of weeks engaged per mother, its 95% interval (Welch, a mother one unit), and the minimum',
  'detectable effect for --holdout-weeks weeks (80% power), also said before the list.',
  "--worker-column COL names each mother's health worker: carried into the list, never a feature (any number of",
  'workers; the app carries it the same way);',
  '--capacity N or FILE.csv (worker, capacity, optionally minimum) and --min-per-worker K: the list is the ' +
    'best under',
  'every rule at once (capacities, minima, budget, exclusions, cooldown, shares); --json adds "workers": [{"worker",',
  '"calls", "capacity", "minimum", "binding"}], "worker_sentences" and "worker" on each call; calls.csv a ' +
    'worker column;',
  '--out-per-worker DIR writes one CSV per worker too, DIR/<worker>.csv, her calls in rank order (names made safe',
  'for any file system; two that would be the same file get " (2)"; mothers with no worker in "no worker.csv").',
  '--deactivate-after K stops listing a mother after K observed weeks in a row not engaged; --exit IDS.csv (with',
  '--outcomes) marks mothers who left: kept in the history, never listed again; --enrol NEW.csv (with ' +
    '--outcomes) adds',
  "new mothers (id, her state now, the register's feature columns under its headers, carried columns if any) after",
  'the week: they start from the prior, and are randomized into the holdout alike; the outcomes file may name them.',
  '--json adds "joined", "left" (this',
  'week) and "active": {"left", "inactive", "newly_inactive", "sentence"}.',
  "--explore thompson plans each week on one posterior draw (seeded by the plan's seed and the week) instead of the",
  'means; the default is means, better on every simulated population (src/core/plan/README.md, Thompson sampling).',
].join('\n');

export const PLAN_OPTIONS: OptionSpecs = {
  register: {
    type: 'string',
    value: 'FILE|NAME',
    description: 'a register (CSV or XLSX) or a built-in population (dlm, sclm, multilingual)',
  },
  features: {
    type: 'string',
    value: 'FILE',
    description: 'features of a history register (id and feature columns, or id, attribute, value)',
  },
  ...COLUMN_OPTIONS,
  arms: {
    type: 'string',
    value: 'N',
    description: 'beneficiaries of a built-in register',
    range: RANGES.registerArms,
  },
  weeks: {
    type: 'string',
    value: 'W',
    description: 'weeks of simulated history of a built-in register',
    default: '26',
    range: RANGES.weeks,
  },
  ...Object.fromEntries(RULE_LIST.map((r) => [r.flag, ruleOption(r)])),
  exit: {
    type: 'string',
    value: 'IDS.csv',
    description: 'with --outcomes: ids who left the program (kept in the history, never listed again)',
  },
  enrol: {
    type: 'string',
    value: 'NEW.csv',
    description:
      "with --outcomes: new mothers (id, state now, the register's feature columns); they start from the prior",
  },
  state: {
    type: 'string',
    value: 'PLAN.json',
    description: 'the plan file: written when creating a plan, read and updated when applying outcomes',
  },
  outcomes: {
    type: 'string',
    value: 'WEEK',
    description: "the week's outcomes (CSV or XLSX): id, called, engaged; the called mothers' rows may be all",
  },
  replace: { type: 'flag', description: 'replace the last applied week with these outcomes' },
  yes: {
    type: 'flag',
    description: 'apply an outcomes file that repeats an applied week or makes none of the planned calls',
  },
  out: {
    type: 'string',
    value: 'calls.csv|calls.xlsx',
    description: 'write the list as CSV for Excel, or as XLSX when the name ends in .xlsx',
  },
  'out-per-worker': {
    type: 'string',
    value: 'DIR',
    description: "with health workers: also write each worker's calls as DIR/<worker>.csv (the --out CSV's columns)",
  },
};

/** A rule's flag for parseArgs and --help, from its row: placeholder, description, default, range. */
function ruleOption(rule: RuleDescriptor): OptionSpec {
  return {
    type: 'string',
    value: rule.value,
    description: rule.description,
    ...(rule.default !== undefined && !rule.defaultUnsaid && { default: String(rule.default) }),
    ...(rule.repeatable && { repeatable: true }),
    ...(rule.kind !== 'choice' && rule.range && { range: rule.range }),
  };
}

/**
 * The simple rules' settings from their flags (a number in its range, a choice among its own), in the
 * table's order: a required rule always, another when given and not its default.
 */
export function simpleRuleSettings(options: Record<string, string | true>): Partial<Record<string, RuleValue>> {
  const values: Record<string, RuleValue | undefined> = {};
  for (const r of SIMPLE_RULES)
    values[r.setting] =
      r.kind === 'number'
        ? r.default === undefined
          ? optionalNumber(options, r.flag, r.range)
          : numberOption(options, r.flag, r.range, r.default)
        : choiceOption(options, r.flag, r.choices, r.default);
  return ruleSettings(SIMPLE_RULES, values);
}
