// The reward functions that Gemini Pro wrote for tasks 7-11 of DLM's IJCAI version, exactly as its
// appendix G prints them (feature names, the extraction's line breaks removed), one list per task in
// section order. A data table apart from the code that reads it (dlm-ijcai-pool.ts), so that comparing
// it with the paper means reading this file alone; in two files by section, for their length.

/** Per task, from G.7: [seed, the reward as printed, a note on how the print was read where it needed one]. */
export const PRINTED_G7_G11: readonly (readonly (readonly [number, string, string?])[])[] = [
  // G.7
  [
    [
      0,
      'state * (agent_feats.ngo and agent_feats.called1230_to_330) * (agent_feats.ages10_to_20 or ' +
        'agent_feats.ages_21_to_30 or agent_feats.ages_31_to_40)',
    ],
    [
      1,
      'state * agent_feats.ngo * agent_feats.called1230_to_330 * agent_feats.age_51_to_60 * ' +
        'agent_feats.speaks_hindi',
    ],
    [3, 'state * (agent_feats.called1230_to_330 + (agent_feats.ngo and agent_feats.called1230_to_330))'],
    [
      4,
      '(state and (agent_feats.called1230_to_330 or agent_feats.ngo)) + ' +
        '(2*state*agent_feats.called1230_to_330*agent_feats.ngo)',
    ],
    [5, 'state * (agent_feats.called1230_to_330 and (agent_feats.ngo or not ' + 'agent_feats.called1230_to_330))'],
    [
      6,
      'state * (agent_feats.ngo and agent_feats.called1230_to_330) + state * (agent_feats.ngo and ' +
        'agent_feats.ages_21_to_30 and not agent_feats.ages_31_to_40 and not agent_feats.ages41_to_50)',
    ],
    [
      7,
      'state * (agent_feats.ngo and agent_feats.called1230_to_330 and (agent_feats.ages10_to_20 or ' +
        'agent_feats.ages_21_to_30 or agent_feats.ages_31_to_40 or agent_feats.ages41_to_50))',
    ],
    [
      8,
      'state * (agent_feats.ngo and agent_feats.called1230_to_330 and ' +
        '((agent_feats.to_be_called830am_to_1030am or agent_feats.to_be_called1030am_1230pm) or (not ' +
        'agent_feats.to_be_called830am_to_1030am and not agent_feats.to_be_called1030am_1230pm)))',
    ],
    [
      9,
      'state * (agent_feats.ngo and agent_feats.called1230_to_330 and agent_feats.ages41_to_50 or ' +
        '(agent_feats.ngo and agent_feats.called1230_to_330))',
    ],
  ],
  // G.8
  [
    [
      0,
      'state * (agent_feats.second_least_income or agent_feats.third_lowest_income_bracket or ' +
        'agent_feats.fourth_lowest_income_bracket or agent_feats.middle_income_bracket or ' +
        'agent_feats.third_highest_income_bracket)',
    ],
    [
      1,
      'state * ((agent_feats.second_least_income or agent_feats.third_lowest_income_bracket or ' +
        'agent_feats.fourth_lowest_income_bracket or agent_feats.middle_income_bracket) and not ' +
        '(agent_feats.no_or_least_income or agent_feats.third_highest_income_bracket or ' +
        'agent_feats.second_highest_income_bracket or agent_feats.highest_income_bracket))',
    ],
    [
      2,
      'state * (agent_feats.second_least_income or agent_feats.third_lowest_income_bracket or ' +
        'agent_feats.fourth_lowest_income_bracket or agent_feats.middle_income_bracket)',
    ],
    [
      3,
      'state * ((agent_feats.fourth_lowest_income_bracket or agent_feats.middle_income_bracket) and not ' +
        '(agent_feats.second_least_income or agent_feats.third_lowest_income_bracket or ' +
        'agent_feats.third_highest_income_bracket or agent_feats.second_highest_income_bracket or ' +
        'agent_feats.highest_income_bracket))',
    ],
    [
      4,
      'state * (agent_feats.second_least_income or agent_feats.third_lowest_income_bracket or ' +
        'agent_feats.fourth_lowest_income_bracket or agent_feats.middle_income_bracket)',
    ],
    [
      5,
      'state * (agent_feats.third_lowest_income_bracket and agent_feats.fourth_lowest_income_bracket ' +
        'and agent_feats.middle_income_bracket)',
    ],
    [
      6,
      'state * (agent_feats.third_lowest_income_bracket and agent_feats.fourth_lowest_income_bracket ' +
        'and agent_feats.middle_income_bracket and agent_feats.third_highest_income_bracket )',
    ],
    [7, 'state * agent_feats.fourth_lowest_income_bracket'],
    [
      8,
      'state * (agent_feats.second_least_income and agent_feats.third_lowest_income_bracket and ' +
        'agent_feats.fourth_lowest_income_bracket and agent_feats.middle_income_bracket and ' +
        'not(agent_feats.no_or_least_income or agent_feats.third_highest_income_bracket or ' +
        'agent_feats.second_highest_income_bracket or agent_feats.highest_income_bracket))',
    ],
    [
      9,
      'state * ((agent_feats.second_least_income and agent_feats.third_lowest_income_bracket and ' +
        'agent_feats.fourth_lowest_income_bracket and agent_feats.middle_income_bracket and not ' +
        'agent_feats.third_highest_income_bracket) or (agent_feats.second_least_income and ' +
        'agent_feats.third_lowest_income_bracket and agent_feats.fourth_lowest_income_bracket and ' +
        'agent_feats.middle_income_bracket and agent_feats.third_highest_income_bracket) )',
    ],
  ],
  // G.9
  [
    [
      0,
      'state * (agent_feats.speaks_marathi and (agent_feats.ages_21_to_30 or agent_feats.ages_31_to_40 ' +
        'or agent_feats.ages41_to_50))',
    ],
    [1, 'state * (agent_feats.speaks_marathi and agent_feats.ages_31_to_40 and ' + 'agent_feats.called530pm_to_730pm)'],
    [2, 'state * (agent_feats.speaks_marathi and agent_feats.ages_31_to_40)'],
    [
      3,
      '2 * state and (18 and agent_feats.speaks_marathi and agent_feats.ages_31_to_40 and ' +
        'agent_feats.phone_owner_husband)',
    ],
    [4, 'state * (agent_feats.speaks_marathi and agent_feats.ages_31_to_40 and ' + 'agent_feats.education_level_7)'],
    [5, 'state * (agent_feats.speaks_marathi and agent_feats.ages_31_to_40)'],
    [
      6,
      '2*state*(agent_feats.speaks_marathi and ((agent_feats.ages_31_to_40 or agent_feats.ages41_to_50) ' +
        'or (agent_feats.ages_21_to_30 and agent_feats.age_51_to_60)))',
    ],
    [7, 'state * agent_feats.speaks_marathi * agent_feats.ages41_to_50'],
    [
      8,
      '1 + 5*state + 40*(state and agent_feats.speaks_marathi and agent_feats.ages_31_to_40) + ' +
        '10*agent_feats.ages_21_to_30',
    ],
    [9, 'state * (agent_feats.speaks_marathi and (agent_feats.ages_31_to_40 or agent_feats.ages41_to_50))'],
  ],
  // G.10
  [
    [0, 'state * (agent_feats.to_be_called830am_to_1030am or agent_feats.to_be_called730pm_930pm)'],
    [1, 'state * (agent_feats.to_be_called830am_to_1030am or agent_feats.to_be_called730pm_930pm)'],
    [2, 'state * (agent_feats.to_be_called830am_to_1030am or agent_feats.to_be_called730pm_930pm)'],
    [3, '10 * state * (agent_feats.to_be_called830am_to_1030am or agent_feats.to_be_called730pm_930pm)'],
    [4, 'state * (agent_feats.to_be_called830am_to_1030am and agent_feats.to_be_called730pm_930pm)'],
    [5, 'state * (agent_feats.to_be_called830am_to_1030am or agent_feats.to_be_called730pm_930pm)'],
    [
      7,
      'state * (((agent_feats.to_be_called830am_to_1030am and agent_feats.to_be_called730pm_930pm) or ' +
        '(agent_feats.to_be_called1030am_1230pm and agent_feats.called1230_to_330)) or ' +
        '(agent_feats.to_be_called330pm_to_530pm and agent_feats.called530pm_to_730pm))',
    ],
    [
      8,
      'state * ((agent_feats.to_be_called830am_to_1030am or agent_feats.to_be_called730pm_930pm) or ' +
        '(agent_feats.to_be_called1030am_1230pm or agent_feats.called530pm_to_730pm) or ' +
        '(agent_feats.called1230_to_330 or agent_feats.to_be_called330pm_to_530pm))',
    ],
    [9, 'state*(agent_feats.to_be_called830am_to_1030am or agent_feats.to_be_called730pm_930pm)'],
  ],
  // G.11
  [
    [0, 'state * (agent_feats.ages41_to_50 or agent_feats.ngo)'],
    [
      1,
      'state * ((agent_feats.education_level_1 or agent_feats.education_level_2) and ' +
        'agent_feats.highest_income_bracket)',
    ],
    [
      2,
      'state * (agent_feats.speaks_hindi and agent_feats.highest_income_bracket and ' +
        'agent_feats.phone_owner_woman or agent_feats.speaks_gujurati and ' +
        'agent_feats.to_be_called830am_to_1030am and agent_feats.to_be_called730pm_930pm)',
    ],
    [3, 'state * ((not agent_feats.ages10_to_20) and (agent_feats.speaks_hindi or ' + 'agent_feats.speaks_marathi))'],
    [
      4,
      'state * ((agent_feats.enrollment_gestational_age < 37) and (agent_feats.days_to_first_call > 15) ' +
        'or (agent_feats.to_be_called1030am_1230pm and agent_feats.speaks_marathi) or ' +
        '(agent_feats.enrollment_delivery_status and not agent_feats.ages_21_to_30))',
    ],
    [
      5,
      'state + 5 * (agent_feats.ages10_to_20 or agent_feats.education_level5 or ' +
        'agent_feats.to_be_called1030am_1230pm)',
    ],
    [6, 'state * ((not agent_feats.phone_owner_woman) or agent_feats.days_to_first_call > 7)'],
    [
      7,
      'state * ((agent_feats.education_level_2 or agent_feats.education_level_1) and ' +
        '(agent_feats.to_be_called1030am_1230pm or agent_feats.called1230_to_330))',
    ],
    [
      8,
      'state * (1.2*agent_feats.age_51_to_60 + (agent_feats.live_births_count == 0) + agent_feats.ngo + ' +
        'agent_feats.armman)',
    ],
  ],
];
