// The text form of an evaluation in the layout of DLM's Table 4 (NeurIPS appendix K): one row per
// task, "MNR ± SE" per method, and an averages row; the paper's own numbers beside, when known.
import type { PublishedScore } from '../../core/tasks/task.ts';
import { METHODS, type Evaluation, type Method } from './evaluate-dlm.ts';

export const METHOD_TITLES: Record<Method, string> = {
  base: 'Base (topline)',
  random: 'Random',
  no_action: 'No Action',
  default: 'Default',
  pool: 'Pool (first row)',
  pool_best: 'Pool (oracle best)',
  pool_seeds: 'Pool (row per seed)',
  dlm_zeroshot: 'DLM (No Reflection)',
  dlm_reflection: 'DLM (Reflection)',
};

/** The paper's scores of a task, keyed as in src/core/tasks (Random 0 and Base 1 when not printed). */
export type Published = Partial<Record<'noAction' | 'default' | 'zeroShot' | 'reflection', PublishedScore>>;

const ORDER: Method[] = [
  'base',
  'random',
  'no_action',
  'default',
  ...METHODS.filter((m) => m.startsWith('pool') || m.startsWith('dlm')),
];

export function formatDlmTable(
  evaluation: Evaluation,
  published?: (index: number) => Published | undefined,
  paperAverage?: Published,
): string {
  const methods = ORDER.filter((m) => evaluation.tasks.some((t) => t.mnr[m] !== undefined));
  const cell = (mnr?: number, se?: number) =>
    mnr === undefined ? '-' : `${fixed(mnr)} ± ${se === undefined || Number.isNaN(se) ? '-' : se.toFixed(3)}`;
  const paper = (p?: Published) =>
    p
      ? `${fixed(p.noAction?.mnr)} / ${fixed(p.default?.mnr)} / ${fixed(p.zeroShot?.mnr)} / ${fixed(p.reflection?.mnr)}`
      : '-';
  const withPaper = published !== undefined && evaluation.tasks.some((t) => published(t.index));
  const header = [
    'Idx.',
    'Label',
    ...methods.map((m) => METHOD_TITLES[m]),
    ...(withPaper ? ['Paper: No Action / Default / DLM No Refl. / Refl.'] : []),
  ];
  const rows = evaluation.tasks.map((t) => [
    String(t.index),
    t.label,
    ...methods.map((m) => cell(t.mnr[m], t.se[m])),
    ...(withPaper ? [paper(published!(t.index))] : []),
  ]);
  const { mnr, se } = evaluation.average;
  rows.push([
    'Avg.',
    'Average MNR',
    ...methods.map((m) => cell(mnr[m], se[m])),
    ...(withPaper ? [paper(paperAverage)] : []),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => (i === 1 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

/** Two decimals with "-0.00" as "0.00"; "-" when absent. */
function fixed(x?: number): string {
  if (x === undefined || Number.isNaN(x)) return '-';
  const text = x.toFixed(2);
  return text === '-0.00' ? '0.00' : text;
}
