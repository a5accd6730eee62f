// `allot fairness`: DP_variance of every feature group under the Whittle policy of one reward on
// a population (a generator or a file), intended groups marked apart, and the multilingual
// paper's unfairness flags. Protocol: src/cli/fairness-wiring.ts.
import { DEFAULT_DP_THRESHOLDS, unfairnessFlags } from '../../core/fairness/unfairness-flags.ts';
import type { AllocationMeasure } from '../../core/measures/allocation-per-arm.ts';
import { UsageError } from '../args.ts';
import type { Command } from '../command.ts';
import { groupFairness, openFairnessParts, TRIALS_PER_SEED } from '../fairness-wiring.ts';
import { RANGES } from '../../core/limits/setting-ranges.ts';
import { choiceOption, numberOption, parseNumberList, WORKERS_OPTION, workersOption } from '../number-option.ts';
import { describeInstance, loadPopulation, SOURCE_OPTION, populationFlags, populationOptions } from '../population.ts';

/**
 * Evaluation seeds when --seeds is absent (allot's choice: 10 x 50 trials keeps a 100-arm population's DP_variance
 * noise well below 1e-4).
 */
export const DEFAULT_SEEDS = 10;
/** --dataset names the population here, so the sclm generator's dataset number is --sclm-dataset. */
const RENAME = { dataset: 'sclm-dataset' };

