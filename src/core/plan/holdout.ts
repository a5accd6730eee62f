// A randomized holdout, so that a program can show its director that the list works here: a seeded
// random share of the register (ARMMAN's RMAB trials: a randomized control group under standard
// care) whose calls follow a comparison rule (random calls, the default `state` policy, or the
// program's present practice given as a list each week), at the same call rate as the plan's arm.
//
// Assignment is per id: a mother is in the holdout when a hash of (seed, her id) falls below the
// share. Each mother is an independent Bernoulli(share) draw, and a later enrolment is randomized
// the same way without touching anyone already assigned, in any order of arrival, reproducibly.
// holdout-evidence.ts estimates the effect from the two arms' outcomes.
import { constrainedTopB } from './constrained-top-b.ts';
import type { Random } from '../random/seeded-random.ts';
import type { PackedIds } from './packed-ids.ts';
import { scratch } from './scratch.ts';
import { sameValues } from './same-values.ts';

/** The comparison rule of the holdout's calls. */
export type HoldoutRule =
  { kind: 'random' } | { kind: 'default' } | { kind: 'given'; arms: Int32Array; fileName: string };

/** Uniform in [0, 1) from (seed, id): FNV-1a over the id's UTF-16 units, mixed with the seed (murmur3's finalizer). */
export function idUniform(seed: number, id: string): number {
  return textUniform(seed, id, 0, id.length);
}

