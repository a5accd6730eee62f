// registerToInstance hands createInstance fresh arrays to adopt (one row-major table, not a table and
// its copy): the instance must be the one a copying createInstance makes, and must not share the
// caller's transitions (an instance's buffers may be transferred to a worker).
import { describe, expect, test } from 'vitest';
import { createInstance } from '../../../../src/core/instance/create-instance.ts';
import { rowMajor } from '../../../../src/core/instance/feature-table.ts';
import { generatedRegister } from '../../../../src/core/plan/generated-register.ts';
import { currentState, registerToInstance } from '../../../../src/core/plan/register.ts';
import { unpackIds } from '../../../../src/core/plan/packed-ids.ts';

describe('registerToInstance', () => {
  test('equals the instance a copying createInstance makes, and keeps the caller’s transitions apart', () => {
    const { register, truth } = generatedRegister('dlm', { arms: 300 }, 7, { weeks: 6 });
    const given = truth.slice();
    const instance = registerToInstance(register, given);
    const N = register.numArms,
      S = register.numStates;
    const initial = new Float64Array(N * S);
    currentState(register).forEach((s, arm) => (initial[arm * S + s] = 1));
    const copied = createInstance({
      numArms: N,
      numStates: S,
      ids: unpackIds(register.ids),
      transitions: truth,
      schema: register.schema,
      features: rowMajor(register.features),
      initial,
      budget: Math.min(register.budget, N),
      horizon: register.horizon,
      discount: register.discount,
      provenance: register.provenance,
    });
    expect(instance).toEqual(copied);
    expect(instance.transitions).not.toBe(given);
    expect(instance.transitions.buffer).not.toBe(given.buffer);
    instance.transitions[0] = -1;
    expect(given).toEqual(truth);
  });
});
