// Random registers with every rule of the week's list on (cooldown, exclusions, share floors and caps,
// health workers' capacities and minima, a holdout), shared by the list's pin and its tests of workers.
import { createHash } from 'node:crypto';
import { estimateTransitions } from '../../../../src/core/plan/estimate-transitions.ts';
import { generatedRegister } from '../../../../src/core/plan/generated-register.ts';
import type { PlanSettings } from '../../../../src/core/plan/plan-settings.ts';
import { currentWeek, type Register } from '../../../../src/core/plan/register.ts';
import {
  buildWeeklyList,
  detailAt,
  reasonAt,
  type IndexFunction,
  type WeeklyList,
} from '../../../../src/core/plan/weekly-list.ts';
import { seededRandom } from '../../../../src/core/random/seeded-random.ts';
import { valueAt } from '../../../../src/core/instance/feature-table.ts';
import { unpackIds } from '../../../../src/core/plan/packed-ids.ts';

/** A dlm register with a number column naming each mother's worker (uneven caseloads). */
export function registerWithWorkers(arms: number, workers: number, seed: number): Register {
  const { register: base } = generatedRegister('dlm', { arms, sample: Math.min(48, arms) }, seed, {
    weeks: 8,
    callsPerWeek: Math.round(arms / 10),
  });
  const r = seededRandom(seed + 100);
  const weight = Float64Array.from({ length: workers }, () => 0.3 + r.next());
  let total = 0;
  const cumulative = Float64Array.from(weight, (w) => (total += w));
  const workerOf = Float64Array.from({ length: arms }, () => {
    const u = r.next() * total;
    let w = 0;
    while (cumulative[w] < u) w++;
    return w;
  });
  const column = {
    name: 'worker',
    label: 'worker',
    description: "her health worker's number",
    type: 'integer' as const,
    group: null,
  };
  return {
    ...base,
    features: { numArms: arms, columns: [...base.features.columns, workerOf] },
    schema: { ...base.schema, columns: [...base.schema.columns, column] },
  };
}

/** Settings with every rule on, drawn from the seed; `workers` and `holdout` as the case asks. */
export function everyRule(register: Register, seed: number, workers: boolean, holdout: string | null): PlanSettings {
  const r = seededRandom(seed + 200);
  const N = register.numArms;
  const column = register.features.columns[register.features.columns.length - 1];
  let W = 0;
  for (let arm = 0; arm < N; arm++) W = Math.max(W, valueAt(column, arm) + 1);
  const capacity = Object.fromEntries(Array.from({ length: W }, (_, w) => [String(w), 3 + r.int(14)]));
  const minimum = Object.fromEntries(Array.from({ length: W }, (_, w) => [String(w), Math.min(capacity[w], r.int(3))]));
  return {
    reward: ['state * (1 + 2 * agent_feats.age_51_60 + agent_feats.income_1)', 'state * (1 + agent_feats.age_51_60)'][
      seed % 2
    ],
    budget: Math.round(N / 8),
    exclude: unpackIds(register.ids).filter(() => r.next() < 0.03),
    cooldown: 1 + r.int(2),
    shares: workers
      ? [{ group: 'Ages', bucket: 'Ages 10-20', min: 0.15 + 0.1 * r.next(), max: 0.6 }]
      : [
          { group: 'Ages', bucket: 'Ages 10-20', min: 0.25 },
          { group: 'Languages', bucket: 'Speaks Hindi', max: 0.3 },
        ],
    seed,
    draws: 0,
    priorGroup: 'Ages',
    level: 0.9,
    ...(workers && { workers: { column: 'worker', capacity, minimum } }),
    ...(holdout && { holdout: { share: 0.15, rule: holdout as 'random' | 'default', seed: seed + 1, weeks: 12 } }),
  };
}

/** Everything a list says, as one hash per part. */
export function listHashes(list: WeeklyList): Record<string, string> {
  const h = (...parts: (ArrayBufferView | string)[]) => {
    const hash = createHash('sha256');
    for (const p of parts)
      hash.update(typeof p === 'string' ? p : new Uint8Array(p.buffer, p.byteOffset, p.byteLength));
    return hash.digest('hex').slice(0, 12);
  };
  const lines = Array.from(list.arms, (_, j) => j);
  return {
    arms: h(list.arms, list.index, list.via.join('|')),
    defaults: h(list.defaultArms, list.defaultRank),
    reasons: h(lines.map((j) => reasonAt(list, j)).join('\n')),
    details: h(lines.map((j) => detailAt(list, j)).join('\n')),
    rest: h(JSON.stringify([list.unmet, list.lineWorker, list.workers, list.sentences, list.arm && [...list.arm]])),
  };
}

export function caseList(whittle: IndexFunction, seed: number, workers: boolean, holdout: string | null): WeeklyList {
  const register = registerWithWorkers(3000, 40, seed);
  const posterior = estimateTransitions(register.history, register.schema, register.features, register.numArms, {
    groupBy: 'Ages',
  });
  const settings = everyRule(register, seed, workers, holdout);
  return buildWeeklyList(register, settings, currentWeek(register.history), { whittle, posterior });
}
