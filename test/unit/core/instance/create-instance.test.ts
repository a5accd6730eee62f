import { describe, expect, test } from 'vitest';
import { createInstance, InstanceError, type InstanceInput } from '../../../../src/core/instance/create-instance.ts';
import type { FeatureSchema } from '../../../../src/core/instance/types.ts';

const schema = (): FeatureSchema => ({
  columns: [
    { name: 'young', label: 'Young', description: 'young', type: 'binary', group: 'Age' },
    { name: 'old', label: 'Old', description: 'old', type: 'binary', group: 'Age' },
    { name: 'children', label: 'Children', description: 'children', type: 'integer', group: null },
  ],
  groups: [{ name: 'Age', kind: 'one-hot', columns: [0, 1], ordered: true, buckets: ['Young', 'Old'] }],
});

/** Two valid 2-state arms. */
const input = (over: Partial<InstanceInput> = {}): InstanceInput => ({
  numArms: 2,
  ids: ['a', 'b'],
  transitions: [0.9, 0.1, 0.6, 0.4, 0.3, 0.7, 0.1, 0.9, 0.8, 0.2, 0.5, 0.5, 0.2, 0.8, 0, 1],
  schema: schema(),
  features: [1, 0, 2, 0, 1, 0],
  budget: 1,
  horizon: 10,
  discount: 0.9,
  provenance: { kind: 'generator', generator: 'test', parameters: {}, seed: 0 },
  ...over,
});

const error = (over: Partial<InstanceInput>) => {
  try {
    createInstance(input(over));
  } catch (e) {
    if (e instanceof InstanceError) return e;
    throw e;
  }
  throw new Error('expected an InstanceError');
};

