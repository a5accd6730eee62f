// The averages row of DLM's Table 4: one method's MNR averaged over tasks.
import type { NormalizedScore } from './mean-normalized-reward.ts';

/**
 * Mean of the tasks' MNRs and its standard error sqrt(sum se_i^2) / n, treating the tasks'
 * estimates as independent (each task is simulated on its own seeds). NaN when `scores` is empty
 * or any task's score is NaN.
 */
export function averageNormalizedReward(scores: readonly Pick<NormalizedScore, 'mnr' | 'se'>[]): {
  mnr: number;
  se: number;
} {
  const n = scores.length;
  if (n === 0) return { mnr: Number.NaN, se: Number.NaN };
  let sum = 0;
  let variance = 0;
  for (const s of scores) {
    sum += s.mnr;
    variance += s.se * s.se;
  }
  return { mnr: sum / n, se: Math.sqrt(variance) / n };
}
