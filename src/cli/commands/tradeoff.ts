// `allot tradeoff`: the price of a priority. Sweeps R_lambda = state + lambda (R - state) over a
// grid, measures engagement and the priority's own outcome on each point, picks the largest lambda
// within the accepted engagement loss, and simulates the baselines that need no LLM (group quotas,
// minimax water-filling) on the same seeds. Definitions: src/core/tradeoff/README.md.
import { chooseLambda, lossesOf } from '../../core/tradeoff/choose-lambda.ts';
import { dialExpression } from '../../core/tradeoff/dial-expression.ts';
import { callsByGroup, namedGroup } from '../../core/tradeoff/calls-by-group.ts';
import { favouredLabel } from '../../core/tradeoff/favoured-arms.ts';
import { lambdaGrid } from '../../core/tradeoff/lambda-grid.ts';
import { priceSentence } from '../../core/tradeoff/price-sentence.ts';
import { DialSweep } from '../../core/tradeoff/sweep-dial.ts';
import { UsageError } from '../args.ts';
import type { Command } from '../command.ts';
import { compileExpression, TRIALS_PER_SEED } from '../fairness-wiring.ts';
import { createNodeSimulator } from '../node-simulate.ts';
import { RANGES } from '../../core/limits/setting-ranges.ts';
import { numberOption, optionalNumber, WORKERS_OPTION, workersOption } from '../number-option.ts';
import { describeInstance, loadPopulation, SOURCE_OPTION, populationFlags, populationOptions } from '../population.ts';
import { tradeoffBaselines } from '../tradeoff-baselines.ts';
import { percent } from '../../core/words/percent.ts';

const RENAME = { seed: 'population-seed', arms: 'population-arms' };
/** Evaluation seeds of a population that samples its arms per seed (DLM's protocol: 200). */
const SAMPLED_SEEDS = 200;

