// The 16 tasks of DLM (Behari et al., "A Decision-Language Model (DLM) for Dynamic Restless
// Multi-Armed Bandit Tasks in Public Health", NeurIPS 2024), Table 3: index, label, prompt and Base
// reward exactly as printed, with the MNR scores of Table 4 (Base is 1 by construction; Random 0).
// Prompts keep the paper's typographic quotes (’age’). `base` is the printed Base reward with
// "lambda feature, state: " removed and feature[i] written agent_feats[i] (the same expression).
import type { TaskSet } from './task.ts';

export const DLM_NEURIPS_TASKS: TaskSet = {
  id: 'dlm-neurips',
  title: 'DLM (NeurIPS 2024): 16 tasks',
  schema: 'dlm43',
  source:
    'Behari et al., A Decision-Language Model (DLM) for Dynamic Restless Multi-Armed Bandit Tasks in Public ' +
    'Health, NeurIPS 2024, Table 3 (tasks, Base rewards) and Table 4 (scores)',
  tasks: [
    {
      index: 0,
      label: 'Older Bias',
      prompt: 'While still prioritizing all, slightly focus on the oldest by age distribution.',
      base: 'state * 0.1 + if_(state) * 2.0 * agent_feats[11]',
      printedBase: 'lambda feature, state: state * 0.1 + if_(state) * 2.0 * feature[11]',
      published: {
        noAction: { mnr: -0.02, se: 0.072 },
        default: { mnr: 0.41, se: 0.13 },
        zeroShot: { mnr: 0.91, se: 0.029 },
        reflection: { mnr: 0.99, se: 0.005 },
      },
    },
    {
      index: 1,
      label: 'Low Income',
      prompt: 'While still prioritizing all, slightly focus on the bottom 12.5% of the income_bracket distribution.',
      base: 'state * 0.1 + if_(state) * 2.0 * agent_feats[36]',
      printedBase: 'lambda feature, state: state * 0.1 + if_(state) * 2.0 * feature[36]',
      published: {
        noAction: { mnr: -0.02, se: 0.073 },
        default: { mnr: 0.51, se: 0.122 },
        zeroShot: { mnr: 0.83, se: 0.046 },
        reflection: { mnr: 0.97, se: 0.014 },
      },
      note:
        '"Bottom 12.5%" of 8 income brackets is one bracket; the printed Base uses feature[36] (bracket 1), ' +
        'not feature[35] (no income); kept as printed.',
    },
    {
      index: 2,
      label: 'Hindi Speakers',
      prompt: 'While still prioritizing all, slightly focus on those who speak Hindi.',
      base: 'state * 0.1 + if_(state) * 2.0 * if_(agent_feats[12])',
      printedBase: 'lambda feature, state: state * 0.1 + if_(state) * 2.0 * if_(feature[12])',
      published: {
        noAction: { mnr: -0.12, se: 0.067 },
        default: { mnr: 0.71, se: 0.093 },
        zeroShot: { mnr: 0.79, se: 0.058 },
        reflection: { mnr: 0.98, se: 0.042 },
      },
    },
    {
      index: 3,
      label: 'Low Education Bias',
      prompt: 'While still prioritizing all, slightly weight those who have had low education.',
      base: 'state * 0.1 + if_(state) * 2.0 * if_(agent_feats[16])',
      printedBase: 'lambda feature, state: state * 0.1 + if_(state) * 2.0 * if_(feature[16])',
      published: {
        noAction: { mnr: 0, se: 0.073 },
        default: { mnr: 0.46, se: 0.124 },
        zeroShot: { mnr: 0.78, se: 0.063 },
        reflection: { mnr: 0.74, se: 0.058 },
      },
    },
    {
      index: 4,
      label: 'Age Distribution Tail Emphasis',
      prompt: 'While still prioritizing all, slightly focus on both the youngest and oldest by age.',
      base: 'state * 0.1 + if_(state) * 2.0 * if_(agent_feats[11] or agent_feats[7])',
      printedBase: 'lambda feature, state: state * 0.1 + if_(state) * 2.0 * if_(feature[11] or feature[7])',
      published: {
        noAction: { mnr: -0.02, se: 0.069 },
        default: { mnr: 0.52, se: 0.111 },
        zeroShot: { mnr: 1.0, se: 0.018 },
        reflection: { mnr: 0.92, se: 0.018 },
      },
    },
    {
      index: 5,
      label: 'Middle Income',
      prompt:
        'While still prioritizing all, slightly prefer the income bracket bounds for the middle 40% of the population.',
      base: 'state * 0.1 + if_(state) * 2.0 * if_(agent_feats[38] or agent_feats[39] or agent_feats[40])',
      printedBase:
        'lambda feature, state: state * 0.1 + if_(state) * 2.0 * if_(feature[38] or feature[39] or feature[40])',
      published: {
        noAction: { mnr: -0.08, se: 0.067 },
        default: { mnr: 0.65, se: 0.097 },
        zeroShot: { mnr: 0.77, se: 0.057 },
        reflection: { mnr: 0.88, se: 0.044 },
      },
    },
    {
      index: 6,
      label: 'Non-Phone Owner',
      prompt: 'While still prioritizing all, slightly favor those women who do not own their own phone.',
      base: 'state * 0.1 + if_(state) * 2.0 * if_(agent_feats[24] or agent_feats[25])',
      printedBase: 'lambda feature, state: state * 0.1 + if_(state) * 2.0 * if_(feature[24] or feature[25])',
      published: {
        noAction: { mnr: -0.07, se: 0.067 },
        default: { mnr: 0.5, se: 0.114 },
        zeroShot: { mnr: 0.87, se: 0.028 },
        reflection: { mnr: 0.97, se: 0.019 },
      },
    },
    {
      index: 7,
      label: 'Low Income + Younger Bias',
      prompt:
        'While still prioritizing all, slightly prioritize impoverished younger mothers by combining the ' +
        'distributions of ’age’ and ’education’.',
      base: 'state * 0.1 + if_(state) * 2.0 * if_(agent_feats[7] and agent_feats[16])',
      printedBase: 'lambda feature, state: state * 0.1 + if_(state) * 2.0 * if_(feature[7] and feature[16])',
      published: {
        noAction: { mnr: 0.03, se: 0.075 },
        default: { mnr: 0.4, se: 0.134 },
        zeroShot: { mnr: 0.95, se: 0.014 },
        reflection: { mnr: 0.98, se: 0.006 },
      },
      note:
        'The label says "Low Income" but the prompt and Base use age (feature[7], ages 10-20) and education ' +
        '(feature[16], illiterate); kept as printed.',
    },
    {
      index: 8,
      label: 'Marathi Speakers + Middle Aged',
      prompt: 'While still prioritizing all, slightly focus on those Marathi-speakers with middle-aged mothers.',
      base: 'state * 0.1 + if_(state) * 2.0 * if_(agent_feats[13] and (agent_feats[9] or agent_feats[10]))',
      printedBase:
        'lambda feature, state: state * 0.1 + if_(state) * 2.0 * if_(feature[13] and (feature[9] or feature[10]))',
      published: {
        noAction: { mnr: 0, se: 0.074 },
        default: { mnr: 0.51, se: 0.115 },
        zeroShot: { mnr: 0.82, se: 0.036 },
        reflection: { mnr: 0.89, se: 0.023 },
      },
    },
    {
      index: 9,
      label: 'Early and Late Workers',
      prompt:
        'While still prioritizing all, slightly emphasize beneficiaries who likely work early in the morning and ' +
        'late at night.',
      base: 'state * 0.1 + if_(state) * 2.0 * if_(agent_feats[26] or agent_feats[28])',
      printedBase: 'lambda feature, state: state * 0.1 + if_(state) * 2.0 * if_(feature[26] or feature[28])',
      published: {
        noAction: { mnr: -0.11, se: 0.065 },
        default: { mnr: 0.69, se: 0.093 },
        zeroShot: { mnr: 0.81, se: 0.038 },
        reflection: { mnr: 0.87, se: 0.038 },
      },
      note:
        'The prompt says "late at night" but the printed Base rewards feature[28] (to be called ' +
        "12:30pm-3:30pm), not feature[31] (7:30pm-9:30pm); kept as printed (the IJCAI version's Base agrees).",
    },
    {
      index: 10,
      label: 'Critical Low Income',
      prompt:
        'While still prioritizing all, slightly weight the lowest income_bracket groups, the absolute lowest ' +
        'earners in the population.',
      base: 'state * 0.1 + if_(state) * 2.0 * if_(agent_feats[35] or agent_feats[36] or agent_feats[37])',
      printedBase:
        'lambda feature, state: state * 0.1 + if_(state) * 2.0 * if_(feature[35] or feature[36] or feature[37])',
      published: {
        noAction: { mnr: -0.08, se: 0.068 },
        default: { mnr: 0.6, se: 0.104 },
        zeroShot: { mnr: 0.93, se: 0.022 },
        reflection: { mnr: 0.93, se: 0.015 },
      },
    },
    {
      index: 11,
      label: 'Early Morning Call + NGO Registered',
      prompt:
        'While still prioritizing all, slightly advantage those who prefer being called before 10:30am ’slot’ and ' +
        'are registered at an NGO.',
      base: 'state * 0.1 + if_(state) * 2.0 * if_(agent_feats[26] and agent_feats[32])',
      printedBase: 'lambda feature, state: state * 0.1 + if_(state) * 2.0 * if_(feature[26] and feature[32])',
      published: {
        noAction: { mnr: -0.12, se: 0.065 },
        default: { mnr: 0.7, se: 0.085 },
        zeroShot: { mnr: 0.87, se: 0.037 },
        reflection: { mnr: 0.96, se: 0.026 },
      },
    },
    {
      index: 12,
      label: 'Morning Call + NGO Registered',
      prompt:
        'While still prioritizing all, slightly advantage those who prefer being called between 10:30am-12:30pm ' +
        'and are registered at an NGO.',
      base: 'state * 0.1 + if_(state) * 2.0 * if_(agent_feats[27] and agent_feats[32])',
      printedBase: 'lambda feature, state: state * 0.1 + if_(state) * 2.0 * if_(feature[27] and feature[32])',
      published: {
        noAction: { mnr: -0.07, se: 0.066 },
        default: { mnr: 0.52, se: 0.109 },
        zeroShot: { mnr: 0.94, se: 0.02 },
        reflection: { mnr: 0.87, se: 0.025 },
      },
    },
    {
      index: 13,
      label: 'Afternoon Call + NGO Registered',
      prompt:
        'While still prioritizing all, slightly advantage those who prefer being called between 12:30pm-3:30pm and ' +
        'are registered at an NGO.',
      base: 'state * 0.1 + if_(state) * 2.0 * if_(agent_feats[28] and agent_feats[32])',
      printedBase: 'lambda feature, state: state * 0.1 + if_(state) * 2.0 * if_(feature[28] and feature[32])',
      published: {
        noAction: { mnr: -0.11, se: 0.062 },
        default: { mnr: 0.72, se: 0.085 },
        zeroShot: { mnr: 0.92, se: 0.023 },
        reflection: { mnr: 0.91, se: 0.024 },
      },
    },
    {
      index: 14,
      label: 'Evening Call + NGO Registered',
      prompt:
        'While still prioritizing all, slightly advantage those who prefer being called after 7PM ’slot’ ' +
        'registered at an NGO.',
      base: 'state * 0.1 + if_(state) * 2.0 * if_(agent_feats[31] and agent_feats[32])',
      printedBase: 'lambda feature, state: state * 0.1 + if_(state) * 2.0 * if_(feature[31] and feature[32]),',
      published: {
        noAction: { mnr: -0.06, se: 0.07 },
        default: { mnr: 0.55, se: 0.111 },
        zeroShot: { mnr: 0.67, se: 0.057 },
        reflection: { mnr: 0.9, se: 0.031 },
      },
      note: 'The printed Base ends with a comma (a Python tuple if taken literally); the comma is dropped in `base`.',
    },
    {
      index: 15,
      label: 'Technically Challenged',
      prompt:
        'While still prioritizing all, infer technical challenges in reaching the phone that could indicate ' +
        '’at-risk’ beneficiaries and give slight preference.',
      base: 'state * 0.1 + if_(state) * 2.0 * if_(agent_feats[24] or agent_feats[25])',
      printedBase: 'lambda feature, state: state * 0.1 + if_(state) * 2.0 * if_(feature[24] or feature[25])',
      published: {
        noAction: { mnr: -0.14, se: 0.06 },
        default: { mnr: 0.64, se: 0.097 },
        zeroShot: { mnr: 0.79, se: 0.049 },
        reflection: { mnr: 0.92, se: 0.019 },
      },
    },
  ],
};

/**
 * Table 4's average row ("Average MNR for given 16 tasks"). The text of section 5.4 gives 0.87 ± 0.008 and 0.93 ± 0.006
 * for the two DLM columns instead.
 */
export const DLM_NEURIPS_AVERAGE = {
  noAction: { mnr: -0.06, se: 0.017 },
  default: { mnr: 0.57, se: 0.027 },
  zeroShot: { mnr: 0.85, se: 0.008 },
  reflection: { mnr: 0.92, se: 0.006 },
} as const;
