// The Data screen's edits of a preview's groups (names, ordered or not, bucket labels and their order), kept
// while banding changes the buckets of other groups, and applied to the banded schema when she saves. Apart
// from the screen's state (data.svelte.ts) because these are pure functions of the edits and the schema.
import { validateSchema } from '../core/instance/create-instance.ts';
import type { FeatureGroup, FeatureSchema } from '../core/instance/types.ts';

/** The user's edits of one group of the preview (key: the group's name before any edit). */
export interface DraftGroup {
  key: string;
  /** The bucket labels the edits started from: when banding changes them, the edits start again. */
  from: string[];
  name: string;
  ordered: boolean;
  buckets: string[];
  order: number[];
  movable: boolean;
}

/** The edits for the banded `groups`: a group keeps its edits while its buckets stay the same. */
export function followBanding(before: DraftGroup[], groups: FeatureGroup[]): DraftGroup[] {
  const byKey = new Map(before.map((d) => [d.key, d]));
  return groups.map((g) => {
    const old = byKey.get(g.name);
    const same = old && old.from.length === g.buckets.length && old.from.every((b, i) => b === g.buckets[i]);
    const fresh = { buckets: [...g.buckets], order: g.buckets.map((_, b) => b) };
    return {
      key: g.name,
      from: [...g.buckets],
      name: old?.name ?? g.name,
      ordered: old?.ordered ?? g.ordered,
      movable: g.kind === 'one-hot',
      ...(same ? { buckets: old.buckets, order: old.order } : fresh),
    };
  });
}

/** `schema` with the edited names and labels; throws with the reason when they are not valid. */
export function applyGroupEdits(schema: FeatureSchema, drafts: DraftGroup[]): FeatureSchema {
  const renamed = new Map(schema.groups.map((g, i) => [g.name, drafts[i].name.trim()]));
  const edited: FeatureSchema = {
    columns: schema.columns.map((c) => ({
      ...c,
      group: c.group === null ? null : (renamed.get(c.group) ?? c.group),
    })),
    // A one-hot group's bucket order is its column order; a bucketed group's follows its edges and is not moved.
    // A text group's values move with its buckets; its labels may be renamed, its values stay as written.
    groups: schema.groups.map((g, i) => ({
      ...g,
      name: drafts[i].name.trim(),
      ordered: drafts[i].ordered,
      buckets: drafts[i].buckets.map((b) => b.trim()),
      columns: g.kind === 'one-hot' ? drafts[i].order.map((k) => g.columns[k]) : g.columns,
      ...(g.text && { text: { ...g.text, values: drafts[i].order.map((k) => g.text!.values[k]) } }),
    })),
  };
  for (const g of edited.groups) {
    if (g.name === '') throw new Error('a group name is empty; give every group a name');
    const empty = g.buckets.findIndex((b) => b === '');
    if (empty !== -1) throw new Error(`bucket ${empty + 1} of group "${g.name}" has an empty label`);
    if (new Set(g.buckets).size !== g.buckets.length)
      throw new Error(`group "${g.name}" has two buckets with the same label`);
  }
  validateSchema(edited);
  return edited;
}

/** Moves bucket `b` of a one-hot group one place earlier (-1) or later (+1); other groups stay. */
export function moveDraftBucket(group: DraftGroup, b: number, by: -1 | 1): void {
  const to = b + by;
  if (!group.movable || to < 0 || to >= group.buckets.length) return;
  [group.buckets[b], group.buckets[to]] = [group.buckets[to], group.buckets[b]];
  [group.order[b], group.order[to]] = [group.order[to], group.order[b]];
}
