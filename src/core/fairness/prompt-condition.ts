// What a prompt asks for, in terms of the population's schema: one condition per feature it names
// ("middle-aged mothers earning less than 15000" = Age in {31-40, 41-50} and Income in brackets
// 1-4). Acceptability and task success are judged against these.
import type { FeatureGroup, FeatureSchema } from '../instance/types.ts';

export interface PromptCondition {
  /** Schema group name, e.g. "Age". */
  group: string;
  /** Bucket indices (0-based, in the group's order) the condition targets. */
  buckets: number[];
  /** Bucket indices a reward may also use without them being spurious (borderline values); never required. */
  tolerated?: number[];
}

export interface ResolvedCondition {
  group: FeatureGroup;
  buckets: number[];
  /** Feature columns of the targeted buckets (for a bucketed group, its one column). */
  columns: number[];
  /** Columns of the tolerated buckets. */
  toleratedColumns: number[];
}

/** Looks the condition's group up in `schema` and checks its bucket indices; errors name the condition. */
export function resolveCondition(schema: FeatureSchema, condition: PromptCondition): ResolvedCondition {
  const group = schema.groups.find((g) => g.name === condition.group);
  if (!group)
    throw new RangeError(
      `the condition names group "${condition.group}", which the schema does not have ` +
        `(${schema.groups.map((g) => g.name).join(', ')})`,
    );
  const k = group.buckets.length;
  const check = (list: readonly number[], what: string) => {
    for (const b of list)
      if (!Number.isInteger(b) || b < 0 || b >= k)
        throw new RangeError(`the condition on "${group.name}" names ${what} bucket ${b}, outside 0..${k - 1}`);
  };
  check(condition.buckets, 'targeted');
  check(condition.tolerated ?? [], 'tolerated');
  if (condition.buckets.length === 0) throw new RangeError(`the condition on "${group.name}" targets no bucket`);
  const columnsOf = (buckets: readonly number[]) =>
    group.kind === 'one-hot' ? buckets.map((b) => group.columns[b]) : buckets.length ? [group.columns[0]] : [];
  return {
    group,
    buckets: [...condition.buckets],
    columns: columnsOf(condition.buckets),
    toleratedColumns: columnsOf(condition.tolerated ?? []),
  };
}
