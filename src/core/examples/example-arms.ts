// The built-in example: four beneficiaries with 2 states (0 disengaged, 1 engaged), shown on
// first start and used by `allot example`. Numbers are allot's own illustration, not from a paper.

export interface ExampleArms {
  labels: string[];
  /** numArms x 2 states x 2 actions x 2 next states, row-major: P(next | state, action). */
  transitions: Float64Array;
  /** numArms x 2 states: reward of being in each state. */
  rewards: Float64Array;
  discount: number;
}

/** P(next state = 1 | state s, action a) per arm, as [q00, q01, q10, q11]. */
const ENGAGEMENT: [string, number, number, number, number][] = [
  ['drifting away, responds to calls', 0.1, 0.6, 0.5, 0.9],
  ['steady, calls help a little', 0.3, 0.4, 0.8, 0.9],
  ['hard to reach', 0.05, 0.15, 0.4, 0.5],
  ['engaged on her own', 0.6, 0.65, 0.95, 0.97],
];

export function exampleArms(): ExampleArms {
  const n = ENGAGEMENT.length;
  const transitions = new Float64Array(n * 8);
  const rewards = new Float64Array(n * 2);
  ENGAGEMENT.forEach(([, q00, q01, q10, q11], arm) => {
    const q = [q00, q01, q10, q11]; // index s*2 + a
    for (let sa = 0; sa < 4; sa++) {
      transitions[arm * 8 + sa * 2] = 1 - q[sa];
      transitions[arm * 8 + sa * 2 + 1] = q[sa];
    }
    rewards[arm * 2 + 1] = 1;
  });
  return { labels: ENGAGEMENT.map(([label]) => label), transitions, rewards, discount: 0.9 };
}
