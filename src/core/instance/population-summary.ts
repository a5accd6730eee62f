// Summary tables of a population for the Data screen: what each feature looks like, how arms
// split over each group's buckets, and the mean transition probabilities. An import computes them
// in its worker (a pass over every arm: 100,000 arms would block the page).
import { transitionColumn } from './create-instance.ts';
import type { Instance } from './types.ts';
import { bucketOfArms } from '../measures/bucket-of-arms.ts';

export interface FeatureRow {
  index: number;
  name: string;
  label: string;
  type: string;
  group: string;
  mean: number;
  min: number;
  max: number;
}

export function featureSummary(instance: Instance): FeatureRow[] {
  const F = instance.schema.columns.length;
  return instance.schema.columns.map((col, f) => {
    let sum = 0,
      min = Infinity,
      max = -Infinity;
    for (let arm = 0; arm < instance.numArms; arm++) {
      const v = instance.features[arm * F + f];
      sum += v;
      if (v < min) min = v;
      if (v > max) max = v;
    }
    return {
      index: f,
      name: col.name,
      label: col.label,
      type: col.type,
      group: col.group ?? '',
      mean: sum / instance.numArms,
      min,
      max,
    };
  });
}

export interface GroupRow {
  name: string;
  kind: string;
  ordered: boolean;
  buckets: { label: string; arms: number }[];
  /** Arms in no bucket (a one-hot group with no column set). */
  outside: number;
}

export function groupSummary(instance: Instance): GroupRow[] {
  const F = instance.schema.columns.length;
  return instance.schema.groups.map((group) => {
    const bucket = bucketOfArms(instance.features, instance.numArms, F, group);
    const counts = new Array<number>(group.buckets.length).fill(0);
    let outside = 0;
    for (const b of bucket)
      if (b >= 0) counts[b]++;
      else outside++;
    return {
      name: group.name,
      kind: group.kind,
      ordered: group.ordered,
      buckets: group.buckets.map((label, b) => ({ label, arms: counts[b] })),
      outside,
    };
  });
}

export interface PopulationSummary {
  features: FeatureRow[];
  groups: GroupRow[];
  transitions: TransitionRow[];
}

export function summarizePopulation(instance: Instance): PopulationSummary {
  return {
    features: featureSummary(instance),
    groups: groupSummary(instance),
    transitions: transitionSummary(instance),
  };
}

export interface TransitionRow {
  state: number;
  action: number;
  mean: number[];
}

/** A count with thousands separators ("100,000"), without Intl (whose first use costs the page milliseconds). */
export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Mean over arms of P(next = t | s, a), one row per (s, a). */
export function transitionSummary(instance: Instance): TransitionRow[] {
  const S = instance.numStates,
    N = instance.numArms;
  const rows: TransitionRow[] = [];
  for (let s = 0; s < S; s++) {
    for (let a = 0; a < 2; a++) {
      const mean = new Array<number>(S).fill(0);
      for (let arm = 0; arm < N; arm++)
        for (let t = 0; t < S; t++) mean[t] += instance.transitions[((arm * S + s) * 2 + a) * S + t] / N;
      rows.push({ state: s, action: a, mean });
    }
  }
  return rows;
}

/**
 * The first `count` arms: id, P(next = top state | s, a) per (s, a), and the first features under the names the user
 * wrote.
 */
export function previewRows(
  instance: Instance,
  count = 5,
  maxFeatures = 6,
): { headers: string[]; rows: (string | number)[][] } {
  const S = instance.numStates,
    F = instance.schema.columns.length;
  const top = S - 1;
  const pairs: [number, number][] = [];
  for (let s = 0; s < S && pairs.length < 8; s++) for (let a = 0; a < 2; a++) pairs.push([s, a]);
  const shown = Math.min(F, maxFeatures);
  // 2-state arms as a population CSV writes them (q<s><a> = P(engaged next | s, a)), p_s_a_t otherwise.
  const headers = [
    'id',
    ...pairs.map(([s, a]) => (S === 2 ? `q${s}${a}` : transitionColumn(s, a, top))),
    ...instance.schema.columns.slice(0, shown).map((c) => c.label || c.name),
  ];
  const rows = [];
  for (let arm = 0; arm < Math.min(count, instance.numArms); arm++) {
    rows.push([
      instance.ids[arm],
      ...pairs.map(([s, a]) => instance.transitions[((arm * S + s) * 2 + a) * S + top]),
      ...Array.from({ length: shown }, (_, f) => instance.features[arm * F + f]),
    ]);
  }
  return { headers, rows };
}