describe('createInstance', () => {
  test('refuses zero arms with a message that says what to do', () => {
    expect(error({ numArms: 0, transitions: [], features: [], ids: [] }).message).toBe(
      'the population has no arms: add at least one arm',
    );
  });

  test('names the arm, the column and the value of a probability outside [0, 1]', () => {
    const transitions = input().transitions as number[];
    const e = error({ transitions: transitions.map((p, i) => (i === 9 ? 1.5 : i === 8 ? -0.5 : p)) });
    expect(e.message).toBe('arm "b" (arm 2), column "p_0_0_0": -0.5 is not a probability in [0, 1]');
    expect([e.arm, e.column, e.value]).toEqual([1, 'p_0_0_0', -0.5]);
  });

  test('refuses NaN probabilities', () => {
    const transitions = [...(input().transitions as number[])];
    transitions[3] = NaN;
    expect(error({ transitions }).message).toContain('column "p_0_1_1": NaN is not a probability');
  });

  test('accepts rows within 1e-9 of 1 unchanged and renormalizes rows within 1e-6 with one warning', () => {
    const exact = [...(input().transitions as number[])];
    exact[1] += 5e-10;
    expect(createInstance(input({ transitions: exact })).warnings).toEqual([]);
    const near = [...(input().transitions as number[])];
    near[1] += 5e-7;
    near[9] += 5e-7;
    const instance = createInstance(input({ transitions: near }));
    expect(instance.transitions[0] + instance.transitions[1]).toBeCloseTo(1, 15);
    expect(instance.warnings).toHaveLength(1);
    expect(instance.warnings[0]).toMatch(
      /^renormalized 2 transition rows .* first arm "a" \(arm 1\), state 0, action 0/,
    );
  });

  test('refuses a row that misses 1 by more than 1e-6, naming the row', () => {
    const far = [...(input().transitions as number[])];
    far[5] = 0.75;
    expect(error({ transitions: far }).message).toBe(
      'arm "a" (arm 1), columns "p_1_0_*": the probabilities of the next state after state 1 and action 0 sum to ' +
        '1.05, not 1',
    );
  });

  test('refuses a one-hot group with no 1 or two 1s, naming the arm and the columns', () => {
    expect(error({ features: [1, 1, 2, 0, 1, 0] }).message).toBe(
      'arm "a" (arm 1), group "Age" (columns young, old): 2 columns are 1; exactly one must be 1',
    );
    expect(error({ features: [1, 0, 2, 0, 0, 0] }).message).toContain(
      'arm "b" (arm 2), group "Age" (columns young, old): no column is 1',
    );
  });

  test('refuses a non-binary value in a binary column and a fraction in an integer column', () => {
    expect(error({ features: [0.5, 0.5, 2, 0, 1, 0] }).message).toBe(
      'arm "a" (arm 1), column "young": 0.5 is not 0 or 1 (the column is binary)',
    );
    expect(error({ features: [1, 0, 2.5, 0, 1, 0] }).message).toBe(
      'arm "a" (arm 1), column "children": 2.5 is not an integer (the column is integer)',
    );
  });

  test('refuses budgets outside 1..N, a discount outside [0, 1) and a zero horizon', () => {
    expect(error({ budget: 0 }).message).toContain('the budget must be a positive integer');
    expect(error({ budget: 3 }).message).toBe('the budget 3 is larger than the number of arms 2');
    expect(error({ discount: 1 }).message).toContain('the discount must be in [0, 1)');
    expect(error({ horizon: 0 }).message).toContain(
      'the horizon must be a whole number of steps per trial from 1 to 10000',
    );
  });

  test('refuses duplicated and empty ids', () => {
    expect(error({ ids: ['a', 'a'] }).message).toBe('arms 1 and 2 have the same id "a"; ids must be distinct');
    expect(error({ ids: ['a', ' '] }).message).toContain('arm 2: the id is empty');
  });

  test('refuses arrays of the wrong length, naming the layout', () => {
    expect(error({ features: [1, 0, 2] }).message).toBe(
      'features has 3 values; expected numArms x numFeatures = 2 x 3 = 6',
    );
  });

  test('refuses a schema whose names or groups are inconsistent', () => {
    const bad = schema();
    bad.columns[2].name = '2kids';
    expect(error({ schema: bad }).message).toContain(
      '"2kids": a name is a Python identifier: letters (any script), digits and _, not starting with a digit',
    );
    const twice = schema();
    twice.groups.push({ name: 'Other', kind: 'one-hot', columns: [1], ordered: false, buckets: ['x'] });
    expect(error({ schema: twice }).message).toContain('belongs to two groups');
    const notBinary = schema();
    notBinary.columns[1].type = 'integer';
    expect(error({ schema: notBinary }).message).toContain('is in the one-hot group "Age" but is not binary');
  });

  test('defaults to uniform initial distributions and ids 0..N-1, and owns copies of the arrays', () => {
    const transitions = Float64Array.from(input().transitions as number[]);
    const instance = createInstance(input({ ids: undefined, transitions }));
    expect(instance.ids).toEqual(['0', '1']);
    expect(Array.from(instance.initial)).toEqual([0.5, 0.5, 0.5, 0.5]);
    transitions[0] = 0;
    expect(instance.transitions[0]).toBe(0.9);
  });

  test('makes the ids it numbers only when they are read; clones, spreads and JSON carry them', () => {
    const fresh = () => createInstance(input({ ids: undefined }));
    const instance = fresh();
    // not yet made: the property is still the accessor
    expect(typeof Object.getOwnPropertyDescriptor(instance, 'ids')?.get).toBe('function');
    expect(instance.ids).toEqual(['0', '1']);
    expect(instance.ids).toBe(instance.ids);
    expect(Object.getOwnPropertyDescriptor(instance, 'ids')?.value).toEqual(['0', '1']);
    expect(structuredClone(fresh()).ids).toEqual(['0', '1']);
    expect({ ...fresh() }.ids).toEqual(['0', '1']);
    expect(JSON.parse(JSON.stringify(fresh())).ids).toEqual(['0', '1']);
    const renamed = fresh();
    renamed.ids = ['x', 'y'];
    expect(renamed.ids).toEqual(['x', 'y']);
    // an error names the arm by the id it would have
    const bad = input({ ids: undefined, features: [1, 0, 2, 0, 1, 0.5] });
    expect(() => createInstance(bad)).toThrow('arm "1" (arm 2), column "children": 0.5 is not an integer');
  });
});
