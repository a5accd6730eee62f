// DLM's reward-generation prompt, as printed in DLM appendix I (the same structure as the
// multilingual paper's Table 5): the task, the feature list with indices and types, the syntax
// rules, the $$$ and %%% delimiters, the worked example, and the best previous attempts.
// Built from the population's actual schema; for DLM's 43 features it reproduces the paper's text.
import type { FeatureSchema } from '../instance/types.ts';
import type { ChatRequest } from './chat-request.ts';
import { featureList, textFeatureLines } from './feature-list.ts';
import { REWARD_REPLY } from './reply-schemas.ts';

export interface DlmGenerationInput {
  /** The user's goal, passed through unchanged (in any language). */
  goal: string;
  schema: FeatureSchema;
  /** Column indices not shown to the LLM (DLM hides 0-6). */
  hidden?: readonly number[];
  /** Number of states per arm (DLM: 2). */
  numStates?: number;
  /** The setting, after "Create a Python reward function for RL in". */
  domain?: string;
  /** Reward expressions the reflection stage picked in earlier rounds, best first. */
  previousAttempts?: readonly string[];
}

/** DLM's domain phrase. */
export const DLM_DOMAIN = 'phone call resource allocation to mothers in India';

/** What an imported population without a program description is called in the prompts (nothing about India). */
export const NEUTRAL_DOMAIN = 'phone call resource allocation to the beneficiaries of a health program';

/**
 * The setting a prompt names for `instance`: its own program description; DLM's for the built-in
 * (synthetic, DLM-modelled) populations, whose recorded transcripts depend on it; else neutral.
 */
export function programDomain(instance: { program?: string; provenance: { kind: string } }): string {
  const own = instance.program?.trim();
  if (own) return own;
  return instance.provenance.kind === 'generator' ? DLM_DOMAIN : NEUTRAL_DOMAIN;
}

export function dlmGenerationPrompt(input: DlmGenerationInput): ChatRequest {
  const { goal, schema, hidden = [], numStates = 2, domain = DLM_DOMAIN, previousAttempts = [] } = input;
  const states =
    numStates === 2
      ? 'value is either 0,1'
      : `value is one of ${Array.from({ length: numStates }, (_, s) => s).join(',')}`;
  const example = workedExample(schema, hidden);
  const prompt = [
    `Create a Python reward function for RL in ${domain}, with the objective of prioritizing higher states ` +
      `and: ${goal}. ` +
      `The function should use state (${states}) and features agent_feats (length ${schema.columns.length} array) ` +
      `to direct the RL agent. ` +
      'Here is a description of the features you may use:',
    featureList(schema, hidden),
    'Your task:',
    '1. Write a simple, single-line Python reward function. Exclude the word return and exclude non-standard ' +
      'libraries. ' +
      'Format your code with triple $ signs: $$$[YOUR FUNCTION]$$$.',
    '2. Provide an explanation on how this function prioritizes the specified groups. ' +
      'Format your explanation with triple % signs: %%%[YOUR EXPLANATION]%%%.',
    'Note that HIGHER states are always preferred, so ensure reward increases as state increases. ' +
      'Make sure reward is always positive and increasing with state. Avoid using bitwise operators &, |. Using ' +
      'and, or instead.',
    ...(example ? [example] : []),
    `Come up with a unique new reward for the specified goal: ${goal}. Here are your best previous attempts:` +
      (previousAttempts.length ? '\n' + previousAttempts.map((expression) => `$$$ ${expression} $$$`).join('\n') : ''),
  ].join('\n');
  return { prompt, reply: REWARD_REPLY };
}

/**
 * The multilingual study's variant (multilingual-dlm, Table 5): the same task for "agents", the
 * feature list without types, no %%% explanation, and a worked example of low age and one
 * language. For the study's 34 features it reproduces the table's text.
 */
export function multilingualGenerationPrompt(input: DlmGenerationInput): ChatRequest {
  const { goal, schema, hidden = [], numStates = 2, previousAttempts = [] } = input;
  const states =
    numStates === 2
      ? 'value is either 0 or 1'
      : `value is one of ${Array.from({ length: numStates }, (_, s) => s).join(', ')}`;
  const features = [
    ...schema.columns.flatMap((c, i) => (hidden.includes(i) ? [] : [`${i}. ${c.label}`])),
    ...textFeatureLines(schema, hidden),
  ].join('\n');
  const example = multilingualExample(schema, hidden);
  const prompt = [
    `Create a Python reward function for RL in a resource allocation problem for agents, with the objective of ` +
      `prioritizing higher states and ${goal}. ` +
      `The function should use state (${states}) and features agent_feats (length ${schema.columns.length} array) ` +
      `to direct the RL agent. ` +
      'Here is a description of the features you may use along with their index in the agent_feats array: Feature ' +
      'Descriptions:',
    features,
    'Your task: Write a simple, single-line Python reward function. Exclude the word return and non-standard ' +
      'libraries. ' +
      'Format your code with triple $ symbols: $$$[YOUR FUNCTION]$$$. Note that HIGHER states are always ' +
      'preferred, so ensure the reward increases as the state value increases. ' +
      'Make sure the reward is always positive and increasing with state.' +
      (example ? ` ${example}` : ''),
    `Come up with a unique new reward for the specified goal: ${goal}. Here are your best previous attempts:` +
      (previousAttempts.length ? ` ${previousAttempts.map((expression) => `$$$ ${expression} $$$`).join(' ')}.` : ''),
  ].join('\n');
  return { prompt, reply: REWARD_REPLY };
}