export const tradeoffCommand: Command = {
  name: 'tradeoff',
  summary:
    "the price of a priority: engagement against the priority's outcome along R_lambda = state + lambda (R - " +
    'state), and baselines without an LLM',
  usage:
    '--population NAME|FILE --reward EXPR [--max-loss 0.02] [--points 25] [--lambda-max 1] [--seed S] [--seeds N] ' +
    '[--trials N] [--group NAME] [--no-baselines] [population flags] [--json]',
  options: {
    population: SOURCE_OPTION,
    reward: {
      type: 'string',
      value: 'EXPR',
      description: 'the candidate reward R (write --reward=... when it starts with -)',
    },
    'max-loss': {
      type: 'string',
      value: 'L',
      description: 'largest engagement loss accepted, relative to lambda 0 (0.02 = 2 %)',
      default: '0.02',
      range: RANGES.maxLoss,
    },
    points: {
      type: 'string',
      value: 'N',
      description: 'points of the lambda grid, from 0 to --lambda-max',
      default: '25',
      range: RANGES.points,
    },
    'lambda-max': {
      type: 'string',
      value: 'L',
      description: 'the largest lambda (1: R as written; larger moves towards R - state)',
      default: '1',
      range: RANGES.lambdaMax,
    },
    seed: {
      type: 'string',
      value: 'S',
      description: 'first evaluation seed (S + N - 1 at most the largest seed)',
      default: '0',
      range: RANGES.seed,
    },
    seeds: {
      type: 'string',
      value: 'N',
      description:
        `evaluation seeds S..S+N-1 (default ${SAMPLED_SEEDS} for a population that samples arms per ` +
        `seed, such as dlm; else 1)`,
      range: RANGES.seeds,
    },
    trials: {
      type: 'string',
      value: 'N',
      description: 'trials per seed',
      default: String(TRIALS_PER_SEED),
      range: RANGES.trials,
    },
    group: {
      type: 'string',
      value: 'NAME',
      description: 'the feature group of the baselines (default: the group of the first feature R reads)',
    },
    'no-baselines': { type: 'flag', description: 'skip the group-quota and minimax baselines' },
    workers: WORKERS_OPTION,
    ...populationOptions(RENAME),
  },
  details: [
    'Engagement is the share of arm-steps engaged (top state), mean over every trial of every seed; the priority is',
    'the same share among the arms R favours (gain R[top] - R[0] above the mean gain: the groups R names). The pick',
    'is the largest lambda whose loss 1 - E(lambda)/E(0) is at most --max-loss on this very simulation.',
    '',
    '--json prints {"points": [{"lambda", "engagement", "engagement_se", "priority"}, ...], "chosen": {"lambda",',
    '"expression", "engagement_loss"}, "baselines": [{"name", "engagement", "calls_by_group"}, ...]} with',
    'engagement_loss relative to lambda 0 (0.02 = 2 %); calls_by_group maps a group to the share of calls of each',
    'bucket. Extra fields: priority_se, loss, loss_se, favoured_calls per point; engagement_loss_se, ' +
      'favoured, sentence.',
  ].join('\n'),
  async run({ options, positionals }, io) {
    if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    if (typeof options.population !== 'string') throw new UsageError('option "--population" is required');
    if (typeof options.reward !== 'string') throw new UsageError('option "--reward" is required');
    const maxLoss = numberOption(options, 'max-loss', RANGES.maxLoss, 0.02);
    const points = numberOption(options, 'points', RANGES.points, 25);
    const lambdaMax = numberOption(options, 'lambda-max', RANGES.lambdaMax, 1);
    const seed = numberOption(options, 'seed', RANGES.seed, 0);
    const seeds = optionalNumber(options, 'seeds', RANGES.seeds);
    const trials = numberOption(options, 'trials', RANGES.trials, TRIALS_PER_SEED);
    const workers = workersOption(options);

    const population = await loadPopulation(options.population, populationFlags(options, RENAME), RENAME);
    const sampled = population.sampleSize !== undefined && population.sampleSize < population.numArms;
    const count = seeds ?? (sampled ? SAMPLED_SEEDS : 1);
    if (seed + count - 1 > RANGES.seed.max)
      throw new UsageError(`--seed + --seeds - 1 must be at most ${RANGES.seed.max}, the largest seed`);
    const compiled = compileExpression(options.reward, population);
    if (!compiled.ok) throw new UsageError(`--reward: ${compiled.error}`);

    const group =
      typeof options.group === 'string' ? options.group : namedGroup(population.schema, compiled.featuresUsed);
    if (group !== null && !population.schema.groups.some((g) => g.name === group))
      throw new UsageError(
        `--group: "${group}" is not a feature group of ${options.population}; its groups are ` +
          `${population.schema.groups.map((g) => g.name).join(', ')}`,
      );
    const simulator = await createNodeSimulator(workers, { spreadSmall: true });
    await simulator.ready();
    try {
      const t0 = performance.now();
      const sweep = new DialSweep({
        population,
        reward: compiled.table,
        seeds: Array.from({ length: count }, (_, k) => seed + k),
        trials,
      });
      const swept = await sweep.run(lambdaGrid(points, lambdaMax), simulator.simulate);
      const sweepMs = performance.now() - t0;
      const choice = chooseLambda(swept, maxLoss);
      const losses = lossesOf(swept);
      const favoured = favouredLabel(population.schema, compiled.featuresUsed);
      const expression = dialExpression(compiled.normalized, choice.lambda, population.schema);
      const sentence = priceSentence(swept, choice, maxLoss, favoured);
      const baselines =
        options['no-baselines'] || group === null
          ? []
          : await tradeoffBaselines(sweep, swept, group, simulator.simulate);

      if (options.json) {
        io.stdout.write(
          JSON.stringify({
            points: swept.map((p, i) => ({
              lambda: p.lambda,
              engagement: p.engagement,
              engagement_se: p.engagementSe,
              priority: p.priority,
              priority_se: p.prioritySe,
              loss: losses[i].loss,
              loss_se: losses[i].lossSe,
              favoured_calls: p.favouredCalls,
            })),
            chosen: {
              lambda: choice.lambda,
              expression,
              engagement_loss: choice.engagementLoss,
              engagement_loss_se: choice.engagementLossSe,
            },
            baselines: baselines.map((b) => ({
              name: b.name,
              engagement: b.outcome.engagement,
              engagement_se: b.outcome.engagementSe,
              priority: b.outcome.priority,
              calls_by_group: b.callsByGroup,
              definition: b.definition,
              bounds_held: b.outcome.boundsHeld,
            })),
            chosen_calls_by_group: group === null ? {} : callsByGroup(swept[choice.index].calls, population, [group]),
            favoured,
            sentence,
            seeds: count,
            trials_per_seed: trials,
            sweep_ms: sweepMs,
            population: describeInstance(population),
          }) + '\n',
        );
        return 0;
      }
      const pct = (x: number | null) => percent(x, 2);
      io.stdout.write(
        `${describeInstance(population)}\n${count} seeds x ${trials} trials; R = ${compiled.normalized}; favoured: ` +
          `${favoured || 'none'}\n\n`,
      );
      io.stdout.write(
        `${'lambda'.padStart(9)}  ${'engagement'.padStart(10)}  ${'± se'.padStart(7)}  ${'loss'.padStart(7)}  ` +
          `${'priority'.padStart(8)}\n`,
      );
      swept.forEach((p, i) =>
        io.stdout.write(
          `${String(p.lambda).padStart(9)}  ${pct(p.engagement).padStart(10)}  ${pct(p.engagementSe).padStart(7)}  ` +
            `${pct(losses[i].loss).padStart(7)}  ` +
            `${pct(p.priority).padStart(8)}${i === choice.index ? '  <- chosen' : ''}\n`,
        ),
      );
      io.stdout.write(`\n${sentence}\nchosen expression: ${expression}\n`);
      for (const b of baselines) {
        const calls = Object.entries(b.callsByGroup[group!])
          .map(([bucket, x]) => `${bucket} ${pct(x)}`)
          .join(', ');
        io.stdout.write(
          `baseline ${b.name}: engagement ${pct(b.outcome.engagement)} (± ${pct(b.outcome.engagementSe)}), ` +
            `priority ${pct(b.outcome.priority)}; calls by ${group}: ${calls}\n  ${b.definition}\n`,
        );
      }
      io.stdout.write(`sweep: ${points} points x ${count} seeds in ${sweepMs.toFixed(0)} ms\n`);
      return 0;
    } finally {
      await simulator.close();
    }
  },
};
