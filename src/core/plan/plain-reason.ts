// One plain reason per line of the list, short enough to read aloud (at most REASON_CHARS characters),
// in the program's own words: the features that moved her, and how far against the default list:
//   "Ages 51-60 and income_band 5001-10000: 3 places higher than the default"
//   "brought in by the Speaks Hindi minimum"
//   "same place as the default"
// The full account, term by term with the weights, is explain-priority.ts's; both read the same terms
// (rewardTerms) and averages (meanTermWeights), so they never disagree on what moved her.
import { bucketText } from '../words/bucket-name.ts';
import type { FeatureGroup, FeatureSchema } from '../instance/types.ts';
import type { RewardTerm } from './explain-priority.ts';
import { count } from '../words/count.ts';
import { comparisonOf, thresholdPhrase } from '../words/threshold.ts';
import type { FeatureValue } from './feature-value.ts';

/** A plain reason is at most this long (the issue: "at most about 100 characters"). */
export const REASON_CHARS = 100;

/** Her features in the words of the register, at most this many per reason. */
const MAX_FEATURES = 3;

export interface PlainReasonInput {
  terms: RewardTerm[];
  means: Float64Array;
  /** Her row in the terms' weights and in `value`. */
  row: number;
  schema: FeatureSchema;
  /** Her features (feature-value.ts). */
  value: FeatureValue;
  rank: number;
  defaultRank: number;
  /** The label of the share minimum that brought her in (she would not be listed without it), or "". */
  broughtIn: string;
}

const num = (x: number) => String(Math.round(x * 100) / 100);
const places = (n: number) => `${count(n)} place${n === 1 ? '' : 's'}`;

/**
 * Her value of feature f in words: her bucket of a one-hot group ("Ages 51-60", "not urban"), else "age_years 36";
 * with the reward `term` that reads it, a comparison with a number is said as its band.
 */
export function featurePhrase(schema: FeatureSchema, value: FeatureValue, row: number, f: number, term = ''): string {
  const c = schema.columns[f];
  const v = value(row, f);
  const label = c.label || c.name;
  if (!Number.isFinite(v)) return `${label} unknown`;
  const g = oneHotGroup(schema, f);
  if (g?.text) {
    // a text column is one feature for her: her value as written, whichever of its columns is read
    const hers = g.columns.findIndex((k) => value(row, k) !== 0);
    return `${g.name} ${hers === -1 ? 'unknown' : g.buckets[hers]}`;
  }
  const name = g ? bucketText(g.name, g.buckets[g.columns.indexOf(f)] ?? label) : label;
  if (g) return v !== 0 ? name : `not in ${name}`;
  if (c.type === 'binary') return v !== 0 ? label : `not ${label}`;
  // a number the term compares with a limit ("age_years >= 30"): her side of it, "age_years 30 or over (36)"
  const comparison = term ? comparisonOf(term, f) : null;
  return comparison ? thresholdPhrase(label, comparison.op, comparison.limit, v) : `${label} ${num(v)}`;
}

const oneHotGroups = new WeakMap<FeatureSchema, (FeatureGroup | undefined)[]>();
/** The one-hot group of column f, if any (kept per schema: a list asks once a line). */
function oneHotGroup(schema: FeatureSchema, f: number): FeatureGroup | undefined {
  let groups = oneHotGroups.get(schema);
  if (!groups) {
    groups = schema.columns.map((c) =>
      c.group === null ? undefined : schema.groups.find((x) => x.name === c.group && x.kind === 'one-hot'),
    );
    oneHotGroups.set(schema, groups);
  }
  return groups[f];
}

/** The plain reason of one line (see the top of this file). */
export function plainReason(input: PlainReasonInput): string {
  const { terms, means, row, rank, defaultRank, broughtIn } = input;
  if (broughtIn) return fit(`brought in by the ${broughtIn} minimum`);
  if (rank === defaultRank) return 'same place as the default';
  const up = rank < defaultRank;
  const moved = `${places(Math.abs(defaultRank - rank))} ${up ? 'higher' : 'lower'} than the default`;
  // The terms that moved her the way she moved, the largest difference from their average first.
  let scale = 0;
  for (let t = 0; t < terms.length; t++) scale = Math.max(scale, Math.abs(means[t]));
  const tolerance = 1e-9 * Math.max(scale, 1e-12);
  const moving = terms
    .map((term, t) => ({ term, c: term.weight[row] - means[t] }))
    .filter(({ c }) => (up ? c > tolerance : c < -tolerance))
    .sort((a, b) => Math.abs(b.c) - Math.abs(a.c));
  const phrases: string[] = [];
  for (const { term } of moving) {
    for (const f of term.featuresUsed) {
      const p = featurePhrase(input.schema, input.value, row, f, term.text);
      if (!phrases.includes(p) && phrases.length < MAX_FEATURES) phrases.push(p);
    }
  }
  if (phrases.length === 0) {
    // Nothing of hers weighs differently: others moved past her, or she past them.
    if (moving.length > 0) return `${moved}: the priority weighs her ${up ? 'more' : 'less'} than most`;
    return `${moved}, as others weigh ${up ? 'less' : 'more'} under this priority`;
  }
  // As many features as fit, the strongest first.
  for (let k = phrases.length; k > 1; k--) {
    const text = `${phrases.slice(0, k).join(' and ')}: ${moved}`;
    if (text.length <= REASON_CHARS) return text;
  }
  return fit(`${phrases[0]}: ${moved}`, moved.length + 2);
}

/** The text cut to REASON_CHARS, the cut marked with "…" (before the last `keep` characters, which stay whole). */
function fit(text: string, keep = 0): string {
  if (text.length <= REASON_CHARS) return text;
  const head = text.slice(0, text.length - keep),
    tail = text.slice(text.length - keep);
  return `${head.slice(0, REASON_CHARS - keep - 1)}…${tail}`;
}
