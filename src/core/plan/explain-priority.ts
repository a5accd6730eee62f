// Why a beneficiary's priority under a reward differs from her priority under the default `state`.
//
// Method. For a 2-state arm any reward is r(i, s) = a_i + w_i s with w_i = r(i, 1) - r(i, 0), and the
// Whittle index is linear in the reward difference (the closed form of src/engine and
// test/reference/whittle2.ts: W = beta g / d with g = (q_s1 - q_s0) (r1 - r0)): her index under the
// reward is w_i times her index under `state` (w = 1), whatever her transitions. So her "weight" w_i
// says everything the reward does to her, and it is a sum over the reward's additive terms: the
// expression's top-level sums and differences, with products and divisions of a sum by a factor
// distributed (state * (1 + 2 * x) -> state * 1 + state * 2 * x), each term t giving
// w_i(t) = t(i, 1) - t(i, 0). Against the default, what moves her up or down the list is how her weight
// compares with the others': each term's contribution is w_i(t) minus that term's mean weight over the
// eligible beneficiaries; the reason names the terms with the largest contributions and the features
// they read (with her values). For S > 2 states the weight is (r(S-1) - r(0)) / (S - 1), an
// approximation stated in the reason.
import type { FeatureSchema } from '../instance/types.ts';
import { compileReward, type RewardPopulation } from '../reward/compile-reward.ts';
import { normalizeReward } from '../reward/normalize-reward.ts';
import { parseReward } from '../reward/parse-reward.ts';
import type { RewardNode } from '../reward/reward-ast.ts';
import type { FeatureValue } from './feature-value.ts';

/** One additive term of a reward, with its weight per beneficiary. */
export interface RewardTerm {
  /** Canonical text of the term (normalize-reward.ts), e.g. "2 * state * agent_feats[12]". */
  text: string;
  /** numArms: t(i, S-1) - t(i, 0), divided by S - 1. */
  weight: Float64Array;
  /** Feature indices the term reads. */
  featuresUsed: number[];
}

/**
 * The reward's additive terms (at least one: the whole expression when it does not split). Throws for an invalid
 * reward.
 */
export function rewardTerms(expression: string, population: RewardPopulation): RewardTerm[] {
  const parsed = parseReward(expression, population.schema);
  if (!parsed.ok) throw new Error(`the reward does not parse: ${parsed.error.message}`);
  const { numArms: N, numStates: S } = population;
  const out: RewardTerm[] = [];
  for (const node of splitTerms(parsed.ast)) {
    const text = normalizeReward(node);
    const compiled = compileReward(text, population);
    // A term that fails alone (e.g. a division split off its guard) leaves the attribution to the whole.
    if (!compiled.ok) return [wholeTerm(expression, population)];
    const weight = new Float64Array(N);
    let any = false;
    for (let arm = 0; arm < N; arm++) {
      weight[arm] = (compiled.table[arm * S + S - 1] - compiled.table[arm * S]) / (S - 1);
      if (weight[arm] !== 0) any = true;
    }
    // Terms free of state weigh 0 for everyone: they do not move anyone's index.
    if (any) out.push({ text, weight, featuresUsed: compiled.diagnostics.featuresUsed });
  }
  return out.length > 0 ? out : [wholeTerm(expression, population)];
}

function wholeTerm(expression: string, population: RewardPopulation): RewardTerm {
  const compiled = compileReward(expression, population);
  if (!compiled.ok) throw new Error(`the reward does not compile: ${compiled.error.message}`);
  const { numArms: N, numStates: S } = population;
  const weight = new Float64Array(N);
  for (let arm = 0; arm < N; arm++) weight[arm] = (compiled.table[arm * S + S - 1] - compiled.table[arm * S]) / (S - 1);
  return { text: compiled.diagnostics.normalized, weight, featuresUsed: compiled.diagnostics.featuresUsed };
}

/** At most this many terms come out of distributing products; beyond it a product stays one term. */
const MAX_TERMS = 32;

/** Sums and differences split; products and true divisions of sums distributed; anything else one term. */
export function splitTerms(node: RewardNode): RewardNode[] {
  const neg = (n: RewardNode): RewardNode =>
    n.kind === 'unary' && n.op === '-' ? n.operand : { kind: 'unary', pos: n.pos, op: '-', operand: n };
  switch (node.kind) {
    case 'unary':
      if (node.op === '+') return splitTerms(node.operand);
      if (node.op === '-') return splitTerms(node.operand).map(neg);
      return [node];
    case 'arith': {
      if (node.op === '+') return [...splitTerms(node.left), ...splitTerms(node.right)];
      if (node.op === '-') return [...splitTerms(node.left), ...splitTerms(node.right).map(neg)];
      if (node.op === '*') {
        const left = splitTerms(node.left),
          right = splitTerms(node.right);
        if (left.length * right.length > MAX_TERMS) return [node];
        return left.flatMap((l) =>
          right.map((r): RewardNode => ({ kind: 'arith', pos: node.pos, op: '*', left: l, right: r })),
        );
      }
      if (node.op === '/')
        return splitTerms(node.left).map((l): RewardNode => ({
          kind: 'arith',
          pos: node.pos,
          op: '/',
          left: l,
          right: node.right,
        }));
      return [node];
    }
    default:
      return [node];
  }
}

