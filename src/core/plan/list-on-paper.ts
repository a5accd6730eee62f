// What the printed list says besides its lines: the rules and the counts of its one-page summary, in
// words, and which of her groups each printed line shows (the groups the priority reads or a share
// rule names: all of them would take a paper line of their own; the CSV has every group), and with
// health workers the list's sections, one per worker.
import { percent } from '../words/percent.ts';
import { bucketName } from '../words/bucket-name.ts';
import { borderlineCount, BORDERLINE_HIGH, BORDERLINE_LOW } from './borderline.ts';
export { priorityGroups } from './list-make-up.ts';
import type { PlanSettings } from './plan-settings.ts';
import { RULES } from './rule-descriptors.ts';
import { otherRuleWords, ruleWords } from './rule-values.ts';
import type { WeeklyList } from './weekly-list.ts';
import { count } from '../words/count.ts';

/** Her words for the chosen groups out of her buckets in every group ("Ages 51-60 · Income low", in schema order). */
export function bucketsOf(buckets: string, groups: number[], groupCount: number): string {
  const parts = buckets.split(' · ');
  // A bucket label holding " · " itself: the split cannot say which part is which group, so all of it.
  if (parts.length !== groupCount) return buckets;
  return groups.map((g) => parts[g]).join(' · ');
}

const pct = (x: number) => percent(x, 0);

/** The list's rules, one sentence each (the reward is printed apart, with where it comes from). */
export function rulesInWords(settings: PlanSettings): string[] {
  const out = [`Budget: ${count(settings.budget)} calls this week.`];
  out.push(ruleWords(RULES.cooldown, settings)!);
  const excluded = count(settings.exclude.length);
  out.push(settings.exclude.length > 0 ? `Excluded: ${excluded} ids are never called.` : 'No one is excluded.');
  for (const s of settings.shares) {
    if (s.min) out.push(`At least ${pct(s.min)} of the calls go to ${bucketName(s.group, s.bucket)}.`);
    if (s.max !== undefined && s.max < 1)
      out.push(`At most ${pct(s.max)} of the calls go to ${bucketName(s.group, s.bucket)}.`);
  }
  out.push(
    settings.draws > 0
      ? `Chance: her share of ${settings.draws} redraws of the estimated transitions whose list has her; ` +
          `borderline from ${pct(BORDERLINE_LOW)} to ${pct(BORDERLINE_HIGH)}.`
      : 'No redraws of the estimated transitions: no chances are shown.',
  );
  out.push(`Ties are broken by a draw from seed ${settings.seed}, the same every time the list is made.`);
  // A rule's sentence from its row (rule-descriptors.ts), after those written here in their own order.
  out.push(...otherRuleWords(settings, [RULES.cooldown, RULES.seed, RULES.draws]));
  return out;
}

/** The list's counts, one phrase each: calls, on the default list too, brought in by minima, borderline. */
export function listCounts(list: WeeklyList, numArms: number, membership: Float64Array): string[] {
  const calls = list.arms.length;
  const inDefault = new Set(list.defaultArms);
  let both = 0,
    brought = 0;
  for (let j = 0; j < calls; j++) {
    if (inDefault.has(list.arms[j])) both++;
    if (list.via[j]) brought++;
  }
  const out = [
    `${count(calls)} calls of ${count(numArms)} beneficiaries.`,
    `${count(both)} of them are on the default reward's list too; ${count(calls - both)} are not.`,
  ];
  if (brought > 0) out.push(`${count(brought)} were brought in by a share minimum.`);
  const borderline = calls > 0 && membership.every(Number.isFinite) ? borderlineCount(membership) : null;
  if (borderline !== null) out.push(`${count(borderline)} ${borderline === 1 ? 'is' : 'are'} borderline.`);
  return out;
}

/** A worker's part of the printed list: her lines in rank order under a heading with her calls and capacity. */
export interface WorkerSection {
  /** Her name as the register writes it ('' for the lines of mothers with no worker). */
  worker: string;
  heading: string;
  /** Her lines (indices into the list), in rank order. */
  lines: number[];
}

/**
 * The list's sections by health worker (null without workers): each worker with calls this week, by name,
 * then the mothers with no worker.
 */
export function sectionsByWorker(list: Pick<WeeklyList, 'lineWorker' | 'workers'>): WorkerSection[] | null {
  const { lineWorker, workers } = list;
  if (!lineWorker || !workers) return null;
  const byWorker = new Map<string, number[]>();
  lineWorker.forEach((w, j) => {
    const at = byWorker.get(w);
    if (at) at.push(j);
    else byWorker.set(w, [j]);
  });
  const rules = new Map(workers.map((w) => [w.worker, w]));
  const calls = (k: number) => `${count(k)} call${k === 1 ? '' : 's'} this week`;
  const names = [...byWorker.keys()].filter((w) => w !== '').sort((a, b) => a.localeCompare(b));
  const out = names.map((worker) => {
    const lines = byWorker.get(worker)!,
      cap = rules.get(worker)?.capacity ?? Infinity;
    const capacity = Number.isFinite(cap) ? `capacity ${count(cap)}` : 'no capacity set';
    return { worker, heading: `${worker}: ${calls(lines.length)} (${capacity})`, lines };
  });
  const none = byWorker.get('');
  if (none) out.push({ worker: '', heading: `No health worker: ${calls(none.length)} (only the budget)`, lines: none });
  return out;
}
