// The checks of a stored plan's small parts (who it is, its settings, one week's record), for
// restore-plan.ts. A stored plan is untrusted input: a PLAN.json edited by hand or an IndexedDB
// record damaged on disk. Every value is checked for its type and range before it is used, and every
// refusal names the plan ("PLAN.json", "the saved plan "village"") and the field.
import { describeRange, inRange, RANGES } from '../limits/setting-ranges.ts';
import type { PlanMeta, PlanPolicySource } from './plan-record.ts';
import type { PlanSettings, ShareSetting } from './plan-settings.ts';
import type { AppliedOutcomes } from './plan-state.ts';
import { MAX_HOLDOUT_SHARE, type HoldoutSetting } from './holdout-plan.ts';
import { MAX_CAPACITY, type WorkerSetting } from './plan-workers.ts';
import { quotedChoices, RULES, SIMPLE_RULES, type SimpleRule } from './rule-descriptors.ts';

/** A stored plan that cannot be read as it is: where it is, the field, what is wrong. */
export class PlanReadError extends Error {
  override name = 'PlanReadError';
  constructor(
    readonly where: string,
    readonly field: string,
    readonly problem: string,
  ) {
    super(field ? `${where}: "${field}" ${problem}` : `${where}: ${problem}`);
  }
}

/**
 * A plan's settings are checked against the ranges of what a user can type (core/limits), the same as
 * the Plan screen's form and `allot plan`'s flags: 10^9 posterior draws, each a pass over the register,
 * would never end. Text fields have a length bound of their own; the simple rules' ranges are in their
 * rows (rule-descriptors.ts).
 */
export const SETTING_RANGES = {
  seed: RANGES.seed.max,
  textLength: 100_000,
} as const;

const show = (v: unknown): string => {
  if (v === undefined) return 'missing';
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return String(v);
  return Array.isArray(v) ? 'a list' : ArrayBuffer.isView(v) ? `a ${v.constructor.name}` : 'an object';
};

/** Type and range checks that throw PlanReadError for one plan. */
export class Checks {
  constructor(readonly where: string) {}

  fail(field: string, problem: string): never {
    throw new PlanReadError(this.where, field, problem);
  }
  object(v: unknown, field: string): Record<string, unknown> {
    return v !== null && typeof v === 'object' && !Array.isArray(v) && !ArrayBuffer.isView(v)
      ? (v as Record<string, unknown>)
      : this.fail(field, `must be an object, not ${show(v)}`);
  }
  list(v: unknown, field: string, max = Infinity): unknown[] {
    if (!Array.isArray(v)) return this.fail(field, `must be a list, not ${show(v)}`);
    return v.length <= max ? v : this.fail(field, `holds ${v.length} entries, more than ${max}`);
  }
  text(v: unknown, field: string, max: number = SETTING_RANGES.textLength): string {
    if (typeof v !== 'string') return this.fail(field, `must be text, not ${show(v)}`);
    return v.length <= max ? v : this.fail(field, `is ${v.length} characters long, more than ${max}`);
  }
  whole(v: unknown, field: string, min: number, max: number): number {
    return Number.isInteger(v) && (v as number) >= min && (v as number) <= max
      ? (v as number)
      : this.fail(field, `must be a whole number from ${min} to ${max}, not ${show(v)}`);
  }
  /** A whole number a CSV can hold exactly (any week number, a time in milliseconds). */
  safe(v: unknown, field: string): number {
    return Number.isSafeInteger(v)
      ? (v as number)
      : this.fail(field, `must be a whole number (at most 2^53 - 1 in size), not ${show(v)}`);
  }
  share(v: unknown, field: string): number {
    return typeof v === 'number' && v >= 0 && v <= 1
      ? v
      : this.fail(field, `must be a share from 0 to 1, not ${show(v)}`);
  }
  typed<T extends ArrayBufferView>(
    v: unknown,
    kind: { new (n: number): T; name: string },
    field: string,
    length?: number,
  ): T {
    if (!(v instanceof kind)) return this.fail(field, `must be a ${kind.name}, not ${show(v)}`);
    const n = (v as unknown as ArrayLike<number>).length;
    if (length !== undefined && n !== length) this.fail(field, `holds ${n} values, expected ${length}`);
    return v;
  }
}

