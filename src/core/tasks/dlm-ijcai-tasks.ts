// The 11 tasks of the IJCAI version of DLM (Behari et al., "A Decision-Language Model (DLM) for
// Dynamic Restless Multi-Armed Bandit Tasks in Public Health", appendix E "Detailed Task Breakdown"),
// with the normalized scores of that table (10 seeds; Random 0 and Base 1 by construction, each
// with its own ± as printed). Indexed in the order of appendix G, whose sections list the LLM
// rewards per task (appendix E's table is sorted alphabetically by prompt).
// printedBase is appendix E's Base Function with the line breaks of the extraction removed
// ("feature[29- 1]" -> "feature[29-1]"); `base` writes feature[a-1] as agent_feats[a-1 computed].
import type { TaskSet } from './task.ts';

const score = (mnr: number, se: number) => ({ mnr, se });

export const DLM_IJCAI_TASKS: TaskSet = {
  id: 'dlm-ijcai',
  title: 'DLM (IJCAI version): 11 tasks',
  schema: 'dlm43',
  source:
    'Behari et al., A Decision-Language Model (DLM) for Dynamic Restless Multi-Armed Bandit Tasks in Public Health ' +
    '(IJCAI version), appendix E (tasks, Base functions, scores) and appendix G (task order, one Base)',
  tasks: [
    {
      index: 0,
      label: 'Older Bias',
      prompt: 'Focus on the most elderly by age distribution.',
      base: 'state*.1 + if_(state) * 10 * agent_feats[11]',
      printedBase: 'state*.1 + if_(state) * 10 * feature[12-1]',
      published: {
        noAction: score(-0.7, 0.05),
        random: score(0, 0.05),
        base: score(1, 0.18),
        default: score(0.78, 0.01),
        zeroShot: score(-0.6, 0.16),
        reflection: score(0.71, 0.17),
      },
    },
    {
      index: 1,
      label: 'Low Income',
      prompt: 'The lowest income_bracket distribution tail is very important, focus heavily on the top 12.5%.',
      base: 'state + if_(state) * 10 * agent_feats[36]',
      printedBase: 'state + if_(state) * 10 * feature[37-1]',
      published: {
        noAction: score(-0.47, 0),
        random: score(0, 0.01),
        base: score(1, 0.04),
        default: score(0.72, 0.03),
        zeroShot: score(0.74, 0.04),
        reflection: score(0.96, 0.04),
      },
      note: 'Appendix G.2 prints this Base with HEAVILY_MODIFIER where appendix E has 10.',
    },
    {
      index: 2,
      label: 'Hindi Speakers',
      prompt:
        'Select solely those who speak Hindi to analyze how this would affect the calls made to our beneficiaries.',
      base: 'state*.1 * if_(agent_feats[12])',
      printedBase: 'state*.1 * if_(feature[13-1])',
      published: {
        noAction: score(-0.62, 0.01),
        random: score(0, 0.01),
        base: score(1, 0.04),
        default: score(0.87, 0.01),
        zeroShot: score(0.67, 0.06),
        reflection: score(0.81, 0.07),
      },
      note:
        'A product, not a sum: only Hindi speakers earn reward (0.1 per engaged step); appendix G.3 ' +
        'prints the same.',
    },
    {
      index: 3,
      label: 'Age Distribution Tail Emphasis',
      prompt: 'Focus only on both the young and elderly.',
      base: 'state * if_(agent_feats[11] or agent_feats[7])',
      printedBase: 'lambda agent_feats, state: state * if_(agent_feats.ages_51_to_60 or agent_feats.ages_10_to_20)',
      published: {
        noAction: score(-1.19, 0.04),
        random: score(0, 0.04),
        base: score(1, 0.15),
        default: score(0.82, 0.03),
        zeroShot: score(1.13, 0.11),
        reflection: score(1.09, 0.17),
      },
      note: "Appendix E leaves this Base empty; it is appendix G.4's ground truth (ages 51-60 or 10-20).",
    },
    {
      index: 4,
      label: 'Critical Low Income',
      prompt: 'Weight the lowest income_bracket groups, the lowest earners in the population.',
      base: 'state + if_(state) * 10 * if_(agent_feats[35] or agent_feats[36] or agent_feats[37])',
      printedBase: 'state + if_(state) * 10 * if_(feature[36-1] or feature[37-1] or feature[38-1])',
      published: {
        noAction: score(-0.66, 0),
        random: score(0, 0),
        base: score(1, 0.03),
        default: score(0.71, 0.03),
        zeroShot: score(0.32, 0.02),
        reflection: score(1.46, 0.03),
      },
    },
    {
      index: 5,
      label: 'Low Income + Younger Bias',
      prompt:
        "Combine the distributions of 'age' and 'education' to heavily give precedence to low income " +
        'impoverished youth.',
      base: 'state*.1 + if_(state) * 10 * if_(agent_feats[7] and agent_feats[16])',
      printedBase: 'state*.1 + if_(state) * 10 * if_(feature[8-1] and feature[17-1])',
      published: {
        noAction: score(-0.47, 0),
        random: score(0, 0),
        base: score(1, 0.02),
        default: score(0.42, 0.15),
        zeroShot: score(0.56, 0.02),
        reflection: score(0.96, 0.02),
      },
    },
    {
      index: 6,
      label: 'Afternoon Call + NGO Registered',
      prompt: 'Advantage those who prefer being called between 12:30pm-3:30pm and are registered at an NGO.',
      base: 'state*.1 + if_(state) * 10 * if_(agent_feats[28] and agent_feats[32])',
      printedBase: 'state*.1 + if_(state) * 10 * if_(feature[29-1] and feature[33-1])',
      published: {
        noAction: score(-0.5, 0.01),
        random: score(0, 0.02),
        base: score(1, 0.07),
        default: score(0.88, 0.05),
        zeroShot: score(0.44, 0.07),
        reflection: score(0.82, 0.06),
      },
      note:
        "Appendix G.7's ground truth names called1030am_to_1230pm (feature 27) instead; appendix E's feature " +
        '28 (12:30pm-3:30pm) matches the prompt and is used.',
    },
    {
      index: 7,
      label: 'Middle Income',
      prompt: 'Prefer the income_bracket bounds for the middle 40% of the population.',
      base: 'state*.1 + if_(state) * 10 * if_(agent_feats[38] or agent_feats[39] or agent_feats[40])',
      printedBase: 'state*.1 + if_(state) * 10 * if_(feature[39-1] or feature[40-1] or feature[41-1])',
      published: {
        noAction: score(-0.65, 0),
        random: score(0, 0.01),
        base: score(1, 0.03),
        default: score(0.95, 0.02),
        zeroShot: score(0.37, 0.02),
        reflection: score(1.01, 0.03),
      },
    },
    {
      index: 8,
      label: 'Marathi Speakers + Middle Aged',
      prompt: 'Fixate on those Marathi-speakers with middle-aged folks.',
      base: 'state*.1 + if_(state) * 10 * if_(agent_feats[13] and (agent_feats[9] or agent_feats[10]))',
      printedBase: 'state*.1 + if_(state) * 10 * if_(feature[14-1] and (feature[10-1] or feature[11-1]))',
      published: {
        noAction: score(-0.54, 0.01),
        random: score(0, 0.01),
        base: score(1, 0.06),
        default: score(0.68, 0.02),
        zeroShot: score(0.77, 0.05),
        reflection: score(0.86, 0.04),
      },
    },
    {
      index: 9,
      label: 'Early and Late Workers',
      prompt: 'Give more attention for beneficiaries who likely work early in the morning and late at night.',
      base: 'state*.1 + if_(state) * 10 * if_(agent_feats[26] or agent_feats[28])',
      printedBase: 'state*.1 + if_(state) * 10 * if_(feature[27-1] or feature[29-1])',
      published: {
        noAction: score(-0.6, 0),
        random: score(0, 0),
        base: score(1, 0.03),
        default: score(0.75, 0.03),
        zeroShot: score(0.63, 0.03),
        reflection: score(0.97, 0.04),
      },
      note:
        'As in the NeurIPS version, "late at night" is rewarded through feature 28 (12:30pm-3:30pm), not 31 ' +
        '(7:30pm-9:30pm); kept as printed.',
    },
    {
      index: 10,
      label: 'Technically Challenged',
      prompt:
        "Infer technical challenges in reaching the phone that could indicate 'at-risk' beneficiaries and give " +
        'preference.',
      base:
        'state*.1 + if_(state) * 10 * if_((agent_feats[24] or agent_feats[25])) + if_(state) * 10 * 0.2 * ' +
        'if_((agent_feats[36] or agent_feats[37]))',
      printedBase:
        'state*.1 + if_(state) * 10 * if_((feature[25-1] or feature[26-1])) + if_(state) * 10 * 0.2 * ' +
        'if_((feature[37-1] or feature[38-1]))',
      published: {
        noAction: score(-0.82, 0.03),
        random: score(0, 0.03),
        base: score(1, 0.14),
        default: score(0.66, 0.02),
        zeroShot: score(1.23, 0.15),
        reflection: score(1, 0.19),
      },
      note:
        'Appendix E prints the label "Techincally Challenged". Appendix G.11\'s ground truth has only the ' +
        'phone-owner term; appendix E adds income brackets 1-2 at weight 0.2 (section 5.4 speaks of income and ' +
        'phone ownership) and is used.',
    },
  ],
};
