// The reward functions that Gemini Pro wrote for tasks 1-6 of DLM's IJCAI version, exactly as its
// appendix G prints them (feature names, the extraction's line breaks removed), one list per task in
// section order. A data table apart from the code that reads it (dlm-ijcai-pool.ts), so that comparing
// it with the paper means reading this file alone; in two files by section, for their length.

/** Per task, from G.1: [seed, the reward as printed, a note on how the print was read where it needed one]. */
export const PRINTED_G1_G6: readonly (readonly (readonly [number, string, string?])[])[] = [
  // G.1
  [
    [
      0,
      'state * (agent_feats.age_51_to_60 or (agent_feats.age_51_to_60 and ' + 'agent_feats.days_to_first_call >= 10))',
    ],
    [2, 'state * agent_feats.age_51_to_60'],
    [
      3,
      '2 * state * (agent_feats.age_51_to_60 or (agent_feats.ages41_to_50 and ' +
        'agent_feats.to_be_called730pm_930pm))',
    ],
    [4, 'state * agent_feats.ages41_to_50 or state * agent_feats.age_51_to_60'],
    [5, 'state * (agent_feats.age_51_to_60 or agent_feats.ages41_to_50) + 1'],
    [6, '2*state + 20 * (agent_feats.age_51_to_60 and state)'],
    [7, 'state * (agent_feats.ages41_to_50 or agent_feats.age_51_to_60)'],
    [8, 'state * (agent_feats.age_51_to_60 or (agent_feats.ages41_to_50 and agent_feats.age_51_to_60))'],
    [9, 'state * (agent_feats.age_51_to_60 or agent_feats.ages41_to_50)'],
  ],
  // G.2
  [
    [0, 'state * max(0, agent_feats.highest_income_bracket - agent_feats.no_or_least_income)'],
    [
      1,
      'state * (agent_feats.third_highest_income_bracket or agent_feats.second_highest_income_bracket ' +
        'or agent_feats.highest_income_bracket)',
    ],
    [
      3,
      'state * ((agent_feats.second_least_income and not (agent_feats.no_or_least_income)) or ' +
        '(agent_feats.third_lowest_income_bracket and not (agent_feats.second_least_income)) or ' +
        '(agent_feats.fourth_lowest_income_bracket and not (agent_feats.third_lowest_income_bracket)) or ' +
        '(agent_feats.middle_income_bracket and not (agent_feats.fourth_lowest_income_bracket)) or ' +
        '(agent_feats.third_highest_income_bracket and not (agent_feats.middle_income_bracket)) or ' +
        '(agent_feats.second_highest_income_bracket or agent_feats.highest_income_bracket))',
    ],
    [
      4,
      'state * (agent_feats.to_be_called730pm_930pm or agent_feats.no_or_least_income) or ' +
        '(agent_feats.second_least_income and agent_feats.third_lowest_income_bracket and ' +
        'agent_feats.fourth_lowest_income_bracket and agent_feats.middle_income_bracket and ' +
        'agent_feats.third_highest_income_bracket and agent_feats.second_highest_income_bracket and ' +
        'agent_feats.highest_income_bracket)',
    ],
    [5, '(agent_feats.highest_income_bracket and state * 8) - (agent_feats.no_or_least_income and state * ' + '4)'],
    [
      6,
      'state * (5*agent_feats.highest_income_bracket - (agent_feats.no_or_least_income and ' +
        'not(agent_feats.second_least_income or agent_feats.third_lowest_income_bracket or ' +
        'agent_feats.fourth_lowest_income_bracket or agent_feats.middle_income_bracket or ' +
        'agent_feats.third_highest_income_bracket or agent_feats.second_highest_income_bracket)))',
    ],
    [
      7,
      '100000 * state * (agent_feats.third_highest_income_bracket or ' +
        'agent_feats.second_highest_income_bracket or agent_feats.highest_income_bracket)',
    ],
    [8, 'state * 100 * agent_feats.highest_income_bracket**2'],
    [9, 'state * (agent_feats.second_highest_income_bracket and agent_feats.highest_income_bracket)'],
  ],
  // G.3
  [
    [0, 'state * agent_feats.speaks_hindi'],
    [
      1,
      'state * (agent_feats.speaks_hindi and not (agent_feats.speaks_marathi or ' +
        'agent_feats.speaks_gujurati or agent_feats.speaks_kannada))',
    ],
    [2, '(2 * state * agent_feats.speaks_hindi) + (3 * state)'],
    [
      3,
      'state * (agent_feats.speaks_hindi and (not agent_feats.speaks_marathi and not ' +
        'agent_feats.speaks_gujurati and not agent_feats.speaks_kannada))',
    ],
    [4, 'state * agent_feats.speaks_hindi'],
    [5, 'state*(agent_feats.speaks_hindi)'],
    [6, 'state * agent_feats.speaks_hindi'],
    [7, '1.2 * state * agent_feats.speaks_hindi'],
    [
      8,
      'state * (agent_feats.speaks_hindi and (agent_feats.speaks_hindi or (not agent_feats.speaks_hindi ' +
        'and not agent_feats.speaks_marathi and not agent_feats.speaks_gujurati and not ' +
        'agent_feats.speaks_kannada)))',
    ],
    [9, 'state * 2 * agent_feats.speaks_hindi'],
  ],
  // G.4
  [
    [2, 'state * (agent_feats.ages10_to_20 or agent_feats.age_51_to_60)'],
    [3, 'state * (agent_feats.ages10_to_20 or (agent_feats.ages41_to_50 and agent_feats.age_51_to_60))'],
    [4, 'state * (agent_feats.ages41_to_50 or agent_feats.ages10_to_20)'],
    [
      6,
      'state * ((agent_feats.ages10_to_20 or agent_feats.ages41_to_50) and ' +
        'not(agent_feats.ages_21_to_30 or agent_feats.ages_31_to_40))',
    ],
    [
      8,
      'state * ((agent_feats.ages10_to_20 and agent_feats.ages41_to_50) or (agent_feats.age_51_to_60 ' +
        'and agent_feats.ages41_to_50))',
    ],
    [9, 'state * (agent_feats.ages10_to_20 or agent_feats.age_51_to_60)'],
  ],
  // G.5
  [
    [
      0,
      'state * (1-agent_feats.no_or_least_income - agent_feats.second_least_income)',
      'The extraction prints "(1 agent_feats."; a "-" at a line break was lost, as in seed 1, whose ' +
        'other factors read "(1-agent_feats.").',
    ],
    [
      1,
      'state * (1-agent_feats.no_or_least_income) * (1-agent_feats.second_least_income) * ' +
        '(1-agent_feats.third_lowest_income_bracket) * (1-agent_feats.fourth_lowest_income_bracket) * ' +
        '(1-agent_feats.middle_income_bracket) * (1-agent_feats.third_highest_income_bracket) * ' +
        '(1-agent_feats.second_highest_income_bracket)',
      'Two factors print as "(1 agent_feats." at line breaks; restored to "(1-agent_feats." like the ' + 'others.',
    ],
    [2, 'state * (not agent_feats.no_or_least_income or not agent_feats.second_least_income)'],
    [
      3,
      'state * (agent_feats.no_or_least_income or agent_feats.second_least_income or ' +
        'agent_feats.third_lowest_income_bracket or agent_feats.fourth_lowest_income_bracket or ' +
        'agent_feats.middle_income_bracket or agent_feats.third_highest_income_bracket or ' +
        'agent_feats.second_highest_income_bracket or agent_feats.highest_income_bracket)',
    ],
    [4, '100 * state * agent_feats.no_or_least_income'],
    [5, '25 + state * agent_feats.no_or_least_income + (50 * state * agent_feats.second_least_income)'],
    [
      6,
      'state * (agent_feats.no_or_least_income or agent_feats.second_least_income or ' +
        'agent_feats.third_lowest_income_bracket or agent_feats.fourth_lowest_income_bracket or ' +
        'agent_feats.middle_income_bracket or agent_feats.third_highest_income_bracket)',
    ],
    [7, '(state * agent_feats.no_or_least_income) or (state * agent_feats.second_least_income)'],
    [
      9,
      'max(1.0, state*(1.1 if agent_feats.no_or_least_income or agent_feats.second_least_income else ' +
        'agent_feats.third_lowest_income_bracket or agent_feats.fourth_lowest_income_bracket or ' +
        'agent_feats.middle_income_bracket or agent_feats.third_highest_income_bracket or ' +
        'agent_feats.second_highest_income_bracket or agent_feats.highest_income_bracket))',
    ],
  ],
  // G.6
  [
    [
      0,
      'state * (agent_feats.no_or_least_income and ((agent_feats.ages10_to_20 or ' +
        'agent_feats.ages_21_to_30) and (agent_feats.education_level_1 or ' +
        'agent_feats.education_level_2)))',
    ],
    [1, 'state * (agent_feats.no_or_least_income and agent_feats.education_level5 and ' + 'agent_feats.ages10_to_20)'],
    [
      2,
      'state * (agent_feats.ages41_to_50 and agent_feats.education_level_1 and ' +
        'agent_feats.no_or_least_income and agent_feats.days_to_first_call > 15) + state * ' +
        '(agent_feats.ages41_to_50 and agent_feats.education_level_2 and agent_feats.second_least_income ' +
        'and agent_feats.days_to_first_call > 15) + state * (agent_feats.ages41_to_50 and ' +
        'agent_feats.education_level_3 and agent_feats.third_lowest_income_bracket and ' +
        'agent_feats.days_to_first_call > 15)',
    ],
    [
      3,
      '(state and (agent_feats.no_or_least_income or (agent_feats.education_level_6 and ' +
        'agent_feats.ages10_to_20)))',
    ],
    [
      4,
      'state * ( (agent_feats.education_level_1 and agent_feats.no_or_least_income) or ' +
        '(agent_feats.education_level_2 and agent_feats.second_least_income) or ' +
        '(agent_feats.education_level_3 and agent_feats.third_lowest_income_bracket) or ' +
        '(agent_feats.education_level_4 and agent_feats.fourth_lowest_income_bracket) )',
    ],
    [
      5,
      'state * (agent_feats.ages10_to_20 and (agent_feats.education_level_6 or ' +
        'agent_feats.education_level_7) and agent_feats.no_or_least_income)',
    ],
    [
      6,
      '100 * state * (agent_feats.ages10_to_20 and (agent_feats.education_level_1 or ' +
        'agent_feats.education_level_3 or agent_feats.education_level5) and ' +
        'agent_feats.no_or_least_income)',
    ],
    [
      7,
      '2*state*(agent_feats.no_or_least_income and (agent_feats.ages41_to_50 or ' +
        'agent_feats.age_51_to_60 or agent_feats.speaks_hindi) and (agent_feats.education_level_1 or ' +
        'agent_feats.education_level_2 or agent_feats.education_level_3))',
    ],
    [
      8,
      'state * (agent_feats.no_or_least_income and (agent_feats.education_level_1 or ' +
        'agent_feats.education_level_2 or agent_feats.education_level_3))',
    ],
    [
      9,
      'state * (agent_feats.no_or_least_income and ((agent_feats.ages10_to_20 or ' +
        'agent_feats.ages_21_to_30) and (agent_feats.education_level_1 or agent_feats.education_level_2 ' +
        'or agent_feats.education_level_3)))',
    ],
  ],
];
