// DLM's 43-feature maternal-health schema, in the paper's order and meaning (DLM appendix J,
// Figure 4). Features 0-6 are hidden in the paper ("sensitive features 0-6 hidden, not used in
// prompts"); allot names them after the integer enrolment features of the ARMMAN program that the
// public RMAB literature lists. That naming is allot's own choice.
import type { FeatureColumn, FeatureSchema } from '../instance/types.ts';
import { oneHotSchema, type OneHotTable } from './one-hot-schema.ts';

const integer = (name: string, label: string, description: string): FeatureColumn => ({
  name,
  label,
  description,
  type: 'integer',
  group: null,
});

const HIDDEN: FeatureColumn[] = [
  integer(
    'enroll_gest_age',
    'Gestational age at enrolment',
    'Weeks of pregnancy at enrolment (allot naming; hidden in the paper)',
  ),
  integer(
    'enroll_delivery_status',
    'Delivery status at enrolment',
    '0 pregnant, 1 delivered at enrolment (allot naming; hidden in the paper)',
  ),
  integer('gravidity', 'Gravidity', 'Number of pregnancies (allot naming; hidden in the paper)'),
  integer('parity', 'Parity', 'Number of births (allot naming; hidden in the paper)'),
  integer('stillbirths', 'Stillbirths', 'Number of stillbirths (allot naming; hidden in the paper)'),
  integer('live_births', 'Living children', 'Number of living children (allot naming; hidden in the paper)'),
  integer(
    'days_to_first_call',
    'Days to first call',
    'Days from registration to the first call (allot naming; hidden in the paper)',
  ),
];

/** [group, ordered, [name, label][]] in the paper's order, starting at index 7. */
const ONE_HOT: OneHotTable = [
  [
    'Ages',
    true,
    [
      ['age_10_20', 'Ages 10-20'],
      ['age_21_30', 'Ages 21-30'],
      ['age_31_40', 'Ages 31-40'],
      ['age_41_50', 'Ages 41-50'],
      ['age_51_60', 'Ages 51-60'],
    ],
  ],
  [
    'Languages',
    false,
    [
      ['speaks_hindi', 'Speaks Hindi'],
      ['speaks_marathi', 'Speaks Marathi'],
      ['speaks_gujurati', 'Speaks Gujurati'],
      ['speaks_kannada', 'Speaks Kannada'],
    ],
  ],
  [
    'Education',
    true,
    [
      ['education_1', 'Education level 1/7 -- illiterate'],
      ['education_2', 'Education level 2/7 -- 1-5th Grade Completed'],
      ['education_3', 'Education level 3/7 -- 6-9th Grade Completed'],
      ['education_4', 'Education level 4/7 -- 10th Grade Passed'],
      ['education_5', 'Education level 5/7 -- 12th Grade Passed'],
      ['education_6', 'Education level 6/7 -- Graduate'],
      ['education_7', 'Education level 7/7 -- Post graduate'],
    ],
  ],
  [
    'Phone owner',
    false,
    [
      ['phone_owner_woman', 'Phone owner 0 (e.g., woman)'],
      ['phone_owner_husband', 'Phone owner 1 (e.g., husband)'],
      ['phone_owner_family', 'Phone owner 2 (e.g., family)'],
    ],
  ],
  [
    'Call slot',
    true,
    [
      ['call_0830_1030', 'To be called from 8:30am-10:30am'],
      ['call_1030_1230', 'To be called from 10:30am-12:30pm'],
      ['call_1230_1530', 'To be called from 12:30pm-3:30pm'],
      ['call_1530_1730', 'To be called from 3:30pm-5:30pm'],
      ['call_1730_1930', 'To be called from 5:30pm-7:30pm'],
      ['call_1930_2130', 'To be called from 7:30pm-9:30pm'],
    ],
  ],
  [
    'Registration',
    false,
    [
      ['org_ngo', 'NGO'],
      ['org_armman', 'ARMMAN'],
      ['org_phc', 'PHC'],
    ],
  ],
  [
    'Income',
    true,
    [
      ['income_none', 'Income bracket -1 (no income)'],
      ['income_1', 'Income bracket 1 (e.g., 0-5000)'],
      ['income_2', 'Income bracket 2 (e.g., 5001-10000)'],
      ['income_3', 'Income bracket 3 (e.g., 10001-15000)'],
      ['income_4', 'Income bracket 4 (e.g., 15001-20000)'],
      ['income_5', 'Income bracket 5 (e.g., 20001-25000)'],
      ['income_6', 'Income bracket 6 (e.g., 25001-30000)'],
      ['income_7', 'Income bracket 7 (e.g., 30000-999999)'],
    ],
  ],
];

/** DLM's 43 features: agent_feats[7] is "Ages 10-20", agent_feats[42] "Income bracket 7". */
export function dlmSchema(): FeatureSchema {
  return oneHotSchema(ONE_HOT, HIDDEN);
}