/** idUniform of the id text[start, end), read in place. */
function textUniform(seed: number, text: string, start: number, end: number): number {
  let h = 0x811c9dc5 ^ Math.imul(seed >>> 0, 0x9e3779b1);
  for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  h ^= seed >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** 1 for each id in the holdout: idUniform(seed, id) < share (share in [0, 1)). */
export function holdoutArms(ids: PackedIds, share: number, seed: number): Uint8Array {
  if (!(share >= 0 && share < 1)) throw new RangeError(`the holdout share must be in [0, 1), not ${share}`);
  const { text, ends } = ids;
  const out = new Uint8Array(ends.length);
  for (let arm = 0, start = 0; arm < ends.length; start = ends[arm++] + 1)
    out[arm] = textUniform(seed, text, start, ends[arm]) < share ? 1 : 0;
  return out;
}

/**
 * The week's calls per arm at one rate: the holdout gets round(B n_h / (n_p + n_h)) of the B calls,
 * n_h and n_p the mothers of each arm who may be called (eligible).
 */
export interface ArmBudgets {
  plan: number;
  holdout: number;
  planMothers: number;
  holdoutMothers: number;
}

export function armBudgets(budget: number, inHoldout: Uint8Array, eligible: Uint8Array | null): ArmBudgets {
  // counts of 0 or 1 at every arm (-x >>> 31: 1 for any flag set), no branch on flags that are random by arm
  let mothers = 0,
    holdoutMothers = 0;
  const N = inHoldout.length;
  if (eligible) {
    for (let arm = 0; arm < N; arm++) {
      const e = -eligible[arm] >>> 31;
      mothers += e;
      holdoutMothers += e & (-inHoldout[arm] >>> 31);
    }
  } else {
    mothers = N;
    for (let arm = 0; arm < N; arm++) holdoutMothers += -inHoldout[arm] >>> 31;
  }
  return budgetsOf(budget, mothers, holdoutMothers);
}

/** armBudgets from the counts of those who may be called: all of them (`mothers`), those held out. */
export function budgetsOf(budget: number, mothers: number, holdoutMothers: number): ArmBudgets {
  const planMothers = mothers - holdoutMothers;
  const total = planMothers + holdoutMothers;
  const holdout = total === 0 ? 0 : Math.min(holdoutMothers, Math.round((budget * holdoutMothers) / total));
  return { plan: Math.min(planMothers, budget - holdout), holdout, planMothers, holdoutMothers };
}

/** armEligible's last result per arm (read only, as every eligibility): the week's calls and its list ask alike. */
const lastArm: ({ inHoldout: Uint8Array; eligible: Uint8Array | null; out: Uint8Array } | null)[] = [null, null];

/**
 * Eligibility within one arm: eligible and in the holdout (holdout: true) or in the plan's arm. Read only: the
 * last of each arm is kept for the same arrays (the holdout's calls and the list's held-out order, 1 MB at 10^6), or
 * arrays of the same values (the week's next list: its rules' own arrays).
 */
export function armEligible(inHoldout: Uint8Array, eligible: Uint8Array | null, holdout: boolean): Uint8Array {
  const want = holdout ? 1 : 0,
    N = inHoldout.length;
  const hit = lastArm[want];
  const same = (x: Uint8Array | null, y: Uint8Array | null) => x === y || (x !== null && sameValues(x, y));
  if (hit && same(hit.inHoldout, inHoldout) && same(hit.eligible, eligible)) {
    [hit.inHoldout, hit.eligible] = [inHoldout, eligible];
    return hit.out;
  }
  const out = new Uint8Array(N);
  // a flag made at every arm without a branch (the holdout's draw is random by arm)
  if (eligible) for (let arm = 0; arm < N; arm++) out[arm] = +(inHoldout[arm] === want) & (-eligible[arm] >>> 31);
  else for (let arm = 0; arm < N; arm++) out[arm] = +(inHoldout[arm] === want);
  lastArm[want] = { inHoldout, eligible, out };
  return out;
}

/**
 * Keeps both arms' flags (armEligible's: plan, holdout) and the holdout's pool (poolOf's) made elsewhere in one pass
 * (holdout-counts.ts), as armEligible would keep its own.
 */
export function keepArmFlags(inHoldout: Uint8Array, eligible: Uint8Array, flags: Uint8Array[], pool?: Int32Array) {
  lastArm[0] = { inHoldout, eligible, out: flags[0] };
  lastArm[1] = { inHoldout, eligible, out: flags[1] };
  if (pool) pools.set(flags[1], pool);
}

/** Random.fill's block for the random calls' shuffle (64 KB). */
const DRAWS = 8192;
const pools = new WeakMap<Uint8Array, Int32Array>();
/** The arms with `may` set, in arm order; kept per flags array (armEligible's are kept for the week's next list). */
function poolOf(may: Uint8Array): Int32Array {
  const hit = pools.get(may);
  if (hit) return hit;
  let n = 0;
  for (let arm = 0; arm < may.length; arm++) n += may[arm];
  // each arm written, the next kept when she may: no branch on a random split
  const pool = new Int32Array(n + 1);
  for (let arm = 0, i = 0; arm < may.length; arm++) {
    pool[i] = arm;
    i += may[arm];
  }
  const out = pool.subarray(0, n);
  pools.set(may, out);
  return out;
}

export interface HoldoutListInput {
  rule: HoldoutRule;
  inHoldout: Uint8Array;
  eligible: Uint8Array | null;
  /** The holdout's calls this week (armBudgets). */
  budget: number;
  /** For `random`: the week's seeded stream. */
  random: Random;
  /** For `default`: every arm's index under the default reward `state`, and the week's tie ranks. */
  defaultIndex?: Float64Array;
  tieRank?: Int32Array;
  /**
   * Health workers (holdout-plan.ts): her worker (-1 none) and per worker the holdout's share of her capacity; a
   * call beyond it is skipped. The default rule under capacities is the caller's (capacity-top-b.ts).
   */
  room?: { worker: Int32Array; left: Float64Array };
}

/** The holdout's calls this week by its rule, and notes in words (a given list that does not fit the arm or rate). */
export function holdoutList(input: HoldoutListInput): { arms: Int32Array; notes: string[] } {
  const { rule, inHoldout, eligible, budget, random } = input;
  const may = armEligible(inHoldout, eligible, true);
  if (rule.kind === 'default') {
    const { defaultIndex: index, tieRank } = input;
    if (!index || !tieRank) throw new Error('holdoutList: the default rule needs the default indices and tie ranks');
    return { arms: constrainedTopB({ index, tieRank, eligible: may, budget, quotas: [] }).arms, notes: [] };
  }
  const left = input.room ? Float64Array.from(input.room.left) : null,
    worker = input.room?.worker;
  // Whether her worker has room for one more holdout call (and if so, it is taken).
  const room = (arm: number) => {
    const w = worker ? worker[arm] : -1;
    if (w < 0) return true;
    if (left![w] <= 0) return false;
    left![w]--;
    return true;
  };
  if (rule.kind === 'random') {
    // those who may be called in arm order (kept per flags: the week's next list), shuffled in a working array
    const kept = poolOf(may),
      n = kept.length;
    const pool = scratch('holdout-pool', Int32Array, n + 1);
    pool.set(kept);
    // a uniform sample: a partial Fisher-Yates shuffle (a mother whose worker is full is passed over), its numbers
    // drawn a block at a time (Random.fill: the same numbers as random.int's), never more than the shuffle reads (the
    // stream may be the caller's): the next budget - taken steps are certain to be taken
    const u = scratch('holdout-draws', Float64Array, DRAWS);
    let taken = 0;
    for (let i = 0, k = 0, m = 0; i < n && taken < budget; i++, k++) {
      if (k === m) {
        m = Math.min(DRAWS, budget - taken, n - i);
        random.fill(u, 0, m);
        k = 0;
      }
      const j = i + Math.floor(u[k] * (n - i));
      const t = pool[i];
      pool[i] = pool[j];
      pool[j] = t;
      if (room(pool[i])) pool[taken++] = pool[i];
    }
    return { arms: pool.slice(0, taken), notes: [] };
  }
  const arms: number[] = [];
  let planArm = 0,
    excluded = 0,
    beyond = 0,
    full = 0;
  const seen = new Uint8Array(inHoldout.length);
  for (const arm of rule.arms) {
    if (seen[arm]) continue;
    seen[arm] = 1;
    if (!inHoldout[arm]) planArm++;
    else if (!may[arm]) excluded++;
    else if (arms.length >= budget) beyond++;
    else if (!room(arm)) full++;
    else arms.push(arm);
  }
  const notes: string[] = [];
  const many = (n: number, one: string, more: string) => `${n} ${n === 1 ? one : more}`;
  const file = rule.fileName,
    was = (n: number) => (n === 1 ? 'was' : 'were');
  if (planArm) {
    const who = many(planArm, 'mother is', 'mothers are');
    notes.push(`${file}: ${who} in the plan's arm, not the holdout, and ${was(planArm)} left to the plan's list`);
  }
  if (excluded) {
    const why = 'may not be called this week (excluded, in cooldown or no longer enrolled)';
    notes.push(`${file}: ${many(excluded, 'mother', 'mothers')} ${why} and ${was(excluded)} left out`);
  }
  if (beyond) {
    const kept = `(the first ${budget} in the file's order are kept)`;
    const what = many(beyond, 'call goes', 'calls go');
    const rate = `the holdout's ${budget} calls at the plan's rate`;
    notes.push(`${file}: ${what} beyond ${rate} and ${was(beyond)} left out ${kept}`);
  }
  if (full) {
    const what = many(full, 'call goes', 'calls go');
    notes.push(`${file}: ${what} beyond the holdout's share of their workers' capacities and ${was(full)} left out`);
  }
  if (arms.length < budget) {
    const also = 'the comparison then also measures the difference in calls';
    const what = many(arms.length, 'call', 'calls');
    notes.push(`${file}: ${what} for the holdout, fewer than the ${budget} of the plan's rate: ${also}`);
  }
  return { arms: Int32Array.from(arms), notes };
}
