// The Plan screen's live check of a reward, as the What-if editor does it, but without the register's
// arms (a million of them stay in the plan worker): parsed against the register's schema and
// evaluated on probe arms that cover every combination of the features it reads (probe-population.ts).
import type { FeatureSchema } from '../../core/instance/types.ts';
import { compileReward, type CompileResult } from '../../core/reward/compile-reward.ts';
import { parseReward } from '../../core/reward/parse-reward.ts';
import { probePopulation } from '../../core/reward/probe-population.ts';

export function checkReward(expression: string, schema: FeatureSchema, numStates: number): CompileResult {
  const parsed = parseReward(expression, schema);
  if (!parsed.ok) return parsed;
  const probe = probePopulation(schema, parsed.featuresUsed);
  return compileReward(expression, { numArms: probe.numArms, numStates, schema, features: probe.features });
}