export const fairnessCommand: Command = {
  name: 'fairness',
  summary: 'DP_variance per feature group of the policy a reward induces on a population, intended groups apart',
  usage:
    '--dataset NAME|FILE --reward EXPR [--intended GROUP,...] [--seeds N] [--measure arm-steps|at-least-once] ' +
    '[--thresholds T1,...] [population flags: --seed S --alpha X --arms N ...] [--json]',
  options: {
    dataset: SOURCE_OPTION,
    reward: {
      type: 'string',
      value: 'EXPR',
      description:
        'the reward expression, e.g. "state * (1 + agent_feats.age_51_60)" (write --reward=... when it starts with -)',
    },
    intended: {
      type: 'string',
      value: 'GROUP,...',
      description: 'the groups the priority targets (schema group names)',
      default: 'none',
    },
    seeds: {
      type: 'string',
      value: 'N',
      description:
        `evaluation seeds 0..N-1, each ${TRIALS_PER_SEED} trials (and its own sample of arms for ` +
        `sampled populations such as dlm)`,
      default: String(DEFAULT_SEEDS),
      range: RANGES.seeds,
    },
    measure: {
      type: 'string',
      value: 'M',
      description: 'arm-steps (share of arm-steps pulled) or at-least-once (pulled at least once in the horizon)',
      default: 'arm-steps',
    },
    thresholds: {
      type: 'string',
      value: 'T1,...',
      description: 'thresholds of the absolute unfairness count',
      default: DEFAULT_DP_THRESHOLDS.join(','),
    },
    workers: WORKERS_OPTION,
    ...populationOptions(RENAME),
  },
  details: [
    "P(allocated | bucket) is the mean allocation of the bucket's arms over every seed; DP_variance = 1/k sum_i",
    '(P_i - mean P)^2 over the k buckets that have arms (multilingual paper, eqs. 1-3). Flags: an unintended group',
    'above each threshold, and an unintended group above the largest intended one.',
    '',
    `Protocol: seed s (0..N-1) samples the population's arms with seed s when it has a sample size (dlm: 48 of 7,668,`,
    `as DLM evaluates; --sample sets it), then simulates the Whittle policy of the reward for ${TRIALS_PER_SEED} ` +
      `trials of the`,
    "population's horizon with simulation seed s, ties at the budget broken at random. The output is a pure function",
    'of the command line. The population flags (--seed, --arms, --alpha, --budget, ...) are those of `allot dataset',
    "generate`; --seed seeds the population, --sclm-dataset is the sclm generator's --dataset.",
    '',
    '--json prints {"groups": [{"name", "dp_variance", "intended", "buckets", "probability", "arms" (per ' +
      'bucket, summed',
    'over seeds)}], "measure",',
    '"seeds", "trials_per_seed", "arms_per_seed", "features_used", "unintended_above": [{"threshold", "groups"}],',
    '"unintended_above_intended": [names], "population"}.',
  ].join('\n'),
  async run({ options, positionals }, io) {
    if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    if (typeof options.dataset !== 'string') throw new UsageError('option "--dataset" is required');
    if (typeof options.reward !== 'string') throw new UsageError('option "--reward" is required');
    const seeds = numberOption(options, 'seeds', RANGES.seeds, DEFAULT_SEEDS);
    const workers = workersOption(options);
    const measure = choiceOption<AllocationMeasure>(options, 'measure', ['arm-steps', 'at-least-once'], 'arm-steps');
    const thresholds =
      typeof options.thresholds === 'string'
        ? parseNumberList(options.thresholds, '--thresholds')
        : [...DEFAULT_DP_THRESHOLDS];
    const intended =
      typeof options.intended === 'string'
        ? options.intended
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : [];

    const instance = await loadPopulation(options.dataset, populationFlags(options, RENAME), RENAME);
    const known = instance.schema.groups.map((g) => g.name);
    for (const name of intended)
      if (!known.includes(name))
        throw new UsageError(
          `--intended: "${name}" is not a group of ${options.dataset}; its groups are ${known.join(', ')}`,
        );

    const parts = await openFairnessParts(workers);
    const result = await groupFairness(parts, instance, options.reward, { seeds, intended, measure }).finally(() =>
      parts.close(),
    );
    if (!result.ok)
      throw new UsageError(
        `--reward: ${result.error}${instance.sampleSize !== undefined ? ` (arms of seed ${result.seed})` : ''}`,
      );
    const { groups, featuresUsed, armsPerSeed } = result;
    const flags = unfairnessFlags(groups, thresholds);

    if (options.json) {
      io.stdout.write(
        JSON.stringify({
          groups: groups.map((g) => ({
            name: g.name,
            dp_variance: g.dpVariance,
            intended: g.intended,
            buckets: g.buckets,
            probability: g.probability,
            arms: g.arms,
          })),
          measure,
          seeds,
          trials_per_seed: TRIALS_PER_SEED,
          arms_per_seed: armsPerSeed,
          features_used: featuresUsed,
          unintended_above: thresholds.map((threshold, i) => ({ threshold, groups: flags.unintendedGroupsAbove[i] })),
          unintended_above_intended: flags.unintendedGroupsAboveIntended,
          population: describeInstance(instance),
        }) + '\n',
      );
      return 0;
    }
    const width = Math.max(...groups.map((g) => g.name.length), 5);
    io.stdout.write(
      `${describeInstance(instance)}\n${seeds} seeds x ${TRIALS_PER_SEED} trials, ${armsPerSeed} arms per seed, ` +
        `allocation measure ${measure}\n\n`,
    );
    io.stdout.write(`${'group'.padEnd(width)}  ${'DP_variance'.padStart(12)}  intended\n`);
    for (const g of groups)
      io.stdout.write(
        `${g.name.padEnd(width)}  ${(g.dpVariance === null ? '-' : g.dpVariance.toExponential(3)).padStart(12)}  ` +
          `${g.intended ? 'yes' : ''}\n`,
      );
    if (flags.unintendedAboveIntended)
      io.stdout.write(
        `unfair: ${flags.unintendedGroupsAboveIntended.join(', ')} ` +
          `${flags.unintendedGroupsAboveIntended.length > 1 ? 'vary' : 'varies'} more than the intended groups\n`,
      );
    thresholds.forEach((t, i) =>
      io.stdout.write(`unintended groups with DP_variance > ${t}: ${flags.unintendedGroupsAbove[i]}\n`),
    );
    return 0;
  },
};
