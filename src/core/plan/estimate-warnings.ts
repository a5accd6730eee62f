// What the estimator (estimate-transitions.ts) could not learn from the history, as data: a kind and
// the numbers and groups involved. Each is said twice from the same fields: `technical`, for a
// statistician (the command line prints it), and plainWords, for a program manager (the Plan screen,
// with the technical words beside them).
import { bucketName } from '../words/bucket-name.ts';

/** A not-called row (weeks starting in `state` without a call) too thin to fit: its prior is uniform. */
export interface FewUncalledWeeks {
  kind: 'few-uncalled-weeks';
  state: number;
  /** Such weeks in the whole history (when some, no beneficiary has two, which alone tell how beneficiaries differ). */
  weeks: number;
  technical: string;
}

/** Prior groups (buckets of `groupBy`) too small for their own not-called prior: they use the register's. */
export interface SmallGroups {
  kind: 'small-groups';
  groupBy: string;
  /** A group needs this many beneficiaries with such a week (from the state) for its own prior. */
  minArms: number;
  /** Group priors of not-called weeks in all (2 per group). */
  priors: number;
  /** Every small (bucket, state), in the estimator's order. */
  small: { bucket: string; state: number }[];
  technical: string;
}

/** No call from `state` in the whole history: a call is assumed to change nothing (indices 0, the seeded draw). */
export interface NoCalls {
  kind: 'no-calls';
  state: number;
  technical: string;
}

export type EstimateWarning = FewUncalledWeeks | SmallGroups | NoCalls;

/** A sentence from elsewhere (the register, the exclusion list), shown as it is. */
export interface NoteWarning {
  kind: 'note';
  technical: string;
}

/** A weekly list's warning. */
export type PlanWarning = EstimateWarning | NoteWarning;

const stateName = (s: number) => (s === 1 ? 'engaged' : 'not engaged');

export function fewUncalledWeeks(state: number, weeks: number): FewUncalledWeeks {
  const technical =
    `the history has ${weeks === 0 ? 'no week' : 'too few weeks'} that started in state ${state} ` +
    `(${stateName(state)}) without a call: its prior is uniform, Beta(1, 1)`;
  return { kind: 'few-uncalled-weeks', state, weeks, technical };
}

export function smallGroups(
  groupBy: string,
  minArms: number,
  priors: number,
  small: { bucket: string; state: number }[],
): SmallGroups {
  const named = small
    .slice(0, 6)
    .map((p) => `${p.bucket} (from ${stateName(p.state)})`)
    .join(', ');
  const technical =
    `${small.length} of ${priors} group priors of not-called weeks rest on fewer than ${minArms} ` +
    `beneficiaries and use the whole register's prior: ${named}${small.length > 6 ? ', ...' : ''}`;
  return { kind: 'small-groups', groupBy, minArms, priors, small, technical };
}

export function noCalls(state: number): NoCalls {
  const technical =
    `the history has no call from state ${state} (${stateName(state)}): the prior of a call's effect from there ` +
    `assumes a call changes nothing ` +
    `(each beneficiary's called rate is her not-called rate), so these beneficiaries' indices are 0 and ties are ` +
    `broken by the seeded draw until outcomes of calls arrive`;
  return { kind: 'no-calls', state, technical };
}

export const note = (text: string): NoteWarning => ({ kind: 'note', technical: text });

/** How many small groups the plain sentence names before "and N more". */
const NAMED = 6;

const and = (xs: string[]) => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);

/** A warning in a program manager's words, and its technical words when they differ (null for a note). */
export interface PlainWords {
  plain: string;
  technical: string | null;
}

/**
 * A list's warnings in a program manager's words. The same warning for both states is said once, for
 * every beneficiary (its technical words then hold both). A string is a warning of a list saved before
 * warnings had kinds: shown as it is.
 */
export function plainWarnings(warnings: readonly (PlanWarning | string)[]): PlainWords[] {
  const used = new Set<number>();
  const out: PlainWords[] = [];
  warnings.forEach((w, i) => {
    if (used.has(i)) return;
    if (typeof w === 'string') return void out.push(plainWords(w));
    const j = warnings.findIndex((x, at) => at > i && !used.has(at) && samePair(w, x));
    if (j < 0) return void out.push(say(w, false));
    used.add(j);
    out.push({ plain: say(w, true).plain, technical: `${w.technical}; ${(warnings[j] as PlanWarning).technical}` });
  });
  return out;
}

/** b is a's warning for the other state, in the same words but for the state (both "no week" or both "too few"). */
function samePair(a: PlanWarning, b: PlanWarning | string): boolean {
  if (typeof b === 'string' || a.kind !== b.kind || !('state' in a) || !('state' in b) || a.state === b.state)
    return false;
  return a.kind !== 'few-uncalled-weeks' || (a.weeks === 0) === ((b as FewUncalledWeeks).weeks === 0);
}

/** One warning in a program manager's words. */
export function plainWords(w: PlanWarning | string): PlainWords {
  return typeof w === 'string' ? { plain: w, technical: null } : say(w, false);
}

/** `everyone`: said for beneficiaries in both states (plainWarnings). */
function say(w: PlanWarning, everyone: boolean): PlainWords {
  switch (w.kind) {
    case 'few-uncalled-weeks': {
      const which = everyone
        ? 'a beneficiary went without a call'
        : `a beneficiary who was ${stateName(w.state)} went without a call`;
      const history =
        w.weeks === 0
          ? `The history has no week in which ${which}`
          : `The history has too few weeks in which ${which} (no beneficiary has two such weeks)`;
      return {
        plain:
          `${history}, so allot cannot yet tell how ${everyone ? 'beneficiaries' : 'such beneficiaries'} do ` +
          `on their own. Until more weeks come in, it treats every chance as equally likely, and their estimates ` +
          `are rough.`,
        technical: w.technical,
      };
    }
    case 'small-groups': {
      const labels = [...new Set(w.small.map((p) => p.bucket))];
      // Labels that name their group ("Ages 51-60") stand alone; ranges ("<= 25") are said as "age groups".
      const groups = labels.every((b) => bucketName(w.groupBy, b) === b) ? 'groups' : `${w.groupBy} groups`;
      const named = labels.length > NAMED ? [...labels.slice(0, NAMED), `${labels.length - NAMED} more`] : labels;
      const all = labels.length * 2 === w.priors;
      const few = `too few beneficiaries (under ${w.minArms}) to learn from on their own`;
      return {
        plain: all
          ? `All ${groups} have ${few} (${and(named)}), so allot uses what it learned from the whole register for ` +
            `each of them.`
          : `Some ${groups} have ${few}: ${and(named)}. For them, allot uses what it learned from the whole register.`,
        technical: w.technical,
      };
    }
    case 'no-calls':
      return {
        plain: everyone
          ? 'The history has no calls, so allot cannot yet tell what a call does. It assumes a call changes ' +
            'nothing for now, so all priorities are equal and a fixed random draw orders the list, until the ' +
            'outcomes of calls are uploaded.'
          : `The history has no calls to beneficiaries who were ${stateName(w.state)}, so allot cannot yet tell ` +
            `what a call does for them. It assumes a call changes nothing for now, so their priorities are equal ` +
            `and a fixed random draw orders them, until the outcomes of calls are uploaded.`,
        technical: w.technical,
      };
    case 'note':
      return { plain: w.technical, technical: null };
  }
}
