// `allot plan`'s flags and help: the usage line, the details and the options (commands/plan.ts runs them),
// and which flags only make sense when a plan is created. Kept apart
// from the command's work, whose file they would otherwise take past its size.
import { RANGES } from '../core/limits/setting-ranges.ts';
import { HOLDOUT_WEEKS } from '../core/plan/holdout-plan.ts';
import { PLAN_DEFAULTS } from '../core/plan/plan-settings.ts';
import type { OptionSpecs } from './args.ts';
import { COLUMN_OPTIONS } from './column-flags.ts';

/** Flags that only make sense when a plan is created. */
export const CREATE_ONLY = [
  'register',
  'features',
  'reward',
  'budget',
  'exclude',
  'cooldown',
  'min-share',
  'max-share',
  'seed',
  'arms',
  'weeks',
  'prior-group',
  'draws',
  'sheet',
  'features-sheet',
  'week-column',
  'carry',
  'ignore',
  'holdout',
  'holdout-rule',
  'holdout-weeks',
  'worker-column',
  'capacity',
  'min-per-worker',
  'deactivate-after',
  'explore',
];

export const PLAN_USAGE =
  '--register FILE|NAME --reward EXPR --budget B [--features FILE] [--sheet NAME] [--id-column COL] ' +
  '[--state-column COL] ' +
  '[--week-column COL] [--called-column COL] [--carry COL]... [--state-values ENGAGED,NOT_ENGAGED] [--exclude ' +
  'IDS.csv] [--cooldown K] ' +
  '[--min-share GROUP=BUCKET:SHARE]... [--max-share GROUP=BUCKET:SHARE]... [--seed S] [--holdout SHARE ' +
  '[--holdout-rule random|default] [--holdout-weeks T]]\n' +
  '       [--worker-column COL --capacity N|FILE.csv [--min-per-worker K]] [--deactivate-after K] [--explore ' +
  'means|thompson] --state PLAN.json [--out calls.csv] [--out-per-worker DIR] [--json]\n' +
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
  reward: {
    type: 'string',
    value: 'EXPR',
    description: 'the reward expression (Python subset over state and agent_feats)',
  },
  budget: {
    type: 'string',
    value: 'B',
    description: 'calls per week, at most the beneficiaries',
    range: RANGES.budget,
  },
  exclude: { type: 'string', value: 'IDS.csv', description: 'ids never to call (an id column, or one id per line)' },
  cooldown: {
    type: 'string',
    value: 'K',
    description: 'do not call anyone called in the last K weeks',
    default: '0',
    range: RANGES.cooldown,
  },
  'min-share': {
    type: 'string',
    value: 'GROUP=BUCKET:SHARE',
    description: 'at least SHARE of calls to a bucket of a feature group (repeatable)',
    repeatable: true,
  },
  'max-share': {
    type: 'string',
    value: 'GROUP=BUCKET:SHARE',
    description: 'at most SHARE of calls to a bucket of a feature group (repeatable)',
    repeatable: true,
  },
  seed: {
    type: 'string',
    value: 'S',
    description: 'seed of the tie and posterior draws (and of a built-in register)',
    default: '0',
    range: RANGES.seed,
  },
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
  'prior-group': {
    type: 'string',
    value: 'GROUP',
    description: 'feature group whose buckets get their own prior, or "none" (default: the first group)',
  },
  draws: {
    type: 'string',
    value: 'D',
    description: 'posterior draws for the uncertain-place flags (0: none)',
    default: String(PLAN_DEFAULTS.draws),
    range: RANGES.draws,
  },
  holdout: {
    type: 'string',
    value: 'SHARE',
    description: 'hold out a seeded random SHARE of mothers as a comparison arm, called at the same rate',
    default: String(PLAN_DEFAULTS.holdoutShare),
    range: RANGES.holdoutShare,
  },
  'holdout-rule': {
    type: 'string',
    value: 'random|default|FILE.csv',
    default: PLAN_DEFAULTS.holdoutRule,
    description:
      "the holdout's calls: at random, by the default state policy, or the program's own list of ids this week " +
      '(again with each --outcomes)',
  },
  'holdout-weeks': {
    type: 'string',
    value: 'T',
    description: 'the weeks the holdout will run, for its minimum detectable effect',
    default: String(HOLDOUT_WEEKS),
    range: RANGES.holdoutWeeks,
  },
  'worker-column': {
    type: 'string',
    value: 'COL',
    description: "the register's column naming each mother's health worker (a text or number column)",
  },
  capacity: {
    type: 'string',
    value: 'N|FILE.csv',
    description: "each worker's most calls a week: one number, or a CSV of worker, capacity (and minimum)",
  },
  'min-per-worker': {
    type: 'string',
    value: 'K',
    description: 'the fewest calls of each worker a week',
    range: RANGES.capacity,
  },
  'deactivate-after': {
    type: 'string',
    value: 'K',
    description: 'stop listing a mother after K weeks in a row not engaged (Kilkari uses 6)',
    range: RANGES.deactivateAfter,
  },
  explore: {
    type: 'string',
    value: 'means|thompson',
    description:
      'plan on the posterior means, or each week on one posterior draw seeded by the week (Thompson sampling)',
    default: PLAN_DEFAULTS.explore,
  },
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
