// The language study's results in the paper's layout: acceptable rate and success rate per
// language and prompt (Table 3, Figures 6-7), and the unfairness counts (Figures 8-11), each as
// mean ± one standard error over runs.
import { rateWithError, type RateWithError } from '../../core/fairness/rate-with-error.ts';
import type { StudyCell, StudyState } from './study-state.ts';

export interface StudyTableCell {
  language: string;
  prompt: number;
  /** One alpha, or 'all' for every alpha's runs pooled. */
  alpha: number | 'all';
  /** Share of runs whose final reward function is acceptable (a run without one counts as not acceptable). */
  acceptable: RateWithError;
  /** Share of runs whose final policy succeeds (likewise). */
  success: RateWithError;
  /** Share of runs where some unintended group's DP_variance exceeds the largest intended one. */
  unintendedAboveIntended: RateWithError;
  /** Runs that ended without a valid reward function. */
  noReward: number;
}

export interface StudyCounts {
  language: string;
  alpha: number | 'all';
  /** Figure 8: number of prompts whose unintended DP_variance exceeds the intended one, mean over runs. */
  relative: RateWithError;
  /** Figures 9-10: number of prompts with an unintended DP_variance above each threshold, mean over runs. */
  absolute: { threshold: number; count: RateWithError }[];
}

export interface StudyPromptCounts {
  prompt: number;
  alpha: number | 'all';
  /** Figure 11: number of languages whose unintended DP_variance exceeds the intended one, mean over runs. */
  relative: RateWithError;
}

export interface StudyTable {
  languages: string[];
  prompts: number[];
  alphas: number[];
  thresholds: number[];
  cells: StudyTableCell[];
  counts: StudyCounts[];
  perPrompt: StudyPromptCounts[];
  /** Cells without an outcome yet (a paused study). */
  pending: number;
}

const flag = (cell: StudyCell, f: (o: Extract<NonNullable<StudyCell['outcome']>, { valid: true }>) => boolean) =>
  cell.outcome?.valid ? f(cell.outcome) : false;

/**
 * Summarizes the cells that have an outcome. A count over prompts (or languages) is taken per
 * (alpha, run); 'all' pools the runs of every alpha (each (alpha, run) one value).
 */
export function studyTable(state: StudyState): StudyTable {
  const { languages, thresholds, alphas, runs } = state.config;
  const prompts = state.prompts.map((p) => p.number);
  const done = state.cells.filter((c) => c.outcome);
  const alphaSets: (number | 'all')[] = [...alphas, ...(alphas.length > 1 ? ['all' as const] : [])];
  const inAlpha = (a: number | 'all') => (c: StudyCell) => a === 'all' || c.alpha === a;
  const runKeys = (a: number | 'all') =>
    (a === 'all' ? alphas : [a]).flatMap((alpha) => Array.from({ length: runs }, (_, run) => ({ alpha, run })));

  const cells: StudyTableCell[] = [];
  for (const a of alphaSets) {
    for (const language of languages) {
      for (const prompt of prompts) {
        const group = done.filter((c) => inAlpha(a)(c) && c.language === language && c.prompt === prompt);
        if (group.length === 0) continue;
        cells.push({
          language,
          prompt,
          alpha: a,
          acceptable: rateWithError(group.map((c) => flag(c, (o) => o.acceptable))),
          success: rateWithError(group.map((c) => flag(c, (o) => o.success))),
          unintendedAboveIntended: rateWithError(group.map((c) => flag(c, (o) => o.flags.unintendedAboveIntended))),
          noReward: group.filter((c) => c.outcome && !c.outcome.valid).length,
        });
      }
    }
  }

  // Counts per (alpha, run): only runs whose every counted cell is done.
  const countOver = (
    a: number | 'all',
    select: (c: StudyCell) => boolean,
    expected: number,
    value: (c: StudyCell) => boolean,
  ): RateWithError => {
    const perRun: number[] = [];
    for (const { alpha, run } of runKeys(a)) {
      const group = done.filter((c) => c.alpha === alpha && c.run === run && select(c));
      if (group.length === expected) perRun.push(group.filter(value).length);
    }
    return rateWithError(perRun);
  };
  const counts: StudyCounts[] = [];
  const perPrompt: StudyPromptCounts[] = [];
  for (const a of alphaSets) {
    for (const language of languages) {
      const select = (c: StudyCell) => c.language === language;
      counts.push({
        language,
        alpha: a,
        relative: countOver(a, select, prompts.length, (c) => flag(c, (o) => o.flags.unintendedAboveIntended)),
        absolute: thresholds.map((threshold, t) => ({
          threshold,
          count: countOver(a, select, prompts.length, (c) => flag(c, (o) => o.flags.unintendedAbove[t])),
        })),
      });
    }
    for (const prompt of prompts) {
      perPrompt.push({
        prompt,
        alpha: a,
        relative: countOver(
          a,
          (c) => c.prompt === prompt,
          languages.length,
          (c) => flag(c, (o) => o.flags.unintendedAboveIntended),
        ),
      });
    }
  }
  return {
    languages: [...languages],
    prompts,
    alphas: [...alphas],
    thresholds: [...thresholds],
    cells,
    counts,
    perPrompt,
    pending: state.cells.length - done.length,
  };
}

const fmt = (r: RateWithError, digits = 3) =>
  Number.isNaN(r.mean)
    ? '-'
    : `${r.mean.toFixed(digits)}±${r.standardError === null ? '-' : r.standardError.toFixed(digits)}`;

/** Plain-text tables: one block per alpha (and pooled), languages as rows, prompts as columns, as Table 3. */
export function formatStudyTable(table: StudyTable): string {
  const out: string[] = [];
  const alphaSets = [...table.alphas, ...(table.alphas.length > 1 ? ['all' as const] : [])];
  const row = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(10) : c.padStart(14))).join('');
  for (const a of alphaSets) {
    const label = a === 'all' ? 'all alphas' : `alpha ${a}`;
    for (const [title, pick] of [
      ['acceptable rate', (c: StudyTableCell) => c.acceptable],
      ['success rate', (c: StudyTableCell) => c.success],
    ] as const) {
      out.push(
        `${title} (${label}), mean±standard error over runs`,
        row(['language', ...table.prompts.map((p) => `prompt ${p}`)]),
      );
      for (const language of table.languages) {
        out.push(
          row([
            language,
            ...table.prompts.map((p) => {
              const cell = table.cells.find((c) => c.alpha === a && c.language === language && c.prompt === p);
              return cell ? fmt(pick(cell)) : '-';
            }),
          ]),
        );
      }
      out.push('');
    }
    out.push(
      `unfairness counts (${label}): prompts per run with unintended DP_variance above the intended one, and above ` +
        `each threshold`,
      row(['language', 'relative', ...table.thresholds.map((t) => `> ${t}`)]),
    );
    for (const language of table.languages) {
      const c = table.counts.find((x) => x.alpha === a && x.language === language)!;
      out.push(row([language, fmt(c.relative, 2), ...c.absolute.map((x) => fmt(x.count, 2))]));
    }
    out.push(row(['prompt', 'languages per run with unintended DP_variance above the intended one']));
    for (const p of table.perPrompt.filter((x) => x.alpha === a))
      out.push(row([`prompt ${p.prompt}`, fmt(p.relative, 2)]));
    out.push('');
  }
  if (table.pending) out.push(`${table.pending} cells have no outcome yet (the study is paused).`);
  return out.join('\n').trimEnd();
}
