// A feature schema checked on its own (names, groups, their columns, text groups): createInstance checks
// it with the arrays, and readers of a schema file check it before any array exists. Apart from
// create-instance.ts, which was past 300 lines with it.
import { isIdentifier } from './identifier.ts';
import { InstanceError } from './instance-error.ts';
import type { FeatureSchema } from './types.ts';

/** Checks names, groups and their columns; throws an InstanceError naming the column or group. */
export function validateSchema(schema: FeatureSchema): void {
  const names = new Map<string, number>();
  schema.columns.forEach((column, i) => {
    if (!isIdentifier(column.name)) {
      throw new InstanceError(
        `feature column ${i + 1} "${column.name}": a name is a Python identifier: letters (any script), digits and ` +
          `_, not starting with a digit, and not a keyword`,
        undefined,
        column.name,
      );
    }
    if (names.has(column.name))
      throw new InstanceError(
        `feature column "${column.name}" appears twice (columns ${names.get(column.name)! + 1} and ${i + 1})`,
        undefined,
        column.name,
      );
    names.set(column.name, i);
    if (!['binary', 'integer', 'continuous'].includes(column.type))
      throw new InstanceError(
        `feature column "${column.name}": type "${column.type}" is not binary, integer or continuous`,
        undefined,
        column.name,
      );
  });
  const owner = new Map<number, string>();
  const groupNames = new Set<string>();
  for (const group of schema.groups) {
    if (groupNames.has(group.name)) throw new InstanceError(`feature group "${group.name}" appears twice`);
    groupNames.add(group.name);
    if (group.columns.length === 0) throw new InstanceError(`feature group "${group.name}" has no columns`);
    for (const c of group.columns) {
      const column = schema.columns[c];
      if (!Number.isInteger(c) || !column)
        throw new InstanceError(`feature group "${group.name}" refers to column ${c}, which does not exist`);
      if (owner.has(c))
        throw new InstanceError(
          `feature column "${column.name}" belongs to two groups, "${owner.get(c)}" and "${group.name}"`,
          undefined,
          column.name,
        );
      owner.set(c, group.name);
      if (column.group !== group.name)
        throw new InstanceError(
          `feature column "${column.name}" is in group "${group.name}" but names its group ` +
            `${JSON.stringify(column.group)}`,
          undefined,
          column.name,
        );
    }
    if (group.kind === 'one-hot') {
      for (const c of group.columns) {
        if (schema.columns[c].type !== 'binary')
          throw new InstanceError(
            `feature column "${schema.columns[c].name}" is in the one-hot group "${group.name}" but is not binary`,
            undefined,
            schema.columns[c].name,
          );
      }
      if (group.buckets.length !== group.columns.length)
        throw new InstanceError(
          `one-hot group "${group.name}" has ${group.columns.length} columns but ${group.buckets.length} bucket labels`,
        );
    } else if (group.kind === 'bucketed') {
      const edges = group.edges ?? [];
      if (group.columns.length !== 1)
        throw new InstanceError(
          `bucketed group "${group.name}" must have exactly one column, not ${group.columns.length}`,
        );
      if (edges.length !== group.buckets.length - 1)
        throw new InstanceError(
          `bucketed group "${group.name}" has ${group.buckets.length} buckets, so it needs ` +
            `${group.buckets.length - 1} edges, not ${edges.length}`,
        );
      for (let i = 0; i < edges.length; i++) {
        if (!Number.isFinite(edges[i]) || (i > 0 && !(edges[i] > edges[i - 1])))
          throw new InstanceError(
            `bucketed group "${group.name}": the edges must be finite and increasing (${edges.join(', ')})`,
          );
      }
    } else {
      throw new InstanceError(
        `feature group "${group.name}": kind "${(group as { kind: string }).kind}" is not one-hot or bucketed`,
      );
    }
    if (group.text) checkTextGroup(group, names);
  }
  for (const [c, column] of schema.columns.entries()) {
    if (column.group !== null && owner.get(c) !== column.group)
      throw new InstanceError(
        `feature column "${column.name}" names group "${column.group}", which does not list it`,
        undefined,
        column.name,
      );
  }
}

/** A text group's identifier is its own (no column's, no other text group's), and its values are distinct. */
function checkTextGroup(group: FeatureSchema['groups'][number], names: Map<string, number>): void {
  const text = group.text!;
  const fail = (what: string): never => {
    throw new InstanceError(`the text group "${group.name}" ${what}`, undefined, text.name);
  };
  if (group.kind !== 'one-hot') fail('must be one-hot (a column per value)');
  if (!isIdentifier(text.name)) fail(`is read as agent_feats.${text.name}, which is not a Python identifier`);
  const other = names.get(text.name);
  if (other !== undefined)
    fail(
      `is read as agent_feats.${text.name}, the name of ` +
        `${other < 0 ? 'another text group' : `feature column ${other + 1}`} too`,
    );
  names.set(text.name, -1);
  if (text.values.length !== group.buckets.length)
    fail(`has ${group.buckets.length} buckets but ${text.values.length} values`);
  const written = text.values.filter((v) => v !== null);
  if (new Set(written).size !== written.length) fail('holds a value twice');
  const merged = text.values.length - written.length;
  if (merged > 1 || (merged === 1) !== Array.isArray(text.merged))
    fail('must have one bucket of merged values with its list, or neither');
  if (text.merged?.some((v) => written.includes(v))) fail('lists a merged value that has its own bucket too');
}
