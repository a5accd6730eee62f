// What `allot plan` prints and writes of a week's list: the list as CSV or XLSX (the core's
// list-csv.ts, the same files as the app's downloads), as --json, and as a few lines for people. Each
// takes the view the plan use-case returns (the list and its lines) and the uncertain places once they
// are counted.
import { borderlineCount, chanceSentences, isBorderline } from '../core/plan/borderline.ts';
import { plainWords, type PlanWarning } from '../core/plan/estimate-warnings.ts';
import { listCsvChunks, listXlsx as coreListXlsx, reasonDetail } from '../core/plan/list-csv.ts';
import { reasonAt } from '../core/plan/line-reasons.ts';
import type { Uncertainty } from '../pipeline/plan/uncertain-places.ts';
import type { PlanView } from '../pipeline/plan/weekly-plan.ts';
import { evidenceSentences, type PlanEvidence } from '../core/plan/holdout-plan.ts';
import type { ArmOutcome } from '../core/plan/holdout-evidence.ts';
import { workerSentences } from '../core/plan/plan-workers.ts';

/** Per line, the share of posterior draws that list her (the list's own NaN when none were made). */
const membershipOf = (view: PlanView, u: Uncertainty | null) => u?.membership ?? view.list.membership;

/**
 * calls.csv: the core's list CSV, the same file as the app's download, as pieces of its bytes for the file writer (no
 * 60 MB of fresh pages at 10^5 lines).
 */
export function callsCsv(view: PlanView, u: Uncertainty | null): Iterable<Uint8Array> {
  return listCsvChunks(view.list, view.lines, membershipOf(view, u));
}

/** calls.xlsx: the same table as a workbook. */
export function callsXlsx(view: PlanView, u: Uncertainty | null): Uint8Array {
  return coreListXlsx(view.list, view.lines, membershipOf(view, u));
}

/** One call of --json: the plain reason, its term-by-term account, and (once counted) her chance; borderline or not. */
function callJson(view: PlanView, membership: Float64Array, j: number): Record<string, unknown> {
  const { list, lines } = view;
  const m = membership[j];
  return {
    id: lines.ids[j],
    rank: j + 1,
    index: list.index[j],
    default_rank: list.defaultRank[j],
    reason: reasonAt(list, j),
    reason_detail: reasonDetail(list, j, membership),
    ...(Number.isFinite(m) && { chance: m }),
    borderline: isBorderline(m),
    ...(list.arm && { arm: list.arm[j] ? 'holdout' : 'plan' }),
    ...(list.lineWorker && { worker: list.lineWorker[j] }),
  };
}

/**
 * --json's "evidence": the holdout's arms after the applied weeks (null before the first), the effect, its 95%
 * interval, the MDE.
 */
export function evidenceJson(e: PlanEvidence): Record<string, unknown> {
  const arm = (a: ArmOutcome) => ({ mothers: a.mothers, engaged_weeks: a.engagedWeeks, share_engaged: a.share });
  const x = e.evidence;
  return {
    weeks: e.weeks,
    share: e.share,
    rule: e.rule,
    plan: x ? arm(x.plan) : null,
    holdout: x ? arm(x.holdout) : null,
    effect: x ? x.effect : null,
    ci95: x ? x.ci95 : null,
    mde: e.mde,
    mde_weeks: e.mdeWeeks,
    sentences: evidenceSentences(e),
  };
}

/**
 * The --json shape of the issue, plus the sentences, unmet constraints and warnings (sentences, and in warning_details
 * as data).
 */
export function listJson(view: PlanView, u: Uncertainty | null, week: Record<string, number> = {}): string {
  const { list } = view;
  const membership = membershipOf(view, u);
  return JSON.stringify({
    week: list.week,
    calls: Array.from(list.arms, (_, j) => callJson(view, membership, j)),
    groups: list.groups.map((g) => ({
      group: g.group,
      bucket: g.bucket,
      share_calls: g.shareCalls,
      share_default: g.shareDefault,
      share_population: g.sharePopulation,
    })),
    sentences: list.sentences,
    unmet: list.unmet,
    uncertain: u?.uncertainCount ?? 0,
    borderline: borderlineCount(membership),
    chance_sentences: chanceSentences(membership, u?.draws ?? 0),
    tie_seed: list.tieSeed,
    warnings: list.warnings.map((w) => w.technical),
    warning_details: list.warnings.map(warningJson),
    ...week,
    ...(list.active && {
      active: {
        left: list.active.left,
        inactive: list.active.inactive,
        newly_inactive: list.active.newly,
        sentence: activeSentence(list.active),
      },
    }),
    ...(view.evidence && { evidence: evidenceJson(view.evidence) }),
    ...(list.workers && {
      workers: list.workers.map((w) => ({
        worker: w.worker,
        calls: w.calls,
        capacity: w.capacity,
        minimum: w.minimum,
        binding: w.binding,
      })),
      worker_sentences: workerSentences(list.workers, list.arms.length),
    }),
  });
}

/**
 * A warning as data for --json: its kind and fields (estimate-warnings.ts, keys in snake_case), its
 * sentence (`message`, the same as in `warnings`) and the same in a program manager's words (`plain`).
 */
export function warningJson(w: PlanWarning): Record<string, unknown> {
  const { kind, technical, ...fields } = w;
  const out: Record<string, unknown> = { kind };
  for (const [key, value] of Object.entries(fields)) out[key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)] = value;
  return { ...out, message: technical, plain: plainWords(w).plain };
}

/** A few lines for people: the week, the sentences, the first calls, warnings. */
export function listText(view: PlanView, u: Uncertainty | null, shown = 10): string {
  const { list, lines } = view;
  const out = [`week ${list.week}: ${list.arms.length} calls under "${list.reward}" (tie seed ${list.tieSeed})`];
  if (view.evidence) for (const s of evidenceSentences(view.evidence)) out.push(`  ${s}`);
  if (list.active) out.push(`  ${activeSentence(list.active)}`);
  if (list.workers) for (const s of workerSentences(list.workers, list.arms.length)) out.push(`  ${s}`);
  for (const s of list.sentences.slice(0, 3)) out.push(`  ${s}`);
  if (u) for (const s of chanceSentences(u.membership, u.draws)) out.push(`  ${s}`);
  for (const unmet of list.unmet) out.push(`  not met: ${unmet}`);
  const m = membershipOf(view, u);
  out.push('  rank  id          chance  reason');
  for (let j = 0; j < Math.min(shown, list.arms.length); j++) {
    const chance = Number.isFinite(m[j]) ? `${Math.round(m[j] * 100)}%${isBorderline(m[j]) ? '*' : ' '}` : '';
    out.push(`  ${String(j + 1).padStart(4)}  ${lines.ids[j].padEnd(10)}  ${chance.padStart(6)}  ${reasonAt(list, j)}`);
  }
  if (u) out.push('  (* borderline)');
  if (list.arms.length > shown) {
    out.push(`  ... ${list.arms.length - shown} more (--out calls.csv or calls.xlsx writes them all)`);
  }
  for (const w of list.warnings) out.push(`warning: ${w.technical}`);
  return out.join('\n') + '\n';
}

/** Who is no longer listed, in words. */
export function activeSentence(a: { left: number; inactive: number; newly: number }): string {
  const many = (n: number) => `${n} mother${n === 1 ? '' : 's'}`;
  return (
    `not listed: ${many(a.left)} who left the program, ${many(a.inactive)} inactive after weeks in a row not ` +
    `engaged (${a.newly} newly this week)`
  );
}
