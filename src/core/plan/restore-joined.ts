// The mothers who joined with a stored week (stored-plan.ts, StoredJoined) checked and unpacked for
// restore-plan.ts: n non-empty ids, none already in the register nor twice, in NFC; every feature
// column packed for n arms; a carried value per carried column. Untrusted like the rest.
import { isAscii } from '../datasets/nfc-ids.ts';
import type { FeatureTable } from '../instance/feature-table.ts';
import { packedColumnProblem, unpackFeatures, type PackedColumn } from './bit-columns.ts';
import { unpackIds } from './packed-ids.ts';
import type { Checks } from './plan-checks.ts';
import { checkPacked } from './restore-columns.ts';

export interface JoinedArms {
  ids: string[];
  features: FeatureTable;
  /** Per carried column, each new mother's value. */
  carry: string[][];
}

/** The joined mothers of `field` (n of them, the week's `joined`), against the ids so far (`known`, grown by them). */
export function checkJoined(
  c: Checks,
  raw: unknown,
  field: string,
  n: number,
  F: number,
  carried: number,
  known: Set<string>,
): JoinedArms {
  const o = c.object(raw, field);
  const ids = unpackIds(checkPacked(c, o.ids, `${field}.ids`, n)).map((id) => (isAscii(id) ? id : id.normalize('NFC')));
  ids.forEach((id, i) => {
    if (id === '') c.fail(`${field}.ids`, `id ${i} is empty; every beneficiary needs her own id`);
    if (known.has(id))
      c.fail(`${field}.ids`, `"${id}" is already in the register; two beneficiaries cannot share an id`);
    known.add(id);
  });
  const columns = c
    .list(o.features, `${field}.features`)
    .map((col, f) => checkColumn(c, col, `${field}.features[${f}]`, n));
  if (columns.length !== F) c.fail(`${field}.features`, `holds ${columns.length} columns, but the schema has ${F}`);
  const carry =
    o.carry === undefined
      ? []
      : c.list(o.carry, `${field}.carry`).map((v, k) => unpackIds(checkPacked(c, v, `${field}.carry[${k}]`, n)));
  if (carry.length !== carried)
    c.fail(`${field}.carry`, `holds ${carry.length} columns, but the register carries ${carried}`);
  return { ids, features: unpackFeatures(columns, n), carry };
}

/** A packed feature column of N values. */
export function checkColumn(c: Checks, raw: unknown, field: string, N: number): PackedColumn {
  const o = c.object(raw, field);
  let column: PackedColumn;
  if (o.type === 'f64') column = { type: 'f64', data: c.typed(o.data, Float64Array, `${field}.data`) };
  else if (o.type === 'bits') {
    const missing = o.missing === null ? null : c.typed(o.missing, Uint8Array, `${field}.missing`);
    column = {
      type: 'bits',
      width: o.width as number,
      offset: o.offset as number,
      data: c.typed(o.data, Uint8Array, `${field}.data`),
      missing,
    };
  } else return c.fail(`${field}.type`, 'must be "bits" or "f64"');
  const problem = packedColumnProblem(column, N);
  return problem ? c.fail(field, problem) : column;
}
