// What an import does with each feature column, so that none is left out of the groups in silence:
// a column of a one-hot group is one of its buckets; a text column is a group of its own (a bucket per
// value, made on reading: text-columns.ts), said once; a lone 0/1 column becomes a two-bucket group
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
  /**
   * one-hot: a bucket of a group of 0/1 columns; binary: a lone 0/1 column; numeric: banded; text: a text column, one
   * use for its group (index: its first 0/1 column).
   */
  kind: 'one-hot' | 'binary' | 'numeric' | 'text';
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
  for (const p of parts)
    if (!Number.isFinite(Number(p))) throw new Error(`"${p}" in the cut points of "${column}" is not a number`);
  return checkCuts(column, parts.map(Number));
}

/**
 * Every stand-alone feature column made a group (see the file comment). choices: per column name
 * (the internal identifier); a numeric column without one is cut at DEFAULT_BANDS quantiles.
 */
export function bandImport(
  schema: FeatureSchema,
  features: Float64Array,
  numArms: number,
  choices: Readonly<Record<string, BandChoice>> = {},
): BandedImport {
  return new ImportBander(schema, features, numArms).band(choices);
}

/** A column's values read once: its range and whether every value is 0 or 1. */
interface ColumnFacts {
  zeroOne: boolean;
  min: number;
  max: number;
  /** Quantile cuts already worked out, by number of bands. */
  quantiles: Map<number, number[]>;
}

/** How one numeric column is cut under one choice (key: the choice as text). */
interface ColumnBand {
  key: string;
  how: 'quantiles' | 'cuts';
  cuts: number[];
  problem?: string;
}

/**
 * bandImport for one import, remembering each column's values (range, 0/1), its quantile cuts and
 * its banding under the last choice, so a keystroke in one column's cut-point field bands that
 * column alone: a 100,000-row file is read through once, not once per keystroke per column.
 */
export class ImportBander {
  /** How many times a column was banded (its cut points worked out), and its values read from the rows. */
  bandings = 0;
  reads = 0;
  private readonly facts = new Map<number, ColumnFacts>();
  private readonly last = new Map<number, ColumnBand>();

  constructor(
    private readonly schema: FeatureSchema,
    private readonly features: Float64Array,
    private readonly numArms: number,
  ) {}

  band(choices: Readonly<Record<string, BandChoice>> = {}): BandedImport {
    const { schema } = this;
    const cuts: Record<string, number[]> = {};
    const how = new Map<number, 'quantiles' | 'cuts'>();
    const problems: BandedImport['problems'] = [];
    schema.columns.forEach((c, f) => {
      const given = schema.groups.find((g) => g.name === c.group);
      if (given?.kind === 'one-hot') return;
      if (given) return void how.set(f, 'cuts'); // banded by the schema file
      if (this.factsOf(f).zeroOne) return; // band-numeric makes it "no" / "yes"
      const band = this.bandOf(f, choices[c.name] ?? { by: 'quantiles', bands: DEFAULT_BANDS });
      if (band.problem) problems.push({ column: c.label, message: band.problem });
      cuts[c.name] = band.cuts;
      how.set(f, band.how);
    });
    // Every column band-numeric would read comes with its cuts or is known to be 0/1 (it makes
    // "no" / "yes" of a column it finds 0/1), so it is given no rows: it would only copy them.
    const banded = bandNumericFeatures(schema, new Float64Array(0), 0, { cuts });
    const uses = banded.columns.flatMap((c, f): ColumnUse[] => {
      const group = banded.groups.find((g) => g.name === c.group)!;
      if (group.text)
        return group.columns[0] === f
          ? [{ column: group.text.column, index: f, kind: 'text', group: group.name, buckets: [...group.buckets] }]
          : [];
      const kind = how.has(f) ? 'numeric' : schema.columns[f].group !== null ? 'one-hot' : 'binary';
      const use: ColumnUse = { column: c.label, index: f, kind, group: group.name, buckets: [...group.buckets] };
      if (kind === 'numeric') {
        const { min, max } = this.factsOf(f);
        Object.assign(use, { by: how.get(f), cuts: [...(group.edges ?? [])], min, max });
      }
      return [use];
    });
    return { schema: banded, uses, problems };
  }

  /** Column f's cuts under `choice`: typed cut points, or quantiles when they cannot be read. */
  private bandOf(f: number, choice: BandChoice): ColumnBand {
    const key = choice.by === 'cuts' ? `cuts:${choice.text}` : `quantiles:${choice.bands}`;
    const kept = this.last.get(f);
    if (kept?.key === key) return kept;
    this.bandings++;
    let band: ColumnBand | undefined;
    let problem: string | undefined;
    if (choice.by === 'cuts') {
      try {
        band = { key, how: 'cuts', cuts: parseCutPoints(choice.text, this.schema.columns[f].label) };
      } catch (error) {
        problem = (error as Error).message;
      }
    }
    band ??= {
      key,
      how: 'quantiles',
      cuts: this.quantilesOf(f, choice.by === 'quantiles' ? choice.bands : DEFAULT_BANDS),
      ...(problem && { problem }),
    };
    this.last.set(f, band);
    return band;
  }

  private quantilesOf(f: number, bands: number): number[] {
    const known = this.factsOf(f).quantiles;
    let cuts = known.get(bands);
    if (!cuts) known.set(bands, (cuts = quantileCuts(this.values(f), bands)));
    return cuts;
  }

  private factsOf(f: number): ColumnFacts {
    let facts = this.facts.get(f);
    if (facts) return facts;
    let zeroOne = true,
      min = Infinity,
      max = -Infinity;
    for (const v of this.values(f)) {
      if (v !== 0 && v !== 1) zeroOne = false;
      if (v < min) min = v;
      if (v > max) max = v;
    }
    this.facts.set(f, (facts = { zeroOne, min, max, quantiles: new Map() }));
    return facts;
  }

  private values(f: number): Float64Array {
    this.reads++;
    const F = this.schema.columns.length,
      values = new Float64Array(this.numArms);
    for (let arm = 0; arm < this.numArms; arm++) values[arm] = this.features[arm * F + f];
    return values;
  }
}

const QUANTILES: Record<number, string> = {
  2: 'halves (at the median)',
  3: 'thirds',
  4: 'quarters (quartiles)',
  5: 'fifths (quintiles)',
  10: 'tenths (deciles)',
};

/** The quantile bands in words: "quarters (quartiles)", "6 equal-sized bands". */
export function quantileWords(bands: number): string {
  return QUANTILES[bands] ?? `${bands} bands of about equal size`;
}

/** What allot does with a column, in words, for the Data screen. */
export function columnUseWords(use: ColumnUse): string {
  const buckets = use.buckets.join(' · ');
  if (use.kind === 'one-hot') return `one bucket of the group “${use.group}” (buckets: ${buckets})`;
  if (use.kind === 'binary') return `yes/no: the group “${use.group}” with two buckets, ${buckets}`;
  if (use.kind === 'text') return `text: the group “${use.group}” with a bucket per value as written, ${buckets}`;
  const n = use.buckets.length;
  const cut = use.by === 'cuts' ? 'at your cut points' : 'at its quantiles';
  return n === 1
    ? `numbers from ${use.min} to ${use.max}, too few distinct values to band: the group “${use.group}” has one bucket`
    : `numbers from ${use.min} to ${use.max}, banded ${cut} into the group “${use.group}” with ${n} buckets: ` +
        `${buckets}`;
}
