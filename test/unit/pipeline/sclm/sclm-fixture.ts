// Scripted parts for the SCLM tests: the LLM replies come from scripts, the compiler knows five
// expressions and the simulator is a small deterministic stand-in (more reward, more time in the
// good state).
import type { FeatureSchema } from '../../../../src/core/instance/types.ts';
import type { Occupancy } from '../../../../src/core/instance/occupancy.ts';
import { requestKey } from '../dlm/recorded-replies.ts';
import type { DlmParts } from '../../../../src/pipeline/dlm/run-dlm.ts';
import { acceptClauses } from '../../../../src/pipeline/sclm/accept-clauses.ts';
import { runSclm, type SclmEvent, type SclmParts } from '../../../../src/pipeline/sclm/run-sclm.ts';
import { createSclmRun, type SclmClause, type SclmRunState } from '../../../../src/pipeline/sclm/sclm-run-state.ts';

// Four arms: (income, age, education) = (low, young, low), (low, old, high), (high, old, low), (high, young, high).
const col = (name: string, group: string) => ({ name, label: name, description: name, type: 'binary' as const, group });
export const SCHEMA: FeatureSchema = {
  columns: [
    col('low_income', 'Income'),
    col('high_income', 'Income'),
    col('young', 'Age'),
    col('old', 'Age'),
    col('low_edu', 'Education'),
    col('high_edu', 'Education'),
  ],
  groups: [
    { name: 'Income', kind: 'one-hot', columns: [0, 1], ordered: true, buckets: ['low', 'high'] },
    { name: 'Age', kind: 'one-hot', columns: [2, 3], ordered: true, buckets: ['young', 'old'] },
    { name: 'Education', kind: 'one-hot', columns: [4, 5], ordered: true, buckets: ['low', 'high'] },
  ],
};
export const FEATURES = Float64Array.from(
  [
    [1, 0, 1, 0, 1, 0],
    [1, 0, 0, 1, 0, 1],
    [0, 1, 0, 1, 1, 0],
    [0, 1, 1, 0, 0, 1],
  ].flat(),
);

/** reward[arm, state] = state * weight[arm] for the expressions the scripted compiler knows. */
export const WEIGHTS: Record<string, number[]> = {
  state: [1, 1, 1, 1],
  'state*low_income': [2, 2, 1, 1],
  'state*old': [1, 2, 2, 1],
  'state*low_income*old': [2, 3, 2, 1],
  'state*high_edu': [1, 2, 1, 2],
};
export const tableOf = (w: number[]) => Float64Array.from(w.flatMap((x) => [0, x]));

export function compileExpression(expression: string) {
  const normalized = expression.replace(/\s+/g, '');
  const w = WEIGHTS[normalized];
  return w
    ? { ok: true as const, expression: expression.trim(), normalized, rewardTable: tableOf(w) }
    : { ok: false as const, error: `unknown name in "${expression.trim()}"` };
}

/** Stand-in simulation: arm a spends 2 + 6 w_a / sum(w) of 10 discounted steps in the good state. */
export function fakeOccupancy(table: Float64Array): Occupancy {
  const w = [0, 1, 2, 3].map((a) => table[2 * a + 1]);
  const sum = w.reduce((x, y) => x + y, 0);
  const good = w.map((x) => 2 + (6 * x) / sum);
  const occ = Float64Array.from(good.flatMap((g) => [10 - g, g]));
  return {
    numArms: 4,
    numStates: 2,
    numTrials: 1,
    horizon: 10,
    discount: 0.9,
    discounted: occ,
    undiscounted: occ,
    pulls: new Float64Array(4),
    pulledAtLeastOnce: new Float64Array(4),
    engagedSum: 0,
    pulledIdSum: 0,
  };
}

/**
 * Scripted parts. Replies by key: "<run>/<dlm key>" for inner DLM runs (e.g. "generator/r0/c1#0"),
 * the SCLM key for its own questions ("split#0", "rate/r0/c0/low income#0"). A reflection without
 * a script picks index 0. failOn keys fail once, like a provider outage.
 */
export function scripted(script: Record<string, string>, options: { failOn?: Set<string> } = {}) {
  const answered: string[] = [];
  const simulated: string[] = [];
  const reply = (key: string, fallback?: string) => {
    if (options.failOn?.has(key)) {
      options.failOn.delete(key);
      throw new Error(`provider unavailable (503) at ${key}`);
    }
    const text = script[key] ?? fallback;
    if (text === undefined) throw new Error(`no scripted reply for ${key}`);
    answered.push(key);
    return text;
  };
  const dlm = (run: string): DlmParts => ({
    propose: async (r) => reply(`${run}/${requestKey(r)}`),
    reflect: async (r) => reply(`${run}/${requestKey(r)}`, 'The best reward function is at index: 0'),
    compile: (text) => {
      const m = /\$\$\$(.*)\$\$\$/s.exec(text);
      return m ? compileExpression(m[1]) : { ok: false, error: 'Write the reward function between $$$ and $$$.' };
    },
    simulate: async () => ({ distribution: [] }),
  });
  const parts: SclmParts = {
    ask: async (r) => reply(r.key),
    dlm,
    compileExpression,
    simulate: async ({ rewardTable }) => {
      simulated.push(Array.from(rewardTable).join(','));
      return fakeOccupancy(rewardTable);
    },
    instance: { features: FEATURES, schema: SCHEMA },
  };
  return { parts, answered, simulated };
}

export const PROMPT = 'Prioritize low-income agents and also prioritize older agents.';
export const CLAUSES: SclmClause[] = [
  {
    name: 'low income',
    text: 'Prioritize low-income agents.',
    kind: 'prioritize',
    target: { group: 'Income', end: 'bottom' },
  },
  { name: 'old', text: 'Prioritize older agents.', kind: 'prioritize', target: { group: 'Age', end: 'top' } },
];
export const FLOW: Record<string, string> = {
  'split#0': 'Clause 1: Prioritize low-income agents.\nClause 2: Prioritize older agents.',
  'generator/r0/c0#0': '$$$ state * low_income $$$',
  'generator/r0/c1#0': '$$$ state * old $$$',
  'generator/r1/c0#0': '$$$ state * low_income * old $$$',
  'generator/r1/c1#0': '$$$ state*low_income $$$', // a duplicate: in the pool once
  'generator/r1/reflect#0': 'The best reward function is at index: 1',
  'clause:low income/r0/c0#0': '$$$ state * low_income $$$',
  'clause:old/r0/c0#0': '$$$ state * old $$$',
  'zero-shot/r0/c0#0': '$$$ state * high_edu $$$',
  'extended/r0/c0#0': '$$$ state * old $$$',
  'extended/r0/c1#0': '$$$ state $$$',
  'extended/r1/c0#0': '$$$ state * low_income $$$',
  'extended/r1/c1#0': '$$$ state * old $$$',
};
export const SMALL = { pool: { rounds: 2, candidates: 2 }, clauseDlm: { rounds: 1, candidates: 1 } };

export async function runAll(state: SclmRunState, parts: SclmParts) {
  const checkpoints: SclmRunState[] = [];
  const events: SclmEvent[] = [];
  const final = await runSclm(state, parts, { checkpoint: (s) => checkpoints.push(s), onEvent: (e) => events.push(e) });
  return { final, checkpoints, events };
}

/** A run with the clauses split and accepted. */
export async function accepted(config = {}, clauses = CLAUSES, script = FLOW) {
  const fake = scripted(script);
  const { final } = await runAll(createSclmRun(PROMPT, { ...SMALL, ...config }), fake.parts);
  return { state: acceptClauses(final, clauses, SCHEMA), fake };
}
