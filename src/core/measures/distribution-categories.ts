// A policy's state-feature distributions as the reflection prompt lists them: one category per
// printed section, each bucket with its share in percent. The structure travels (run state,
// checkpoints, prompts); it is formatted to text once, in the prompt (distribution-text.ts).
import type { GroupDistribution } from './state-feature-distribution.ts';

/** One printed category: its heading and the share (percent) of each bucket. */
export interface DistributionCategory {
  category: string;
  buckets: { label: string; percent: number }[];
}

/** One printed category of a layout: which schema group, its heading, and optionally its bucket labels. */
export interface DistributionSection {
  /** Schema group name. */
  group: string;
  /** Text after "Category: ". */
  heading: string;
  /** Labels in bucket order; the schema's bucket labels when absent. */
  labels?: string[];
}

/**
 * The sections of `layout` (by default every distribution in order, headed by its group name) with
 * each bucket's share in percent. Throws when a section names a group that is not there or gives a
 * wrong number of labels.
 */
export function distributionCategories(
  distributions: readonly GroupDistribution[],
  layout?: readonly DistributionSection[],
): DistributionCategory[] {
  const sections: readonly DistributionSection[] =
    layout ?? distributions.map((d) => ({ group: d.group, heading: d.group }));
  return sections.map((section) => {
    const d = distributions.find((x) => x.group === section.group);
    if (!d) throw new Error(`the layout names group "${section.group}", which the distributions do not have`);
    const labels = section.labels ?? d.buckets;
    if (labels.length !== d.shares.length)
      throw new Error(
        `the layout gives ${labels.length} labels for group "${section.group}", which has ${d.shares.length} buckets`,
      );
    return {
      category: section.heading,
      buckets: d.shares.map((share, b) => ({ label: labels[b], percent: share * 100 })),
    };
  });
}
