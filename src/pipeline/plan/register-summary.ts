// What the page shows of a register (never the register itself): its size, history, groups with the
// count of beneficiaries per bucket, and the numeric features whose bands can be edited.
import { countOnes } from '../../core/plan/bit-plane.ts';
import type { ColumnReport } from '../../core/datasets/column-mapping.ts';
import type { FeatureSchema } from '../../core/instance/types.ts';
import { groupBuckets } from '../../core/measures/group-buckets.ts';
import { currentState, currentWeek, type Register } from '../../core/plan/register.ts';
import { bandableGroups } from './reband.ts';
import { sliceIds, unpackIds } from '../../core/plan/packed-ids.ts';

export interface RegisterSummary {
  numArms: number;
  numStates: number;
  /** Weeks of history (the current one included) and the week the next list is for. */
  weeks: number;
  firstWeek: number;
  currentWeek: number;
  /** Calls recorded in the history, and beneficiaries engaged now. */
  historyCalls: number;
  engagedNow: number;
  /** Transitions given by the file (true) or estimated from the history (false). */
  transitionsGiven: boolean;
  budget: number;
  schema: FeatureSchema;
  /** Beneficiaries per bucket, per group in schema order. */
  bucketCounts: number[][];
  bandable: ReturnType<typeof bandableGroups>;
  /** The first ids, to show the user what was read. */
  sampleIds: string[];
  source: string;
  warnings: string[];
  /** What was done with every column of her files (the mapping step's report); empty for a built-in register. */
  columns: ColumnReport[];
  /** The columns carried into the call list. */
  carry: string[];
  /** Whether its text columns can be grouped again (a register read from a file, being set up). */
  regroupable?: boolean;
}

export function registerSummary(register: Register): RegisterSummary {
  const { numArms: N, numStates: S, schema, features, history } = register;
  let historyCalls = 0;
  // The current week's calls are what the plan decides, not history (bits: counted a byte at a time).
  for (let w = 0; w < history.called.length - 1; w++) historyCalls += countOnes(history.called[w]);
  const now = currentState(register);
  let engagedNow = 0;
  for (let arm = 0; arm < N; arm++) if (now[arm] === S - 1) engagedNow++;
  const buckets = groupBuckets(schema, features, N);
  const bucketCounts = schema.groups.map((g, gi) => {
    const counts = new Array<number>(g.buckets.length).fill(0),
      bucket = buckets[gi];
    for (let arm = 0; arm < N; arm++) if (bucket[arm] >= 0) counts[bucket[arm]]++;
    return counts;
  });
  const p = register.provenance;
  return {
    numArms: N,
    numStates: S,
    weeks: history.states.length,
    firstWeek: history.firstWeek,
    currentWeek: currentWeek(history),
    historyCalls,
    engagedNow,
    transitionsGiven: register.transitions !== null,
    budget: register.budget,
    schema,
    bucketCounts,
    bandable: bandableGroups(schema),
    sampleIds: unpackIds(sliceIds(register.ids, 0, Math.min(5, register.numArms))),
    source: p.kind === 'generator' ? `the built-in ${p.generator} population (seed ${p.seed})` : `${p.fileName}`,
    warnings: register.warnings.slice(0, 20),
    columns: register.columns ?? [],
    carry: (register.carry ?? []).map((c) => c.name),
  };
}
