// The reasons' numbers (line-reasons.ts) against their twin: the terms compiled on every row (no
// distinct combinations), the eligible sample taken one arm at a time, each line's weights and values
// read off her own arm (the list's through her row); bit for bit, on registers small and big enough for a
// stride (REASON_SAMPLE), with flags ending off a word, none or every arm eligible, no lines.
import { describe, expect, test } from 'vitest';
import { rewardTerms } from '../../../../src/core/plan/explain-priority.ts';
import { featureValue, populationRows } from '../../../../src/core/plan/feature-value.ts';
import { generatedRegister } from '../../../../src/core/plan/generated-register.ts';
import { lineReasons, REASON_SAMPLE, type LineReasons } from '../../../../src/core/plan/line-reasons.ts';
import type { Register } from '../../../../src/core/plan/register.ts';
import { seededRandom } from '../../../../src/core/random/seeded-random.ts';

function slowReasons(register: Register, reward: string, listed: Int32Array, eligible: Uint8Array, columns: number[]) {
  const N = register.numArms,
    P = listed.length;
  let count = 0;
  for (let arm = 0; arm < N; arm++) count += eligible[arm];
  const stride = Math.max(1, Math.ceil(count / REASON_SAMPLE));
  const rows = [...listed];
  for (let arm = 0, left = 0; arm < N; arm++) {
    if (!eligible[arm]) continue;
    if (left === 0) {
      rows.push(arm);
      left = stride - 1;
    } else left--;
  }
  const all = rewardTerms(reward, populationRows(register, Int32Array.from(rows), columns));
  const means = Float64Array.from(all, (t) => {
    let sum = 0;
    for (let r = P; r < rows.length; r++) sum += t.weight[r];
    return rows.length > P ? sum / (rows.length - P) : 0;
  });
  const value = featureValue(register.features);
  const values = Float64Array.from({ length: P * columns.length }, (_, i) =>
    value(listed[Math.floor(i / columns.length)], columns[i % columns.length]),
  );
  return { terms: all.map((t) => ({ ...t, weight: t.weight.slice(0, P) })), means, values };
}

const bits = (x: Float64Array) => Array.from(new Uint32Array(x.buffer, x.byteOffset, x.length * 2));
/** Line by line through her row: each term's weight, then her values. */
const perLine = (why: LineReasons) => {
  const K = why.columns.length,
    rows = Array.from({ length: why.lines }, (_, j) => (why.row ? why.row[j] : j));
  return {
    weights: why.terms.map((t) => Float64Array.from(rows, (r) => t.weight[r])),
    values: Float64Array.from({ length: rows.length * K }, (_, i) => why.values[rows[Math.floor(i / K)] * K + (i % K)]),
  };
};
const same = (fast: LineReasons, slow: ReturnType<typeof slowReasons>) => {
  expect(fast.terms.map((t) => t.text)).toEqual(slow.terms.map((t) => t.text));
  const lines = perLine(fast);
  lines.weights.forEach((w, i) => expect(bits(w)).toEqual(bits(slow.terms[i].weight)));
  expect(bits(fast.means)).toEqual(bits(slow.means));
  expect(bits(lines.values)).toEqual(bits(slow.values));
};

const rewards = [
  'state * (1 + 2 * agent_feats.age_51_60 + agent_feats.income_1)',
  'state * (1 + agent_feats.age_51_60 + 0.5 * agent_feats.income_1 + agent_feats.education_3)',
  'state',
];

describe('lineReasons', () => {
  test.each([
    [3001, 0.8],
    [3003, 1],
    [3002, 0],
    [150_001, 0.7],
  ])('N = %i, eligible %f: the twin compiled on every row', (N, p) => {
    const { register } = generatedRegister('dlm', { arms: N, sample: 48 }, 2, { weeks: 2, callsPerWeek: 10 });
    const r = seededRandom(N);
    const eligible = Uint8Array.from({ length: N }, () => (r.next() < p ? 1 : 0));
    for (const reward of rewards) {
      for (const P of [0, 1, Math.min(N, 2000)]) {
        const listed = Int32Array.from({ length: P }, () => r.int(N));
        const fast = lineReasons(register, reward, listed, eligible, null);
        same(fast, slowReasons(register, reward, listed, eligible, Array.from(fast.columns)));
      }
    }
  });
});
