// The feature names of DLM's IJCAI appendix G, mapped to the dlm43 schema's indices: the printed
// rewards (dlm-ijcai-printed-*.ts) use these names; the pool (dlm-ijcai-pool.ts) turns them into indices.
// A file of its own because it is a table that the pool, its tests and a reader of the paper each look up.

/**
 * The feature names appendix G uses, with their dlm43 index. Several features appear under two
 * spellings (ages10_to_20 and ages_10_to_20). The hidden features 0-6 map to allot's naming of them
 * (src/core/datasets/dlm-schema.ts): enrollment_gestational_age 0, enrollment_delivery_status 1,
 * live_births_count 5, days_to_first_call 6.
 */
export const IJCAI_FEATURE_NAMES: Readonly<Record<string, number>> = {
  enrollment_gestational_age: 0,
  enrollment_delivery_status: 1,
  live_births_count: 5,
  days_to_first_call: 6,
  ages10_to_20: 7,
  ages_10_to_20: 7,
  ages_21_to_30: 8,
  ages_31_to_40: 9,
  ages31_to_40: 9,
  ages41_to_50: 10,
  age_51_to_60: 11,
  ages_51_to_60: 11,
  speaks_hindi: 12,
  speaks_marathi: 13,
  speaks_gujurati: 14,
  speaks_kannada: 15,
  education_level_1: 16,
  education_level_2: 17,
  education_level_3: 18,
  education_level_4: 19,
  education_level5: 20,
  education_level_6: 21,
  education_level_7: 22,
  phone_owner_woman: 23,
  phone_owner_husband: 24,
  phone_owner_family: 25,
  to_be_called830am_to_1030am: 26,
  to_be_called830am_to1030am: 26,
  to_be_called1030am_1230pm: 27,
  called1030am_to_1230pm: 27,
  called1230_to_330: 28,
  called_1230pm_to_330pm: 28,
  to_be_called330pm_to_530pm: 29,
  called530pm_to_730pm: 30,
  to_be_called730pm_930pm: 31,
  ngo: 32,
  armman: 33,
  no_or_least_income: 35,
  least_income_bracket: 35,
  second_least_income: 36,
  third_lowest_income_bracket: 37,
  fourth_lowest_income_bracket: 38,
  middle_income_bracket: 39,
  third_highest_income_bracket: 40,
  third_highest_incom_bracket: 40,
  second_highest_income_bracket: 41,
  highest_income_bracket: 42,
};
