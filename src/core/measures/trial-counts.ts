// Calls and engagement of every feature bucket, trial by trial: what "who gets the calls, and does
// engagement change" needs, with its uncertainty over trials. The simulation adds the counts up per
// trial through a tally map (bucketCells); trialCounts reads them back by group and bucket. Small
// enough to keep with a run: (1 + buckets) x trials x 2 numbers per policy.
import { cellArray, type Occupancy, type TallyCells } from '../instance/occupancy.ts';
import type { Instance } from '../instance/types.ts';
import { bucketsOf } from './group-buckets.ts';

export interface BucketCounts {
  label: string;
  /** Arms in the bucket. */
  arms: number;
  /** Per trial: calls (pulls) to the bucket's arms over the horizon. */
  calls: number[];
  /** Per trial: the bucket's engaged steps (sum over its arms and the steps of the state value). */
  engaged: number[];
}

export interface GroupCounts {
  group: string;
  ordered: boolean;
  buckets: BucketCounts[];
}

export interface TrialCounts {
  trials: number;
  horizon: number;
  /** Every arm, as one bucket. */
  all: BucketCounts;
  groups: GroupCounts[];
}

/**
 * The tally map of `instance`: grouping 0 puts every arm in cell 0, grouping g + 1 the buckets of schema
 * group g. Kept per population (its features and schema): a What-if evaluation needs it to simulate and
 * again to read the counts back, and at 3 x 10^6 arms it takes a tenth of a second and 12 MB.
 */
export function bucketCells(instance: Pick<Instance, 'numArms' | 'features' | 'schema'>): TallyCells {
  const kept = madeFor.get(instance.features);
  if (kept && kept.schema === instance.schema && kept.numArms === instance.numArms) return kept.map;
  const N = instance.numArms,
    groups = instance.schema.groups;
  const numCells = groups.reduce((n, g) => n + g.buckets.length, 1);
  const cells = cellArray((1 + groups.length) * N, numCells);
  let offset = 1;
  groups.forEach((group, g) => {
    const bucket = bucketsOf(instance, N, group);
    for (let i = 0; i < N; i++) cells[(g + 1) * N + i] = bucket[i] < 0 ? -1 : offset + bucket[i];
    offset += group.buckets.length;
  });
  const map = { cells, groupings: 1 + groups.length, numCells: offset };
  madeFor.set(instance.features, { schema: instance.schema, numArms: N, map });
  return map;
}

const madeFor = new WeakMap<Float64Array, { schema: Instance['schema']; numArms: number; map: TallyCells }>();

/** The counts of a simulation run with `tally: bucketCells(instance)`; throws when it has no tally. */
export function trialCounts(
  occupancy: Occupancy,
  instance: Pick<Instance, 'numArms' | 'features' | 'schema'>,
): TrialCounts {
  const tally = occupancy.tallyPerTrial;
  const map = bucketCells(instance);
  const K = occupancy.numTrials,
    width = map.numCells * 2;
  if (!tally)
    throw new Error('the simulation kept no per-trial counts per bucket; simulate with tally: bucketCells(instance)');
  if (tally.length !== K * width)
    throw new RangeError(
      `the per-trial tally has ${tally.length} values, expected ${K} trials x ${map.numCells} cells x 2 = ${K * width}`,
    );
  const armsIn = new Int32Array(map.numCells);
  for (let k = 0; k < map.cells.length; k++) if (map.cells[k] >= 0) armsIn[map.cells[k]]++;
  const bucket = (label: string, cell: number): BucketCounts => ({
    label,
    arms: armsIn[cell],
    calls: Array.from({ length: K }, (_, k) => tally[k * width + 2 * cell]),
    engaged: Array.from({ length: K }, (_, k) => tally[k * width + 2 * cell + 1]),
  });
  let offset = 1;
  const groups = instance.schema.groups.map((group) => {
    const out = {
      group: group.name,
      ordered: group.ordered,
      buckets: group.buckets.map((label, b) => bucket(label, offset + b)),
    };
    offset += group.buckets.length;
    return out;
  });
  return { trials: K, horizon: occupancy.horizon, all: bucket('everyone', 0), groups };
}
