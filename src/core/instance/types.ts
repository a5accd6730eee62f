// The RMAB instance model shared by every layer. Construction and validation live in
// src/core/instance (one validated constructor); everything downstream trusts these shapes.
import type { GeneratedPopulation } from '../datasets/population-choice.ts';

/** How a feature's values are read. */
export type FeatureType = 'binary' | 'integer' | 'continuous';

export interface FeatureColumn {
  /**
   * Identifier usable in reward expressions as `agent_feats.<name>`: a Python identifier (letters of any script,
   * digits, _), NFKC-normalized.
   */
  name: string;
  /** Short human label, e.g. "Ages 51-60". */
  label: string;
  /** Longer description, shown in prompts and tooltips. */
  description: string;
  type: FeatureType;
  /** Name of the group this column belongs to (e.g. "Ages"), or null for a stand-alone feature. */
  group: string | null;
}

export interface FeatureGroup {
  /** e.g. "Ages", "Income". */
  name: string;
  /** one-hot: exactly one of the member columns is 1 per arm; bucketed: one numeric column cut into buckets. */
  kind: 'one-hot' | 'bucketed';
  /** Member column indices, in bucket order for ordered groups. */
  columns: number[];
  /** Whether the buckets have a natural order (ages, income), which EMD and shift measures need. */
  ordered: boolean;
  /** Bucket labels, in order; for one-hot groups one per member column. */
  buckets: string[];
  /** For bucketed groups: the upper edges of the buckets but the last (value <= edge[i] falls in bucket i). */
  edges?: number[];
  /** Set when the group is a text column of the user's file (datasets/text-columns.ts). */
  text?: TextGroup;
}

/**
 * A text column made a one-hot group: a bucket (and a 0/1 column) per value as written. Reward
 * expressions read her value by `agent_feats.<name>` (compared as text: `agent_feats.district == "पालघर"`).
 */
export interface TextGroup {
  /** The identifier of the value in rewards; unique among the schema's column names and text groups. */
  name: string;
  /** The column's header as written in the file. */
  column: string;
  /**
   * Per bucket, the value its beneficiaries hold as written: '' for the blank cells (the bucket
   * "not recorded"); null for the bucket of rare values merged into "other", which `merged` lists.
   */
  values: (string | null)[];
  merged?: string[];
  /** With `merged`: the threshold they were seen fewer times than. */
  rareBelow?: number;
}

export interface FeatureSchema {
  /** Columns in feature-vector order: agent_feats[i] is columns[i]. */
  columns: FeatureColumn[];
  groups: FeatureGroup[];
}

export type Provenance = (
  GeneratedPopulation | { kind: 'file'; fileName: string; contentHash: string; format: string }
) & {
  /** Set when the instance is a random subset of a larger population (see sampleArms). */
  sample?: ArmSample;
};

/** Which arms of a population a sampled instance holds. */
export interface ArmSample {
  /** Arms in the population the sample was drawn from. */
  populationArms: number;
  /** Seed of the draw. */
  seed: number;
  /** Population index of each sampled arm, ascending. */
  indices: number[];
}

/**
 * A validated RMAB instance. Arrays are flat and row-major:
 *   transitions: numArms x numStates x numActions(2) x numStates, P(next | state, action)
 *   features:    numArms x numFeatures (numFeatures = schema.columns.length)
 *   initial:     numArms x numStates, the initial-state distribution of each arm
 */
export interface Instance {
  numArms: number;
  numStates: number;
  ids: string[];
  transitions: Float64Array;
  schema: FeatureSchema;
  features: Float64Array;
  initial: Float64Array;
  /** Arms pulled per step, 0 < budget <= numArms. */
  budget: number;
  /** Steps per simulated trial. */
  horizon: number;
  /** Discount in [0, 1). */
  discount: number;
  /**
   * Arms each evaluation seed samples from this population (DLM: 48 of 7,668), with sampleArms;
   * absent when every evaluation uses all arms.
   */
  sampleSize?: number;
  provenance: Provenance;
  /**
   * The program the population belongs to, in words ("phone calls to pregnant women enrolled in a
   * maternal-health program in Kenya"): the prompts name it instead of DLM's "mothers in India". Editable on import.
   */
  program?: string;
  /** Non-fatal findings of validation (for example renormalized rows). */
  warnings: string[];
}

/** Number of actions: 0 passive, 1 active. */
export const NUM_ACTIONS = 2;