/** Mean weight of each term over the arms flagged in `over` (eligible beneficiaries), or over all. */
export function meanTermWeights(terms: RewardTerm[], over: Uint8Array | null): Float64Array {
  const means = new Float64Array(terms.length);
  terms.forEach((term, t) => {
    let sum = 0,
      count = 0;
    for (let arm = 0; arm < term.weight.length; arm++) {
      if (over && !over[arm]) continue;
      sum += term.weight[arm];
      count++;
    }
    means[t] = count > 0 ? sum / count : 0;
  });
  return means;
}

/** A term's text with features as the user named them: agent_feats[12] -> “Ages 51-60”, agent_feats[0] -> age. */
export function termLabel(text: string, schema: FeatureSchema): string {
  const texts = new Map(schema.groups.filter((g) => g.text).map((g) => [g.text!.name, g.name]));
  return text
    .replace(/agent_feats\[(\d+)\]/g, (_, i) => {
      const label = schema.columns[Number(i)]?.label;
      return !label ? `agent_feats[${i}]` : /^[A-Za-z_]\w*$/.test(label) ? label : `“${label}”`;
    })
    .replace(/agent_feats\.([\p{XID_Start}_]\p{XID_Continue}*)/gu, (whole, name: string) => texts.get(name) ?? whole);
}

const num = (x: number) => {
  const r = Math.round(x * 100) / 100;
  return Object.is(r, -0) ? '0' : String(r);
};
const signed = (x: number) => (x > 0 ? `+${num(x)}` : num(x));

/** Her value of a feature in words: "in Ages 51-60", "not in Hindi", "age = 34", a text column's "district = पालघर". */
function featureWords(schema: FeatureSchema, value: FeatureValue, arm: number, f: number): string {
  const c = schema.columns[f];
  const text = schema.groups.find((g) => g.text && g.columns.includes(f));
  if (text) {
    const b = text.columns.findIndex((k) => value(arm, k) === 1);
    return `${text.name} = ${b >= 0 ? text.buckets[b] : '?'}`;
  }
  const v = value(arm, f);
  if (c.type === 'binary') return v === 1 ? `is ${c.label}` : `is not ${c.label}`;
  return `${c.label} = ${num(v)}`;
}

/**
 * The reason of one line, in words: her weight against the default (1 for everyone) and the average,
 * and the terms (with the features they read, and her values) that raised or lowered her most.
 */
export function explainPriority(
  terms: RewardTerm[],
  means: Float64Array,
  arm: number,
  schema: FeatureSchema,
  value: FeatureValue,
  defaultRank: number,
  rank: number,
): string {
  let weight = 0,
    average = 0;
  for (let t = 0; t < terms.length; t++) {
    weight += terms[t].weight[arm];
    average += means[t];
  }
  const moved =
    rank < defaultRank
      ? `up from default rank ${defaultRank}`
      : rank > defaultRank
        ? `down from default rank ${defaultRank}`
        : `same as default rank ${defaultRank}`;
  const scale = Math.max(Math.abs(average), 1e-12);
  if (Math.abs(weight - average) <= 1e-9 * scale)
    return (
      `${moved}; the reward weighs her like the average beneficiary (weight ${num(weight)}), so her call's ` +
      `expected effect decides, as under the default`
    );
  // The two terms whose weight differs most from their average, in order.
  let first = -1,
    second = -1,
    d1 = 1e-9 * scale,
    d2 = 1e-9 * scale;
  for (let t = 0; t < terms.length; t++) {
    const d = Math.abs(terms[t].weight[arm] - means[t]);
    if (d > d1) {
      second = first;
      d2 = d1;
      first = t;
      d1 = d;
    } else if (d > d2) {
      second = t;
      d2 = d;
    }
  }
  const parts: string[] = [];
  for (const t of [first, second]) {
    if (t < 0) continue;
    const term = terms[t],
      w = term.weight[arm],
      c = w - means[t];
    // the first three features the term reads, a text column once (its buckets' columns say one value)
    const used = new Set<string>();
    for (let k = 0; k < term.featuresUsed.length && used.size < 3; k++)
      used.add(featureWords(schema, value, arm, term.featuresUsed[k]));
    parts.push(
      `${c > 0 ? 'raised' : 'lowered'} by ${labelOf(term, schema)} (${signed(w)} vs average ` +
        `${signed(means[t])}${used.size ? `; she ${[...used].join(', ')}` : ''})`,
    );
  }
  return `${moved}; reward weight ${num(weight)} against an average of ${num(average)}: ${parts.join('; ')}`;
}

const labels = new WeakMap<RewardTerm, string>();
function labelOf(term: RewardTerm, schema: FeatureSchema): string {
  let label = labels.get(term);
  if (label === undefined) labels.set(term, (label = termLabel(term.text, schema)));
  return label;
}