/**
 * Table 5's example: the two lowest buckets of the first ordered group and the second value of the first unordered one.
 */
function multilingualExample(schema: FeatureSchema, hidden: readonly number[]): string | null {
  const visible = (g: FeatureSchema['groups'][number]) =>
    g.kind === 'one-hot' && g.columns.length >= 2 && !g.columns.some((c) => hidden.includes(c));
  const low = schema.groups.find((g) => visible(g) && g.ordered);
  const other = schema.groups.find((g) => visible(g) && !g.ordered);
  if (!low || !other) return null;
  const [a0, a1] = low.columns;
  const b = other.columns[1];
  const label = schema.columns[b].label;
  const paper = /^Ages?$/.test(low.name) && /^Speaks /.test(label);
  const lang = label.replace(/^Speaks /, '');
  const lowWords = paper ? 'low Age' : `low ${low.name}`;
  const otherWords = paper ? `speak ${lang}` : `are "${label}"`;
  return [
    `Example Prompt: Prioritize agents that have ${lowWords} and ${otherWords}.`,
    `Let’s think about this step by step. We want to give reward only for agents that are lower by ` +
      `${paper ? 'age' : low.name}, which corresponds to feature ${a0} and to a lesser degree feature ${a1}, ` +
      `and ${paper ? `speaking ${lang}` : `"${label}"`} which corresponds to feature ${b}. This corresponds to a ` +
      `condition of ((agent_feats[${a0}] or agent_feats[${a1}]) and agent_feats[${b}]). ` +
      `Since feature ${a0} corresponds better to lower ${paper ? 'age' : low.name} than feature ${a1}, the weight ` +
      `assigned to feature ${a0} should be higher than that assigned to feature ${a1}. ` +
      'In addition, we always only want to give reward when the state is 1, since the agent gets reward only when ' +
      'it is in a listening state. ' +
      `Therefore, our reward function should be: state * ((5*agent_feats[${a0}]+agent_feats[${a1}]) and ` +
      `agent_feats[${b}])`,
    `Example Response: $$$ state + state * ((agent_feats[${a0}] or agent_feats[${a1}]) and agent_feats[${b}]) $$$ ` +
      `or $$$ state * (agent_feats[${a0}] or 3*agent_feats[${b}]) $$$ ` +
      `or $$$ state + 2*state * ((5*agent_feats[${a0}]+agent_feats[${a1}]) and agent_feats[${b}]) $$$.`,
    `In these example, agent_feats[${a0}] and agent_feats[${a1}] represent agents with low values for ` +
      `${paper ? 'age' : low.name}, agent_feats[${b}] represents agents who ` +
      `${paper ? `speak ${lang}` : `are "${label}"`}. ` +
      'It is upto you to decide which features will represent a preference',
  ].join('\n');
}

/**
 * The paper's worked example uses the last bucket of two ordered groups (for DLM: feature 11,
 * Ages 51-60, and feature 42, the top income bracket: "older and richer"). A schema without two
 * visible ordered one-hot groups gets no worked example rather than a wrong one.
 */
function workedExample(schema: FeatureSchema, hidden: readonly number[]): string | null {
  const groups = schema.groups.filter(
    (g) => g.kind === 'one-hot' && g.ordered && !g.columns.some((c) => hidden.includes(c)),
  );
  if (groups.length < 2) return null;
  const [first, second] = [groups[0], groups[groups.length - 1]];
  const a = first.columns[first.columns.length - 1];
  const b = second.columns[second.columns.length - 1];
  const dlm = first.name === 'Ages' && second.name === 'Income';
  const want = dlm ? 'both older and richer' : `both "${schema.columns[a].label}" and "${schema.columns[b].label}"`;
  const why = dlm
    ? `agents that are older, which corresponds to feature ${a}, and rich which corresponds to feature ${b}`
    : `agents with "${schema.columns[a].label}", which corresponds to feature ${a}, and ` +
      `"${schema.columns[b].label}" which corresponds to feature ${b}`;
  const explanation = dlm
    ? 'This function gives higher rewards for higher states and higher ages, aligning with the goal to reward ' +
      'older individuals with higher states.'
    : `This function gives higher rewards for higher states, and more to agents with both features ${a} and ${b}.`;
  return [
    `Example Prompt: While prioritizing all, emphasize agents that are ${want}`,
    `Lets think about this step by step. We want to give reward only for ${why}. ` +
      `This corresponds to a condition of (agent_feats[${a}] and agent_feats[${b}]). ` +
      'In addition, we always only want to give reward when the state is 1, since the agent gets reward only when ' +
      'it is in a listening state. ' +
      `Therefore, our reward function should be: state * (agent_feats[${a}] and agent_feats[${b}]).`,
    'Example Response:',
    `Python Code: $$$ state * 0.1 + 2 * state * (agent_feats[${a}] and agent_feats[${b}]) $$$`,
    `Explanation: %%%${explanation}%%%`,
  ].join('\n');
}
