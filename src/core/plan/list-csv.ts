// The week's call list as CSV, one file for the health workers and for a re-analysis, written the same
// by the app's download and by `allot plan --out`: one line per call in rank order, with
//   id, the columns she carries (name, phone, village: as she named them), rank, index, default_rank,
//   reason, features, then the register's feature columns
// where reason is in full (why her priority differs from the default; the share minimum that brought
// her in; how sure her place is, once the posterior draws are counted), features her bucket in every
// group in words ("Ages 51-60 · Income low"), and the columns her raw values under the names the user
// wrote. Fields are quoted by csvField (RFC 4180); numbers keep every digit.
import { csvField } from '../datasets/csv-field.ts';
import { groupBuckets } from '../measures/group-buckets.ts';
import { packedAt } from './packed-plan.ts';
import type { Register } from './register.ts';
import type { WeeklyList } from './weekly-list.ts';

/** What the file says of each line beyond the list itself (listLines); the plan worker sends it to the page with the list. */
export interface ListLines {
  /** Per line: her id. */
  ids: string[];
  /** Per line: her bucket in every group, in words ("Ages 51-60 · Income low"). */
  buckets: string[];
  /** The register's feature columns, as the user named them. */
  columns: string[];
  /** Lines x columns: her value of each column. */
  features: Float64Array;
  /** The columns she carries into the list (name, phone, village), and per line her value of each (lines x columns). */
  carried: string[];
  carry: string[];
}

/** A bucket as a reader needs it: "Speaks Gujarati" says enough, "<= 30" needs its group ("age <= 30"). */
export function bucketText(group: string, bucket: string): string {
  return /^[\p{L}]/u.test(bucket) && !/^(no|yes|all)$/.test(bucket) ? bucket : `${group} ${bucket}`;
}

/** Ids, buckets and feature values of the listed arms (`arms` in rank order). */
export function listLines(register: Register, arms: Int32Array): ListLines {
  const { schema, features, numArms } = register;
  const F = schema.columns.length;
  const buckets = groupBuckets(schema, features, numArms);
  const values = new Float64Array(arms.length * F);
  arms.forEach((arm, j) => values.set(features.subarray(arm * F, arm * F + F), j * F));
  const carried = register.carry ?? [];
  return {
    carried: carried.map((c) => c.name),
    carry: Array.from(arms, (arm) => carried.map((c) => packedAt(c.values, arm))).flat(),
    ids: Array.from(arms, (arm) => register.ids[arm]),
    buckets: Array.from(arms, (arm) => schema.groups.map((g, gi) => bucketText(g.name, buckets[gi][arm] >= 0 ? g.buckets[buckets[gi][arm]] : '?')).join(' · ')),
    columns: schema.columns.map((c) => c.label || c.name),
    features: values,
  };
}

/** Line j's reason with how she came to be listed and how sure her place is (`membership`: per line, the share of posterior draws that list her; NaN when not counted). */
export function fullReason(list: WeeklyList, j: number, membership: Float64Array = list.membership): string {
  const m = membership[j];
  const extra = [list.via[j] ? `called for the ${list.via[j]}` : '', m > 0 && m < 1 ? `uncertain: on the list in ${Math.round(m * 100)} % of posterior draws` : ''].filter(Boolean);
  return [list.reasons[j], ...extra].join('; ');
}

/** The list as CSV (see the top of this file); `membership` as in fullReason, e.g. counted after the list (the app's uncertain places). */
export function listCsv(list: WeeklyList, lines: ListLines, membership: Float64Array = list.membership): string {
  const F = lines.columns.length, C = lines.carried.length;
  const rows = [['id', ...lines.carried, 'rank', 'index', 'default_rank', 'reason', 'features', ...lines.columns].map(csvField).join(',')];
  for (let j = 0; j < list.arms.length; j++) {
    const carried = lines.carry.slice(j * C, j * C + C);
    const fields: (string | number)[] = [lines.ids[j], ...carried, j + 1, list.index[j], list.defaultRank[j], fullReason(list, j, membership), lines.buckets[j]];
    for (let f = 0; f < F; f++) fields.push(lines.features[j * F + f]);
    rows.push(fields.map(csvField).join(','));
  }
  return rows.join('\n') + '\n';
}
