// Test arms shared by the pool page (in Chromium) and the test (in Node).

/** 2-state arms drawn from a small LCG, so the test can rebuild the same arms in Node. */
export function lcgArms(n: number, seed: number): { transitions: Float64Array; rewards: Float64Array } {
  let x = seed >>> 0;
  const u = () => (x = (Math.imul(x, 1664525) + 1013904223) >>> 0) / 4294967296;
  const transitions = new Float64Array(n * 8),
    rewards = new Float64Array(n * 2);
  for (let i = 0; i < n; i++) {
    for (let sa = 0; sa < 4; sa++) {
      const q = u();
      transitions[i * 8 + sa * 2] = 1 - q;
      transitions[i * 8 + sa * 2 + 1] = q;
    }
    rewards[2 * i] = u();
    rewards[2 * i + 1] = 1 + u();
  }
  return { transitions, rewards };
}
