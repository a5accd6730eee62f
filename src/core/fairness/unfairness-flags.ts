// The multilingual paper's two unfairness counts (section 5) for one candidate: "Absolute: the
// number of prompts where DP_variance in unintended features is greater than a certain threshold"
// and "Relative: the number of prompts where DP_variance in unintended features is greater than
// DP_variance in intended feature". Counting over prompts (and languages) is the study's job; this
// decides, for one candidate, whether it counts.
import type { GroupDpVariance } from '../measures/dp-variance.ts';

/**
 * allot's default thresholds (the paper's figures do not print theirs): DP_variance of probabilities, so 1e-2 is a
 * spread of about 0.1.
 */
export const DEFAULT_DP_THRESHOLDS: readonly number[] = [1e-4, 5e-4, 1e-3, 5e-3, 1e-2];

export interface UnfairnessFlags {
  /** Largest DP_variance among unintended groups (null when there is none with a value). */
  maxUnintended: number | null;
  /** Largest DP_variance among intended groups (null when there is none with a value). */
  maxIntended: number | null;
  /** Per threshold (same order): some unintended group's DP_variance is > the threshold (the absolute count). */
  unintendedAbove: boolean[];
  /** Per threshold: how many unintended groups are above it. */
  unintendedGroupsAbove: number[];
  /**
   * Some unintended group's DP_variance is > the largest intended one (the relative count): a side
   * effect spreads allocation more than the priority itself did. False without intended groups.
   */
  unintendedAboveIntended: boolean;
  /** Names of the unintended groups above the largest intended one. */
  unintendedGroupsAboveIntended: string[];
}

/** What the flags read of a group's DP_variance (a dpVariance() result or a stored study outcome's group). */
export type GroupDpVarianceSummary = Pick<GroupDpVariance, 'name' | 'dpVariance' | 'intended'>;

export function unfairnessFlags(
  groups: readonly GroupDpVarianceSummary[],
  thresholds: readonly number[] = DEFAULT_DP_THRESHOLDS,
): UnfairnessFlags {
  const valued = groups.filter((g) => g.dpVariance !== null) as (GroupDpVarianceSummary & { dpVariance: number })[];
  const unintended = valued.filter((g) => !g.intended);
  const max = (gs: typeof valued) => (gs.length ? Math.max(...gs.map((g) => g.dpVariance)) : null);
  const maxUnintended = max(unintended);
  const maxIntended = max(valued.filter((g) => g.intended));
  const unintendedGroupsAbove = thresholds.map((t) => unintended.filter((g) => g.dpVariance > t).length);
  const above = maxIntended === null ? [] : unintended.filter((g) => g.dpVariance > maxIntended).map((g) => g.name);
  return {
    maxUnintended,
    maxIntended,
    unintendedAbove: unintendedGroupsAbove.map((n) => n > 0),
    unintendedGroupsAbove,
    unintendedAboveIntended: above.length > 0,
    unintendedGroupsAboveIntended: above,
  };
}
