// What an import does with each feature column, so that none is left out of the groups in silence:
// a column of a one-hot group is one of its buckets; a lone 0/1 column becomes a two-bucket group
// ("Low income": no / yes); a numeric column is banded (quantiles, or cut points the user types)
// by core/plan/band-numeric.ts, the one implementation of banding, which registers use too.
// Columns keep the name the user wrote (the label); the identifier (name) is internal only.
import type { FeatureSchema } from '../instance/types.ts';
import { bandNumericFeatures, checkCuts, quantileCuts } from '../plan/band-numeric.ts';

/** How a numeric column is cut: at `bands` quantiles, or at the cut points typed as text. */
export type BandChoice = { by: 'quantiles'; bands: number } | { by: 'cuts'; text: string };

export const DEFAULT_BANDS = 4;

export interface ColumnUse {
  /** The column as the user wrote it. */
  column: string;
  /** Its position in the feature vector: agent_feats[index]. */
  index: number;
  /** one-hot: a bucket of a group of 0/1 columns; binary: a lone 0/1 column; numeric: banded. */
  kind: 'one-hot' | 'binary' | 'numeric';
  /** The group it is counted in, and that group's buckets. */
  group: string;
  buckets: string[];
  /** Numeric columns: how they were cut, the cuts, and the range of values. */
  by?: 'quantiles' | 'cuts';
  cuts?: number[];
  min?: number;
  max?: number;
}

export interface BandedImport {
  schema: FeatureSchema;
  uses: ColumnUse[];
  /** Cut points that could not be read, by column (that column is cut at quantiles meanwhile). */
  problems: { column: string; message: string }[];
}

/** "20, 30.5, 40" (commas, semicolons or spaces) -> [20, 30.5, 40]; throws naming the column. */
export function parseCutPoints(text: string, column: string): number[] {
  const parts = text.split(/[\s,;]+/).filter((p) => p !== '');
  if (parts.length === 0) throw new Error(`type at least one cut point for "${column}", e.g. 20, 30`);
  for (const p of parts) if (!Number.isFinite(Number(p))) throw new Error(`"${p}" in the cut points of "${column}" is not a number`);
  return checkCuts(column, parts.map(Number));
}

/**
 * Every stand-alone feature column made a group (see the file comment). choices: per column name
 * (the internal identifier); a numeric column without one is cut at DEFAULT_BANDS quantiles.
 */
export function bandImport(schema: FeatureSchema, features: Float64Array, numArms: number, choices: Readonly<Record<string, BandChoice>> = {}): BandedImport {
  const F = schema.columns.length;
  const cuts: Record<string, number[]> = {};
  const how = new Map<number, 'quantiles' | 'cuts'>();
  const range = new Map<number, [number, number]>();
  const problems: BandedImport['problems'] = [];
  schema.columns.forEach((c, f) => {
    const given = schema.groups.find((g) => g.name === c.group);
    if (given?.kind === 'one-hot') return;
    const values = new Float64Array(numArms);
    let zeroOne = true, min = Infinity, max = -Infinity;
    for (let arm = 0; arm < numArms; arm++) {
      const v = (values[arm] = features[arm * F + f]);
      if (v !== 0 && v !== 1) zeroOne = false;
      if (v < min) min = v;
      if (v > max) max = v;
    }
    range.set(f, [min, max]);
    if (given) return void how.set(f, 'cuts'); // banded by the schema file
    if (zeroOne) return; // band-numeric makes it "no" / "yes"
    const choice = choices[c.name] ?? { by: 'quantiles', bands: DEFAULT_BANDS };
    if (choice.by === 'cuts') {
      try {
        cuts[c.name] = parseCutPoints(choice.text, c.label);
        how.set(f, 'cuts');
        return;
      } catch (error) {
        problems.push({ column: c.label, message: (error as Error).message });
      }
    }
    cuts[c.name] = quantileCuts(values, choice.by === 'quantiles' ? choice.bands : DEFAULT_BANDS);
    how.set(f, 'quantiles');
  });
  const banded = bandNumericFeatures(schema, features, numArms, { cuts });
  const uses = banded.columns.map((c, f): ColumnUse => {
    const group = banded.groups.find((g) => g.name === c.group)!;
    const kind = how.has(f) ? 'numeric' : schema.columns[f].group !== null ? 'one-hot' : 'binary';
    const use: ColumnUse = { column: c.label, index: f, kind, group: group.name, buckets: [...group.buckets] };
    if (kind === 'numeric') Object.assign(use, { by: how.get(f), cuts: [...(group.edges ?? [])], min: range.get(f)![0], max: range.get(f)![1] });
    return use;
  });
  return { schema: banded, uses, problems };
}

const QUANTILES: Record<number, string> = { 2: 'halves (at the median)', 3: 'thirds', 4: 'quarters (quartiles)', 5: 'fifths (quintiles)', 10: 'tenths (deciles)' };

/** The quantile bands in words: "quarters (quartiles)", "6 equal-sized bands". */
export function quantileWords(bands: number): string {
  return QUANTILES[bands] ?? `${bands} bands of about equal size`;
}

/** What allot does with a column, in words, for the Data screen. */
export function columnUseWords(use: ColumnUse): string {
  const buckets = use.buckets.join(' · ');
  if (use.kind === 'one-hot') return `one bucket of the group “${use.group}” (buckets: ${buckets})`;
  if (use.kind === 'binary') return `yes/no: the group “${use.group}” with two buckets, ${buckets}`;
  const n = use.buckets.length;
  const cut = use.by === 'cuts' ? 'at your cut points' : 'at its quantiles';
  return n === 1
    ? `numbers from ${use.min} to ${use.max}, too few distinct values to band: the group “${use.group}” has one bucket`
    : `numbers from ${use.min} to ${use.max}, banded ${cut} into the group “${use.group}” with ${n} buckets: ${buckets}`;
}
