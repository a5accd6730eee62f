// The list rules' typed parts against their plain twins: the exclusion mask by a hash table of the given
// ids (id-flags.ts) against a Set, and the reward compiled once per distinct combination of the columns it
// reads (reward-rows.ts) against compileReward over every arm, bit for bit, errors included.
import { describe, expect, test } from 'vitest';
import { generatedRegister } from '../../../../src/core/plan/generated-register.ts';
import { flagIds } from '../../../../src/core/plan/id-flags.ts';
import { registerRewards } from '../../../../src/core/plan/reward-rows.ts';
import { seededRandom } from '../../../../src/core/random/seeded-random.ts';
import { compileReward } from '../../../../src/core/reward/compile-reward.ts';
import { packIds } from '../../../../src/core/plan/packed-ids.ts';

describe('flagIds', () => {
  test('the same arms and unknown ids as a Set, with duplicates on both sides', () => {
    for (let seed = 0; seed < 20; seed++) {
      const r = seededRandom(seed);
      const ids = Array.from({ length: 200 + r.int(300) }, () => `m${r.int(400)}${r.next() < 0.1 ? 'é' : ''}`);
      const wanted = Array.from({ length: r.int(60) }, () => `m${r.int(600)}${r.next() < 0.1 ? 'é' : ''}`);
      const { flags, arm } = flagIds(packIds(ids), wanted);
      const set = new Set(wanted),
        present = new Set(ids);
      expect(Array.from(flags)).toEqual(ids.map((id) => (set.has(id) ? 1 : 0)));
      expect(Array.from(arm, (a) => a >= 0)).toEqual(wanted.map((id) => present.has(id)));
      arm.forEach((a, k) => a >= 0 && expect(ids[a]).toBe(wanted[k]));
    }
  });
});

describe('registerRewards', () => {
  const { register } = generatedRegister('dlm', { arms: 3000, sample: 48 }, 5, { weeks: 3, callsPerWeek: 300 });
  const { numArms, numStates, schema, features } = register;
  const rewards = [
    'state',
    'state * (1 + 2 * agent_feats.age_51_60 + agent_feats.income_1)',
    'state * (1 + agent_feats.age_51_60 / 3)',
    '(state == 0) * (1 + agent_feats.age_51_60) + state * agent_feats.income_1 ** 2',
    'state / (agent_feats.age_51_60 - 1)',
    'state * agent_feats.age_51_60 +',
  ];
  test.each(rewards)('%s: the same table or error as compileReward over every arm', (reward) => {
    const fast = registerRewards(register, reward);
    const slow = compileReward(reward, { numArms, numStates, schema, features });
    expect(fast.ok).toBe(slow.ok);
    if (fast.ok && slow.ok) expect(Buffer.from(fast.table.buffer).equals(Buffer.from(slow.table.buffer))).toBe(true);
    if (!fast.ok && !slow.ok) expect(fast.error).toEqual(slow.error);
  });
});
