import { describe, expect, test } from 'vitest';
import { parsePopulationCsv } from '../../../../src/core/datasets/population-csv.ts';
import { SAMPLE_POPULATION_CSV } from '../../../../src/core/datasets/sample-population-csv.ts';

describe('the sample population CSV', () => {
  test('imports as it is: 8 arms, 2 states, with its one-hot groups', () => {
    const instance = parsePopulationCsv(SAMPLE_POPULATION_CSV, { fileName: 'sample.csv' });
    expect(instance.numArms).toBe(8);
    expect(instance.numStates).toBe(2);
    expect(instance.schema.groups.length).toBeGreaterThan(0);
  });
});
