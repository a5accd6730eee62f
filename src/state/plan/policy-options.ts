// The policies a plan can follow, read from saved runs: the selected reward of each finished DLM
// or SCLM run (SCLM: the pick of the welfare function the run leads with), every valid candidate
// of a run, and every candidate of a saved What-if comparison. A typed expression needs no option.
import type { PoolCandidate } from '../../core/adjudicate/pool.ts';
import type { PlanPolicy } from '../../core/plan/plan-record.ts';
import type { AnyCandidateRecord, AnyRunRecord } from '../run-records.ts';
import { isDialCandidate } from '../runs/run-candidates.ts';
import { dayInWords } from '../../core/words/when.ts';

export interface PolicyOption {
  /** Unique within the list; the select's value. */
  key: string;
  /** What the select shows, in words: "Run of 12 Nov 2026 “DLM: older mothers”: the reward it selected". */
  label: string;
  policy: PlanPolicy;
}

/** The selected reward of a finished run, or null (not finished, or nothing valid was selected). */
export function selectedExpression(run: AnyRunRecord): string | null {
  if (run.status !== 'done') return null;
  if (run.kind === 'dlm') return run.checkpoint?.dlm?.result?.expression ?? null;
  if (run.kind === 'sclm') {
    const result = run.checkpoint?.sclm?.result;
    if (!result) return null;
    const welfare = run.config?.welfare;
    const led = result.selections.find((s) => s.label === welfare) ?? result.selections[0];
    const picked: PoolCandidate | undefined = led
      ? result.pool.candidates.find((c) => c.id === led.candidate)
      : undefined;
    return picked?.expression ?? null;
  }
  return null;
}

/** A candidate's origin in words: "dlm/r1/c0" is "round 2, candidate 1"; the dial's and the default named as such. */
export function originInWords(origin: string, dial: boolean): string {
  if (origin === 'default') return 'the default reward (state)';
  if (dial) return `the trade-off dial's blend ${origin.replace(/^dial\//, '')}`;
  const m = /^(?:(.+)\/)?r(\d+)\/c(\d+)$/.exec(origin);
  if (!m) return `candidate ${origin}`;
  const source = m[1] && m[1] !== 'dlm' && m[1] !== 'generator' ? ` of ${m[1]}` : '';
  return `round ${Number(m[2]) + 1}, candidate ${Number(m[3]) + 1}${source}`;
}

/**
 * The options of one run: its selected reward first (finished runs), then its distinct valid candidates in pool order.
 */
export function policyOptions(run: AnyRunRecord, candidates: readonly AnyCandidateRecord[]): PolicyOption[] {
  const title = run.title || run.id;
  const named = `${run.kind === 'what-if' ? 'What-if' : 'Run'} of ${dayInWords(run.createdAt)} “${title}”`;
  const options: PolicyOption[] = [];
  const selected = selectedExpression(run);
  if (selected !== null)
    options.push({
      key: `${run.id}|selected`,
      label: `${named}: the reward it selected`,
      policy: { expression: selected, source: { kind: 'run-selected', runId: run.id, runTitle: title } },
    });
  const seen = new Set<string>(selected === null ? [] : [selected]);
  for (const c of candidates) {
    const status = c.diagnostics?.status;
    if (status !== undefined && status !== 'valid') continue;
    if (seen.has(c.expression) || c.expression.trim() === '') continue;
    seen.add(c.expression);
    const dial = isDialCandidate(c); // made by the trade-off dial: named by its origin, not its index
    const name =
      run.kind === 'what-if'
        ? c.origin === 'default'
          ? originInWords('default', false)
          : `reward ${c.index}`
        : originInWords(c.origin, dial);
    options.push({
      key: `${run.id}|${c.index}`,
      label: `${named}: ${name}`,
      policy: {
        expression: c.expression,
        source: {
          kind: 'run-candidate',
          runId: run.id,
          runTitle: title,
          candidate: c.origin === 'default' || dial ? c.origin : String(c.index),
        },
      },
    });
  }
  return options;
}

/** Where a policy came from, in words. */
export function describeSource(policy: PlanPolicy): string {
  const s = policy.source;
  if (s.kind === 'run-selected') return `the selected reward of the run “${s.runTitle}”`;
  if (s.kind === 'run-candidate') return `candidate ${s.candidate} of the run “${s.runTitle}”`;
  return 'typed on this screen';
}
