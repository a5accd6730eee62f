// Why a reward is "in effect the default": which of its terms cancel and why, in words. A call list
// depends on a reward only through each beneficiary's weight, what the reward adds when she is engaged
// rather than not (core/plan/explain-priority.ts): a term that does not change with her engagement adds
// the same with or without a call and moves no one; terms that weigh everyone alike scale every index by
// the same factor and keep the order; terms whose weights sum to the same for everyone cancel.
import { splitTerms, termLabel } from '../plan/explain-priority.ts';
import { compileReward, type RewardPopulation } from '../reward/compile-reward.ts';
import { normalizeReward } from '../reward/normalize-reward.ts';
import { parseReward } from '../reward/parse-reward.ts';

interface Term {
  label: string;
  /** Her weight under the term, per arm. */
  weight: Float64Array;
}

const same = (w: Float64Array) => w.every((x) => Math.abs(x - w[0]) <= 1e-9 * Math.max(1, Math.abs(w[0])));
const quoted = (labels: string[]) => labels.map((l) => `‘${l}’`).join(labels.length === 2 ? ' and ' : ', ');

/**
 * One sentence saying why `expression` ranks everyone as the default reward `state` does, naming the
 * terms that cancel; null when the reward does not parse or does not rank as the default does (its
 * calls may still match in a simulation: the sentence then says the weights it gives change no call).
 */
export function whyDefault(expression: string, population: RewardPopulation): string | null {
  const parsed = parseReward(expression, population.schema);
  if (!parsed.ok) return null;
  const { numArms: N, numStates: S } = population;
  const terms: Term[] = [];
  for (const node of splitTerms(parsed.ast)) {
    const compiled = compileReward(normalizeReward(node), population);
    if (!compiled.ok) return null;
    const weight = new Float64Array(N);
    for (let arm = 0; arm < N; arm++)
      weight[arm] = (compiled.table[arm * S + S - 1] - compiled.table[arm * S]) / (S - 1);
    terms.push({ label: termLabel(compiled.diagnostics.normalized, population.schema), weight });
  }
  const free = terms.filter((t) => t.weight.every((x) => x === 0));
  const moving = terms.filter((t) => !free.includes(t));
  const total = new Float64Array(N);
  for (const t of moving) for (let arm = 0; arm < N; arm++) total[arm] += t.weight[arm];
  const parts: string[] = [];
  if (free.length) {
    const one = free.length === 1;
    parts.push(
      `${quoted(free.map((t) => t.label))} ${one ? 'does' : 'do'} not change with her engagement, so ` +
        `${one ? 'it adds' : 'they add'} the same with a call as without one and ${one ? 'moves' : 'move'} no one ` +
        `up or down the list`,
    );
  }
  const varying = moving.filter((t) => !same(t.weight));
  if (N > 0 && same(total) && total[0] > 0) {
    if (varying.length)
      parts.push(`${quoted(varying.map((t) => t.label))} cancel out: together they weigh every beneficiary alike`);
    else if (moving.length && moving.some((t) => t.label !== 'state'))
      parts.push(
        `${quoted(moving.map((t) => t.label))} ${moving.length === 1 ? 'weighs' : 'weigh'} every beneficiary ` +
          `alike, which keeps the default's order`,
      );
    if (!parts.length) return null;
    return `Why: ${parts.join('; ')}. What is left ranks everyone as the default reward state does.`;
  }
  if (varying.length === 0) return null;
  const some =
    `${quoted(varying.map((t) => t.label))} ${varying.length === 1 ? 'weighs' : 'weigh'} some ` + `beneficiaries more`;
  return `Why: ${[
    ...parts,
    `${some} than others, but not enough to change who is called on this population at ` + `this budget`,
  ].join('; ')}.`;
}
