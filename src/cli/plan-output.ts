// What `allot plan` prints and writes of a week's list: the list as CSV (the core's list-csv.ts, the
// same file as the app's download), as --json, and as a few lines for people. Each takes the view the
// plan use-case returns (the list and its lines) and the uncertain places once they are counted.
import { plainWords, type PlanWarning } from '../core/plan/estimate-warnings.ts';
import { fullReason, listCsv as coreListCsv } from '../core/plan/list-csv.ts';
import type { Uncertainty } from '../pipeline/plan/uncertain-places.ts';
import type { PlanView } from '../pipeline/plan/weekly-plan.ts';

/** Per line, the share of posterior draws that list her (the list's own NaN when none were made). */
const membershipOf = (view: PlanView, u: Uncertainty | null) => u?.membership ?? view.list.membership;

/** calls.csv: the core's list CSV, the same file as the app's download. */
export function listCsv(view: PlanView, u: Uncertainty | null): string {
  return coreListCsv(view.list, view.lines, membershipOf(view, u));
}

/** The --json shape of the issue, plus the sentences, unmet constraints and warnings (sentences, and in warning_details as data). */
export function listJson(view: PlanView, u: Uncertainty | null): string {
  const { list, lines } = view;
  const membership = membershipOf(view, u);
  return JSON.stringify({
    week: list.week,
    calls: Array.from(list.arms, (_, j) => ({ id: lines.ids[j], rank: j + 1, index: list.index[j], default_rank: list.defaultRank[j], reason: fullReason(list, j, membership) })),
    groups: list.groups.map((g) => ({ group: g.group, bucket: g.bucket, share_calls: g.shareCalls, share_default: g.shareDefault, share_population: g.sharePopulation })),
    sentences: list.sentences,
    unmet: list.unmet,
    uncertain: u?.uncertainCount ?? 0,
    tie_seed: list.tieSeed,
    warnings: list.warnings.map((w) => w.technical),
    warning_details: list.warnings.map(warningJson),
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
  for (const s of list.sentences.slice(0, 3)) out.push(`  ${s}`);
  if (u && u.uncertainCount > 0) out.push(`  ${u.uncertainCount} beneficiaries change place in or out of the list across posterior draws`);
  for (const unmet of list.unmet) out.push(`  not met: ${unmet}`);
  out.push('  rank  id          index      default rank');
  for (let j = 0; j < Math.min(shown, list.arms.length); j++) {
    out.push(`  ${String(j + 1).padStart(4)}  ${lines.ids[j].padEnd(10)}  ${list.index[j].toFixed(6).padStart(9)}  ${String(list.defaultRank[j]).padStart(6)}`);
  }
  if (list.arms.length > shown) out.push(`  ... ${list.arms.length - shown} more (--out calls.csv writes them all, with reasons)`);
  for (const w of list.warnings) out.push(`warning: ${w.technical}`);
  return out.join('\n') + '\n';
}
