// Parts for the language study's pipeline test: a 10-arm population on the multilingual schema
// whose allocations are computed by hand, and a scripted simulator that
// pulls the top-B arms by reward in state 1 for the whole horizon (so the expected table is exact;
// the command-line test runs the study on the WASM engine).
import type { Occupancy } from '../../../../src/core/instance/occupancy.ts';
import type { Instance } from '../../../../src/core/instance/types.ts';
import { multilingualSchema } from '../../../../src/core/datasets/generators/multilingual.ts';

const schema = multilingualSchema();
const F = 34;
const HORIZON = 4;
const BUDGET = 2;

/** 10 arms; arm i: age i%5, language floor(i/2)%5, education i%7, phone i%3, call time i%6, income i%8. */
export function population(): Instance {
  const n = 10;
  const features = new Float64Array(n * F);
  const bucket = [
    (i: number) => i % 5,
    (i: number) => Math.floor(i / 2) % 5,
    (i: number) => i % 7,
    (i: number) => i % 3,
    (i: number) => i % 6,
    (i: number) => i % 8,
  ];
  for (let i = 0; i < n; i++) schema.groups.forEach((g, k) => (features[i * F + g.columns[bucket[k](i)]] = 1));
  return {
    numArms: n,
    numStates: 2,
    ids: Array.from({ length: n }, (_, i) => `arm${i}`),
    transitions: new Float64Array(n * 8),
    schema,
    features,
    initial: new Float64Array(n * 2),
    budget: BUDGET,
    horizon: HORIZON,
    discount: 0.9,
    provenance: { kind: 'generator', generator: 'test', parameters: {}, seed: 0 },
    warnings: [],
  };
}

/** Pulls the BUDGET arms with the highest reward in state 1 (lowest index first on ties) at every step. */
export async function simulate(instance: Instance, table: Float64Array): Promise<Occupancy> {
  const order = Array.from({ length: instance.numArms }, (_, i) => i).sort(
    (a, b) => table[b * 2 + 1] - table[a * 2 + 1] || a - b,
  );
  const chosen = new Set(order.slice(0, BUDGET));
  const n = instance.numArms;
  return {
    numArms: n,
    numStates: 2,
    numTrials: 1,
    horizon: HORIZON,
    discount: 0.9,
    discounted: new Float64Array(n * 2).fill(1),
    undiscounted: new Float64Array(n * 2).fill(HORIZON / 2),
    pulls: Float64Array.from({ length: n }, (_, i) => (chosen.has(i) ? HORIZON : 0)),
    pulledAtLeastOnce: Float64Array.from({ length: n }, (_, i) => (chosen.has(i) ? 1 : 0)),
    engagedSum: 0,
    pulledIdSum: 0,
  };
}