export function checkMeta(c: Checks, raw: unknown): PlanMeta {
  const m = c.object(raw, '');
  const id = c.text(m.id, 'id', 200);
  if (id === '') c.fail('id', 'must not be empty');
  const name = c.text(m.name, 'name', 1000);
  const createdAt = c.safe(m.createdAt, 'createdAt'),
    updatedAt = c.safe(m.updatedAt, 'updatedAt');
  const p = c.object(m.policy, 'policy');
  let policy: PlanPolicySource;
  if (p.kind === 'typed') policy = { kind: 'typed' };
  else if (p.kind === 'run-selected')
    policy = {
      kind: 'run-selected',
      runId: c.text(p.runId, 'policy.runId', 200),
      runTitle: c.text(p.runTitle, 'policy.runTitle', 1000),
    };
  else if (p.kind === 'run-candidate')
    policy = {
      kind: 'run-candidate',
      runId: c.text(p.runId, 'policy.runId', 200),
      runTitle: c.text(p.runTitle, 'policy.runTitle', 1000),
      candidate: c.text(p.candidate, 'policy.candidate'),
    };
  else return c.fail('policy.kind', `must be "run-selected", "run-candidate" or "typed", not ${show(p.kind)}`);
  return { id, name, createdAt, updatedAt, policy };
}

export function checkSettings(c: Checks, raw: unknown, numArms: number): PlanSettings {
  const s = c.object(raw, 'settings');
  const exclude = c
    .list(s.exclude, 'settings.exclude', 10_000_000)
    .map((id, i) => c.text(id, `settings.exclude[${i}]`, 1000).normalize('NFC'));
  const shares = c.list(s.shares, 'settings.shares', 10_000).map((raw, i): ShareSetting => {
    const f = `settings.shares[${i}]`;
    const o = c.object(raw, f);
    const share: ShareSetting = {
      group: c.text(o.group, `${f}.group`, 1000),
      bucket: c.text(o.bucket, `${f}.bucket`, 1000),
    };
    if (o.min !== undefined) share.min = c.share(o.min, `${f}.min`);
    if (o.max !== undefined) share.max = c.share(o.max, `${f}.max`);
    if (share.min === undefined && share.max === undefined) c.fail(f, 'has neither "min" nor "max"');
    return share;
  });
  const level = s.level;
  if (!(typeof level === 'number' && level > 0 && level < 1))
    c.fail('settings.level', `must be a number between 0 and 1 (the credible level, e.g. 0.9), not ${show(level)}`);
  const settings: PlanSettings = {
    reward: c.text(s.reward, 'settings.reward'),
    budget: c.whole(s.budget, 'settings.budget', 0, numArms),
    exclude,
    cooldown: checkRule(c, RULES.cooldown, s.cooldown) as number,
    shares,
    seed: checkRule(c, RULES.seed, s.seed) as number,
    draws: checkRule(c, RULES.draws, s.draws) as number,
    priorGroup: s.priorGroup === null ? null : c.text(s.priorGroup, 'settings.priorGroup', 1000),
    level: level as number,
  };
  if (s.holdout !== undefined) settings.holdout = checkHoldout(c, s.holdout);
  if (s.workers !== undefined) settings.workers = checkWorkers(c, s.workers);
  if (s.left !== undefined)
    settings.left = c
      .list(s.left, 'settings.left', 10_000_000)
      .map((id, i) => c.text(id, `settings.left[${i}]`, 1000).normalize('NFC'));
  // The other simple rules (rule-descriptors.ts): absent in older plans.
  for (const rule of SIMPLE_RULES)
    if (!rule.required && s[rule.setting] !== undefined)
      (settings as unknown as Record<string, unknown>)[rule.setting] = checkRule(c, rule, s[rule.setting]);
  return settings;
}

/** A simple rule's stored value: a whole number in its range, or one of its choices. */
function checkRule(c: Checks, rule: SimpleRule, v: unknown): number | string {
  const field = `settings.${rule.field}`;
  if (rule.kind === 'choice')
    return rule.choices.includes(v as string)
      ? (v as string)
      : c.fail(field, `must be ${quotedChoices(rule.choices)}, not ${show(v)}`);
  if (rule.range.integer) return c.whole(v, field, rule.range.min, rule.range.max);
  return typeof v === 'number' && inRange(v, rule.range)
    ? v
    : c.fail(field, `must be ${describeRange(rule.range)}, not ${show(v)}`);
}

