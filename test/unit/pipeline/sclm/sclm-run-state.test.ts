import { describe, expect, test } from 'vitest';
import { createSclmRun } from '../../../../src/pipeline/sclm/sclm-run-state.ts';
import { PROMPT } from './sclm-fixture.ts';

describe('createSclmRun', () => {
  test('refuses an empty prompt and sizes that cannot run', () => {
    expect(() => createSclmRun(' ')).toThrow('needs a preference prompt');
    expect(() => createSclmRun(PROMPT, { pool: { rounds: 0, candidates: 5 } })).toThrow(
      'pool.rounds must be a positive integer, got 0',
    );
    expect(() => createSclmRun(PROMPT, { epsilon: 1 })).toThrow('epsilon must be in [0, 1)');
  });

  test('generates 20 candidates by default, as SCLM, scored by simulation', () => {
    const { config } = createSclmRun(PROMPT);
    expect(config.pool.rounds * config.pool.candidates).toBe(20);
    expect(config).toMatchObject({ scorer: 'simulator', baselines: true, defaultExpression: 'state' });
  });
});
