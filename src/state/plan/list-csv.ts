// The week's list as CSV for the health workers: id, rank, index, default_rank, reason, features
// (her bucket in every group), one line per call in rank order. Fields are quoted when they hold a
// comma, a quote or a line break (RFC 4180).
import { csvField } from '../../core/datasets/csv-field.ts';
import type { WeeklyList } from '../../core/plan/weekly-list.ts';


export function listCsv(list: WeeklyList, lines: { ids: string[]; buckets: string[] }): string {
  const rows = ['id,rank,index,default_rank,reason,features'];
  for (let j = 0; j < list.arms.length; j++) {
    const reason = list.via[j] ? `${list.via[j]}; ${list.reasons[j]}` : list.reasons[j];
    rows.push([lines.ids[j], j + 1, list.index[j], list.defaultRank[j], reason, lines.buckets[j]].map(csvField).join(','));
  }
  return rows.join('\n') + '\n';
}