/** A plan's holdout (holdout-plan.ts): older plans have none. */
function checkHoldout(c: Checks, raw: unknown): HoldoutSetting {
  const h = c.object(raw, 'settings.holdout');
  const share = h.share;
  if (!(typeof share === 'number' && share > 0 && share <= MAX_HOLDOUT_SHARE))
    c.fail('settings.holdout.share', `must be a share above 0 and at most ${MAX_HOLDOUT_SHARE}, not ${show(share)}`);
  if (h.rule !== 'random' && h.rule !== 'default' && h.rule !== 'given') {
    c.fail('settings.holdout.rule', `must be "random", "default" or "given", not ${show(h.rule)}`);
  }
  const out: HoldoutSetting = {
    share: share as number,
    rule: h.rule,
    seed: c.whole(h.seed, 'settings.holdout.seed', 0, SETTING_RANGES.seed),
    weeks: c.whole(h.weeks, 'settings.holdout.weeks', 1, 520),
  };
  // The program's present practice: the current week's list of ids (given each week).
  if (h.rule === 'given') {
    const l = c.object(h.list, 'settings.holdout.list');
    const ids = c
      .list(l.ids, 'settings.holdout.list.ids', 10_000_000)
      .map((id, i) => c.text(id, `settings.holdout.list.ids[${i}]`, 1000).normalize('NFC'));
    out.list = { fileName: c.text(l.fileName, 'settings.holdout.list.fileName', 1000), ids };
  }
  return out;
}

/** A week's list, checked against the register: arms in range and listed once, no more than the week's budget. */
export function checkPlanned(
  c: Checks,
  raw: unknown,
  field: string,
  numArms: number,
  budget: number,
  seen: Uint8Array,
): Int32Array {
  const planned = c.typed(raw, Int32Array, field);
  if (planned.length > budget) c.fail(field, `lists ${planned.length} calls, more than the week's budget of ${budget}`);
  seen.fill(0);
  for (let j = 0; j < planned.length; j++) {
    const arm = planned[j];
    if (!(arm >= 0 && arm < numArms))
      c.fail(`${field}[${j}]`, `is beneficiary ${arm}, but the register has beneficiaries 0 to ${numArms - 1}`);
    if (seen[arm]) c.fail(`${field}[${j}]`, `lists beneficiary ${arm} a second time`);
    seen[arm] = 1;
  }
  return planned;
}

/** An applied week's summary, checked against what its change says happened (a forged count is refused). */
export function checkOutcomes(
  c: Checks,
  raw: unknown,
  field: string,
  truth: { called: number; calledAsPlanned: number; engaged: number; observed?: number; joined?: number },
): AppliedOutcomes {
  const o = c.object(raw, field);
  const out: AppliedOutcomes = {
    fileName: c.text(o.fileName, `${field}.fileName`, 1000),
    contentHash: c.text(o.contentHash, `${field}.contentHash`, 1000),
    called: c.whole(o.called, `${field}.called`, 0, Number.MAX_SAFE_INTEGER),
    calledAsPlanned: c.whole(o.calledAsPlanned, `${field}.calledAsPlanned`, 0, Number.MAX_SAFE_INTEGER),
    engaged: c.whole(o.engaged, `${field}.engaged`, 0, Number.MAX_SAFE_INTEGER),
  };
  // Beneficiaries observed after the week, written only when not all were (a file of the called only).
  if (o.observed !== undefined) out.observed = c.whole(o.observed, `${field}.observed`, 0, Number.MAX_SAFE_INTEGER);
  // Mothers who joined with the week, written only when some did (restore-plan.ts checks their records).
  if (o.joined !== undefined) out.joined = c.whole(o.joined, `${field}.joined`, 1, Number.MAX_SAFE_INTEGER);
  for (const key of ['called', 'calledAsPlanned', 'engaged', 'observed', 'joined'] as const) {
    if (out[key] !== truth[key])
      c.fail(
        `${field}.${key}`,
        `is ${out[key] ?? 'missing'}, but the week's recorded calls and states give ${truth[key] ?? 'every state'}`,
      );
  }
  return out;
}

/** A plan's workers (plan-workers.ts): the column, and capacities and minima as one number or per worker. */
function checkWorkers(c: Checks, raw: unknown): WorkerSetting {
  const w = c.object(raw, 'settings.workers');
  const calls = (v: unknown, field: string): number | Record<string, number> => {
    if (typeof v === 'number') return c.whole(v, field, 0, MAX_CAPACITY);
    const o = c.object(v, field);
    const entries = Object.entries(o);
    if (entries.length > 1_000_000) c.fail(field, `names ${entries.length} workers, more than 1000000`);
    return Object.fromEntries(entries.map(([name, n]) => [name, c.whole(n, `${field}.${name}`, 0, MAX_CAPACITY)]));
  };
  return {
    column: c.text(w.column, 'settings.workers.column', 1000),
    capacity: calls(w.capacity, 'settings.workers.capacity'),
    minimum: calls(w.minimum, 'settings.workers.minimum'),
  };
}
