// `allot fairness`: DP_variance of every feature group under the Whittle policy of one reward,
// intended groups marked apart, and the multilingual paper's unfairness flags.
import { DEFAULT_DP_THRESHOLDS, unfairnessFlags } from '../../core/fairness/unfairness-flags.ts';
import type { Occupancy } from '../../core/instance/occupancy.ts';
import { dpVariance } from '../../core/measures/dp-variance.ts';
import { UsageError } from '../args.ts';
import type { Command } from '../command.ts';
import { FAIRNESS_WIRING, type FairnessWiring } from '../fairness-wiring.ts';
import { parseNumber, parseNumberList } from '../number-option.ts';

export function makeFairnessCommand(wiring: FairnessWiring): Command {
  return {
    name: 'fairness',
    summary: 'DP_variance per feature group of the policy a reward induces, intended groups apart',
    usage: '--dataset NAME|FILE --reward EXPR [--intended GROUP,...] [--seeds N] [--measure arm-steps|at-least-once] [--thresholds T1,...] [--alpha X] [--json]',
    options: {
      dataset: { type: 'string', value: 'NAME|FILE', description: 'a generator (e.g. multilingual) or a population file' },
      reward: { type: 'string', value: 'EXPR', description: 'the reward expression, e.g. "state * (agent_feats[0] + 1)"' },
      intended: { type: 'string', value: 'GROUP,...', description: 'the groups the priority targets (schema group names)', default: 'none' },
      seeds: { type: 'string', value: 'N', description: 'simulation seeds 0..N-1, allocations averaged', default: '1' },
      measure: { type: 'string', value: 'M', description: 'arm-steps (pulls / horizon) or at-least-once (pulled in the horizon)', default: 'arm-steps' },
      thresholds: { type: 'string', value: 'T1,...', description: 'thresholds of the absolute unfairness count', default: DEFAULT_DP_THRESHOLDS.join(',') },
      alpha: { type: 'string', value: 'X', description: 'strength of the multilingual population\'s graphical model' },
      seed: { type: 'string', value: 'S', description: 'seed of a generated population', default: '0' },
    },
    details: [
      'P(allocated | bucket) is the mean allocation of the bucket\'s arms; DP_variance = 1/k sum_i (P_i - mean P)^2 over',
      'the k buckets that have arms (multilingual paper, eqs. 1-3). Flags: an unintended group above each threshold,',
      'and an unintended group above the largest intended one.',
    ].join('\n'),
    async run({ options, positionals }, io) {
      if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`);
      if (typeof options.dataset !== 'string') throw new UsageError('option "--dataset" is required');
      if (typeof options.reward !== 'string') throw new UsageError('option "--reward" is required');
      const seeds = parseNumber(String(options.seeds ?? '1'));
      if (!Number.isInteger(seeds) || seeds < 1) throw new UsageError(`--seeds must be a positive integer, not "${options.seeds}"`);
      const measure = String(options.measure ?? 'arm-steps');
      if (measure !== 'arm-steps' && measure !== 'at-least-once') throw new UsageError(`--measure must be arm-steps or at-least-once, not "${measure}"`);
      const thresholds = typeof options.thresholds === 'string' ? parseNumberList(options.thresholds, '--thresholds') : [...DEFAULT_DP_THRESHOLDS];
      const intended = typeof options.intended === 'string' ? options.intended.split(',').map((s) => s.trim()).filter(Boolean) : [];

      const instance = await wiring.loadPopulation(options.dataset, { alpha: options.alpha, seed: options.seed });
      const known = instance.schema.groups.map((g) => g.name);
      for (const name of intended) if (!known.includes(name)) throw new UsageError(`--intended: "${name}" is not a group of ${options.dataset}; its groups are ${known.join(', ')}`);
      const compiled = wiring.compile(options.reward, instance);
      if (!compiled.ok) throw new UsageError(`--reward: ${compiled.error}`);
      const runs: Occupancy[] = [];
      for (let seed = 0; seed < seeds; seed++) runs.push(await wiring.simulate(instance, compiled.table, seed));
      const groups = dpVariance(meanAllocation(runs), instance, { intended, measure });
      const flags = unfairnessFlags(groups, thresholds);

      if (options.json) {
        io.stdout.write(JSON.stringify({
          groups: groups.map((g) => ({ name: g.name, dp_variance: g.dpVariance, intended: g.intended, buckets: g.buckets, probability: g.probability, arms: g.arms })),
          measure, seeds, features_used: compiled.featuresUsed,
          unintended_above: thresholds.map((threshold, i) => ({ threshold, groups: flags.unintendedGroupsAbove[i] })),
          unintended_above_intended: flags.unintendedGroupsAboveIntended,
        }) + '\n');
        return 0;
      }
      const width = Math.max(...groups.map((g) => g.name.length), 5);
      io.stdout.write(`${'group'.padEnd(width)}  ${'DP_variance'.padStart(12)}  intended\n`);
      for (const g of groups) io.stdout.write(`${g.name.padEnd(width)}  ${(g.dpVariance === null ? '-' : g.dpVariance.toExponential(3)).padStart(12)}  ${g.intended ? 'yes' : ''}\n`);
      if (flags.unintendedAboveIntended) io.stdout.write(`unfair: ${flags.unintendedGroupsAboveIntended.join(', ')} ${flags.unintendedGroupsAboveIntended.length > 1 ? 'vary' : 'varies'} more than the intended groups\n`);
      thresholds.forEach((t, i) => io.stdout.write(`unintended groups with DP_variance > ${t}: ${flags.unintendedGroupsAbove[i]}\n`));
      return 0;
    },
  };
}

export const fairnessCommand = makeFairnessCommand(FAIRNESS_WIRING);

/** The mean of several simulations' pulls (each the mean over its trials), as one occupancy for the allocation measures. */
function meanAllocation(runs: Occupancy[]): Occupancy {
  if (runs.length === 1) return runs[0];
  const mean = (pick: (o: Occupancy) => Float64Array) => {
    const out = new Float64Array(runs[0].numArms);
    for (const r of runs) pick(r).forEach((v, i) => (out[i] += v / runs.length));
    return out;
  };
  return { ...runs[0], numTrials: runs.reduce((n, r) => n + r.numTrials, 0), pulls: mean((o) => o.pulls), pulledAtLeastOnce: mean((o) => o.pulledAtLeastOnce) };
}
