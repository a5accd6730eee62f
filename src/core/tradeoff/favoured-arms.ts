// Whom a priority favours, read off its reward table: the arms whose engagement it values more
// than the population does on average. An arm's gain is what the reward pays for being in the top
// state rather than the bottom one, R[i, S-1] - R[i, 0]; the favoured arms are those whose gain is
// above the mean gain over all arms (by more than a relative 1e-9, so rounding never favours).
// For `state * (1 + agent_feats.age_51_60)` that is exactly the mothers aged 51-60; for a reward
// that lowers a group's weight it is everyone else. A reward that pays every arm alike favours none.

/** 1 for each favoured arm, numArms entries (reward: numArms x numStates, row-major). */
export function favouredArms(reward: Float64Array, numStates: number): Uint8Array {
  const N = reward.length / numStates;
  const gain = new Float64Array(N);
  let mean = 0;
  for (let i = 0; i < N; i++) {
    gain[i] = reward[i * numStates + numStates - 1] - reward[i * numStates];
    mean += gain[i];
  }
  mean /= Math.max(1, N);
  const tolerance = 1e-9 * Math.max(1, Math.abs(mean));
  const out = new Uint8Array(N);
  for (let i = 0; i < N; i++) out[i] = gain[i] > mean + tolerance ? 1 : 0;
  return out;
}

/** Who a reward names, in words: the labels of the feature columns it reads ("Ages 51-60, Income low"). */
export function favouredLabel(
  schema: { columns: readonly { label: string }[] },
  featuresUsed: readonly number[],
): string {
  return featuresUsed.map((i) => schema.columns[i]?.label ?? `agent_feats[${i}]`).join(', ');
}
