// The week's answer in words, one module for the Plan screen and the printed list so that both say the
// same sentences in the same order: the make-up sentences about the groups her priority names first (its
// reward, its share rules and the words of the run it came from: "older, low-income"), then the side
// effects on the other groups, labelled as such (without named groups: the two largest moves first, then
// how the others change); and with health workers, how the calls spread over them and which capacities bind.
import type { FeatureSchema } from '../instance/types.ts';
import { askedGroups, makeUpSentences } from './list-make-up.ts';
import type { PlanPolicySource } from './plan-record.ts';
import type { PlanSettings } from './plan-settings.ts';
import { workerSentences } from './plan-workers.ts';
import type { WeeklyList } from './weekly-list.ts';

export interface WeekAnswer {
  /** The sentences read first: about the groups her priority names, or the two largest moves. */
  lead: string[];
  /** The other groups' sentences, under `restTitle`. */
  rest: string[];
  /** "Side effects on the other 3 groups", or "How the other 3 groups change" when no group is named. */
  restTitle: string;
  /** With health workers: the spread of calls over them and the capacities that bind. */
  workers: string[];
}

/** The words of the run a policy came from ("older, low-income"), '' for a reward typed on the screen. */
export function policyWords(policy: PlanPolicySource): string {
  return policy.kind === 'typed' ? '' : policy.runTitle.replace(/^(DLM|SCLM): /, '');
}

/** The answer's sentences (each without its capital and full stop: `asSentence` adds them). */
export function weekAnswer(
  list: WeeklyList,
  schema: FeatureSchema,
  settings: Pick<PlanSettings, 'reward' | 'shares'>,
  policy: PlanPolicySource,
): WeekAnswer {
  const words = policyWords(policy);
  const named = words ? askedGroups(schema, settings, words) : null;
  const makeUp = named
    ? { sentences: makeUpSentences(list.groups, list.arms.length, named), asked: named.length }
    : { sentences: list.sentences, asked: list.asked };
  const lead = makeUp.asked > 0 ? makeUp.asked : Math.min(2, makeUp.sentences.length);
  const others = makeUp.sentences.length - lead;
  const restTitle =
    makeUp.asked > 0
      ? `Side effects on the other ${others === 1 ? 'group' : `${others} groups`}`
      : `How the other ${others === 1 ? 'group changes' : `${others} groups change`}`;
  return {
    lead: makeUp.sentences.slice(0, lead),
    rest: makeUp.sentences.slice(lead),
    restTitle,
    workers: list.workers ? workerSentences(list.workers, list.arms.length) : [],
  };
}

/** A phrase as a sentence: its first letter a capital, a full stop unless it ends in one. */
export function asSentence(s: string): string {
  return `${s.charAt(0).toUpperCase()}${s.slice(1)}${/[.!?]$/.test(s) ? '' : '.'}`;
}
