// Scripted parts for the language study and the fairness commands: a 10-arm population on the
// multilingual schema, a small compiler for sums and products of features (no eval), and a
// simulator that pulls the top-B arms by reward in state 1 for the whole horizon.
import type { Occupancy } from '../../../src/core/instance/occupancy.ts';
import type { Instance } from '../../../src/core/instance/types.ts';
import { multilingualSchema } from '../../../src/core/datasets/generators/multilingual.ts';
import type { StudyParts } from '../../../src/pipeline/study/run-language-study.ts';

const schema = multilingualSchema();
const F = 34;
const HORIZON = 4;
const BUDGET = 2;

/** 10 arms; arm i: age i%5, language floor(i/2)%5, education i%7, phone i%3, call time i%6, income i%8. */
export function population(): Instance {
  const n = 10;
  const features = new Float64Array(n * F);
  const bucket = [(i: number) => i % 5, (i: number) => Math.floor(i / 2) % 5, (i: number) => i % 7, (i: number) => i % 3, (i: number) => i % 6, (i: number) => i % 8];
  for (let i = 0; i < n; i++) schema.groups.forEach((g, k) => (features[i * F + g.columns[bucket[k](i)]] = 1));
  return {
    numArms: n, numStates: 2, ids: Array.from({ length: n }, (_, i) => `arm${i}`), transitions: new Float64Array(n * 8), schema, features,
    initial: new Float64Array(n * 2), budget: BUDGET, horizon: HORIZON, discount: 0.9,
    provenance: { kind: 'generator', generator: 'test', parameters: {}, seed: 0 }, warnings: [],
  };
}

/** Sums and products of state, agent_feats[i] and numbers: r(arm, s) = s * (sum of the used features + constants), enough for the scripted replies. */
export const compile: StudyParts['compile'] = (expression, instance) => {
  if (!/^(?:state|agent_feats\[\d+\]|[\d.\s+*()])+$/.test(expression)) return { ok: false, error: `Unknown name in "${expression}".` };
  const featuresUsed = [...new Set([...expression.matchAll(/agent_feats\[(\d+)\]/g)].map((m) => Number(m[1])))].sort((a, b) => a - b);
  const table = new Float64Array(instance.numArms * 2);
  for (let arm = 0; arm < instance.numArms; arm++) {
    const body = expression.replace(/agent_feats\[(\d+)\]/g, (_, i) => String(instance.features[arm * F + Number(i)]));
    for (let s = 0; s < 2; s++) table[arm * 2 + s] = sumOfProducts(body.replace(/state/g, String(s)));
  }
  return { ok: true, table, featuresUsed, normalized: expression.replace(/\s+/g, '') };
};

/** Evaluates "a * (b + c + ...)" style arithmetic of non-negative numbers without eval. */
function sumOfProducts(text: string): number {
  let pos = 0;
  const t = text.replace(/\s+/g, '');
  const factor = (): number => {
    if (t[pos] === '(') {
      pos++;
      const v = sum();
      pos++;
      return v;
    }
    const m = /^\d+(\.\d+)?/.exec(t.slice(pos))!;
    pos += m[0].length;
    return Number(m[0]);
  };
  const product = (): number => {
    let v = factor();
    while (t[pos] === '*') (pos++, (v *= factor()));
    return v;
  };
  const sum = (): number => {
    let v = product();
    while (t[pos] === '+') (pos++, (v += product()));
    return v;
  };
  return sum();
}

/** Pulls the BUDGET arms with the highest reward in state 1 (lowest index first on ties) at every step. */
export async function simulate(instance: Instance, table: Float64Array): Promise<Occupancy> {
  const order = Array.from({ length: instance.numArms }, (_, i) => i).sort((a, b) => table[b * 2 + 1] - table[a * 2 + 1] || a - b);
  const chosen = new Set(order.slice(0, BUDGET));
  const n = instance.numArms;
  return {
    numArms: n, numStates: 2, numTrials: 1, horizon: HORIZON, discount: 0.9,
    discounted: new Float64Array(n * 2).fill(1), undiscounted: new Float64Array(n * 2).fill(HORIZON / 2),
    pulls: Float64Array.from({ length: n }, (_, i) => (chosen.has(i) ? HORIZON : 0)),
    pulledAtLeastOnce: Float64Array.from({ length: n }, (_, i) => (chosen.has(i) ? 1 : 0)), engagedSum: 0, pulledIdSum: 0,
  };
}

