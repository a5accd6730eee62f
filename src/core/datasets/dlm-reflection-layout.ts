// How DLM's reflection prompt prints the state-feature distribution of the 43-feature schema: the
// category order, headings and bucket labels of the paper's printed examples (DLM NeurIPS appendix
// L, IJCAI appendix F), which differ from the schema's own labels ("Calling Times", "Illiterate",
// "Phone owner - Woman"). The hidden features 0-6 belong to no group and are not printed.
import type { DistributionSection } from '../measures/distribution-categories.ts';

export const DLM_REFLECTION_LAYOUT: readonly DistributionSection[] = [
  { group: 'Ages', heading: 'Ages' },
  { group: 'Income', heading: 'Income' },
  {
    group: 'Call slot',
    heading: 'Calling Times',
    labels: ['8:30am-10:30am', '10:30am-12:30pm', '12:30pm-3:30pm', '3:30pm-5:30pm', '5:30pm-7:30pm', '7:30pm-9:30pm'],
  },
  {
    group: 'Education',
    heading: 'Education Levels',
    labels: [
      'Illiterate',
      '1-5th Grade Completed',
      '6-9th Grade Completed',
      '10th Grade Passed',
      '12th Grade Passed',
      'Graduate',
      'Post graduate',
    ],
  },
  { group: 'Languages', heading: 'Languages Spoken' },
  {
    group: 'Phone owner',
    heading: 'Phone Owners',
    labels: ['Phone owner - Woman', 'Phone owner - Husband', 'Phone owner - Family'],
  },
  { group: 'Registration', heading: 'Organizations' },
];
