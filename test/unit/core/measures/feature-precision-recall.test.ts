import { describe, expect, test } from 'vitest';
import { featurePrecisionRecall } from '../../../../src/core/measures/feature-precision-recall.ts';

describe('featurePrecisionRecall', () => {
  test('treats empty sets by convention: nothing to find is recalled fully, finding nothing scores 0', () => {
    expect(featurePrecisionRecall([], [])).toEqual({ precision: 1, recall: 1 });
    expect(featurePrecisionRecall([], [11])).toEqual({ precision: 0, recall: 0 });
    expect(featurePrecisionRecall([11, 12], [])).toEqual({ precision: 0, recall: 1 });
  });

  test('scores the paper\'s Marathi example: the second candidate uses 9 and 13 of the Base\'s 9, 10, 13', () => {
    // DLM appendix L.2: Base uses agent_feats[13] and (9 or 10); "2 * state + 2 * (state and (agent_feats[9] and agent_feats[13]))".
    expect(featurePrecisionRecall([9, 13], [13, 9, 10])).toEqual({ precision: 1, recall: 2 / 3 });
  });

  test('counts a feature used twice once', () => {
    // Older Bias Base uses 11; a candidate with 9, 10, 11, 11.
    expect(featurePrecisionRecall([9, 10, 11, 11], [11])).toEqual({ precision: 1 / 3, recall: 1 });
  });
});
