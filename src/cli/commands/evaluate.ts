// `allot evaluate dlm`: DLM's evaluation (NeurIPS Table 4) on allot's populations: the baselines,
// a candidate pool, and DLM itself with the user's LLM (or a replayed transcript), as MNR under
// each task's Base reward over N seeds. `--state FILE` checkpoints the DLM runs after every step.
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { DLM_IJCAI_POOL } from '../../core/tasks/dlm-ijcai-pool.ts';
import { DLM_NEURIPS_AVERAGE } from '../../core/tasks/dlm-neurips-tasks.ts';
import { readPoolCsv, type PoolRow } from '../../core/tasks/read-pool-csv.ts';
import { selectTasks } from '../../core/tasks/select-tasks.ts';
import { TASK_SETS } from '../../core/tasks/task-sets.ts';
import { DEFAULT_DLM_CONFIG } from '../../pipeline/dlm/dlm-run-state.ts';
import { formatDlmTable } from '../../pipeline/dlm/dlm-table.ts';
import { evaluateDlm, type EvaluationState } from '../../pipeline/dlm/evaluate-dlm.ts';
import { DLM_PROTOCOL, EvaluationProtocol } from '../../pipeline/dlm/evaluation-protocol.ts';
import { UsageError } from '../args.ts';
import { readTextFile } from '../read-text-file.ts';
import type { Command } from '../command.ts';
import { createNodeSimulator } from '../node-simulate.ts';
import { RANGES } from '../../core/limits/setting-ranges.ts';
import { choiceOption, numberOption } from '../number-option.ts';
import { describeInstance, loadPopulation, POPULATION_OPTIONS } from '../population.ts';
import { identityFromOptions, PROVIDER_OPTIONS, providerFromOptions, stateProvider } from '../provider-options.ts';

/** The built-in pool: the rewards Gemini Pro wrote for the IJCAI tasks (DLM IJCAI appendix G). */
const BUILT_IN_POOL = 'appendix-g';

export function makeEvaluateCommand(env: Record<string, string | undefined> = process.env): Command {
  return {
    name: 'evaluate',
    summary: "DLM's evaluation: MNR of Random, No Action, Default, Base, a reward pool and DLM per task (Table 4)",
    usage:
      'dlm [--tasks all|0,3,...] [--task-set neurips|ijcai] [--seeds N] [--population FILE|dlm] [--pool ' +
      'FILE.csv|appendix-g] ' +
      '[--provider P --base-url URL --model M | --replay TRANSCRIPT] [--rounds I --candidates K] [--transcript ' +
      'FILE] [--state FILE [--switch-provider]] [--json]',
    details: [
      "Protocol (DLM section 5.2): seed s draws the population's sample of arms (dlm: 48 of 7,668, budget 16, " +
        'horizon 10,',
      'discount 0.9) and simulates 50 trials with seed s; every policy sees the same draws, ties broken at random.',
      'MNR = (IQM_method - IQM_random) / (IQM_base - IQM_random) over the per-trial returns of all seeds under the',
      "task's Base reward; SE = SE(IQM_method) / |IQM_base - IQM_random|. The averages row: mean MNR, SE " +
        'sqrt(sum SE^2)/n.',
      'Without a provider or pool only the baselines are scored. --pool takes a CSV with columns task,expression, or',
      `"${BUILT_IN_POOL}" for DLM IJCAI appendix G (with the IJCAI task set); it reports the first row that compiles`,
      '(an LLM-free pick, like zero-shot), the oracle best row (picked by MNR, i.e. with the Base reward: ' +
        'not a method)',
      'and one row per seed (seed s uses row s mod m, as the paper evaluates its per-seed rewards).',
      'With an LLM: one DLM run per task (--rounds x --candidates, the paper: 2 x 2), each candidate ' +
        'simulated over the',
      "whole protocol; DLM (No Reflection) is the run's first candidate, DLM (Reflection) its final pick.",
      '--state records the provider, model and base URL (never the key); resuming it with others exits 2 naming both,',
      'so that a key goes only to the provider the run was started with, unless --switch-provider moves the run.',
    ].join('\n'),
    options: {
      tasks: { type: 'string', value: 'all|0,3,5-7', description: 'tasks of the task set', default: 'all' },
      'task-set': {
        type: 'string',
        value: 'neurips|ijcai',
        description: 'DLM NeurIPS Table 3 (16 tasks) or IJCAI appendix E (11 tasks)',
        default: 'neurips (ijcai with --pool appendix-g)',
      },
      seeds: {
        type: 'string',
        value: 'N',
        description: 'evaluation seeds',
        default: String(DLM_PROTOCOL.seeds),
        range: RANGES.seeds,
      },
      trials: {
        type: 'string',
        value: 'K',
        description: 'trials per seed',
        default: String(DLM_PROTOCOL.trials),
        range: RANGES.trials,
      },
      returns: {
        type: 'string',
        value: 'R',
        description: 'per-trial return: undiscounted or discounted',
        default: DLM_PROTOCOL.returns,
      },
      population: {
        type: 'string',
        value: 'FILE|dlm',
        description: 'a generator name or a population file',
        default: 'dlm',
      },
      ...POPULATION_OPTIONS,
      pool: {
        type: 'string',
        value: 'FILE.csv',
        description: `candidate rewards (columns task,expression), or ${BUILT_IN_POOL}`,
      },
      ...PROVIDER_OPTIONS,
      rounds: {
        type: 'string',
        value: 'I',
        description: 'DLM rounds',
        default: String(DEFAULT_DLM_CONFIG.rounds),
        range: RANGES.rounds,
      },
      candidates: {
        type: 'string',
        value: 'K',
        description: 'DLM candidates per round',
        default: String(DEFAULT_DLM_CONFIG.candidates),
        range: RANGES.candidates,
      },
      attempts: {
        type: 'string',
        value: 'N',
        description: 'LLM calls per candidate or reflection before it counts as failed',
        default: String(DEFAULT_DLM_CONFIG.maxAttempts),
        range: RANGES.attempts,
      },
      weight: {
        type: 'string',
        value: 'W',
        description: 'what the reflection distributions count: positive-states (the paper) or reward (its code)',
        default: 'positive-states',
      },
      state: {
        type: 'string',
        value: 'FILE',
        description:
          'checkpoint the DLM runs here after every step (with the provider, model and base URL; never the key), ' +
          'and resume from it',
      },
    },
    async run({ options, positionals }, io) {
      if (positionals[0] !== 'dlm' || positionals.length > 1)
        throw new UsageError(
          positionals.length
            ? `unknown evaluation "${positionals.join(' ')}"; the evaluation is "dlm"`
            : 'name the evaluation: allot evaluate dlm ...',
        );
      const str = (name: string) => (typeof options[name] === 'string' ? (options[name] as string) : undefined);
      const builtInPool = str('pool') === BUILT_IN_POOL;
      const setName = choiceOption(
        options,
        'task-set',
        ['neurips', 'ijcai', 'dlm-neurips', 'dlm-ijcai'],
        builtInPool ? 'ijcai' : 'neurips',
      ).replace(/^dlm-/, '');
      if (builtInPool && setName !== 'ijcai')
        throw new UsageError(`--pool ${BUILT_IN_POOL} answers the IJCAI tasks: use --task-set ijcai`);
      const taskSet = TASK_SETS.find((s) => s.id === `dlm-${setName}`)!;
      let indices: number[];
      try {
        indices = selectTasks(str('tasks') ?? 'all', taskSet.tasks.length);
      } catch (error) {
        throw new UsageError(`--tasks: ${(error as Error).message}`);
      }
      const tasks = indices.map((i) => taskSet.tasks[i]);
      const seeds = numberOption(options, 'seeds', RANGES.seeds, DLM_PROTOCOL.seeds);
      const trials = numberOption(options, 'trials', RANGES.trials, DLM_PROTOCOL.trials);
      const returns = choiceOption(options, 'returns', ['undiscounted', 'discounted'], DLM_PROTOCOL.returns);
      const weight = choiceOption(options, 'weight', ['positive-states', 'reward'], 'positive-states');
      const dlmConfig = {
        rounds: numberOption(options, 'rounds', RANGES.rounds, DEFAULT_DLM_CONFIG.rounds),
        candidates: numberOption(options, 'candidates', RANGES.candidates, DEFAULT_DLM_CONFIG.candidates),
        maxAttempts: numberOption(options, 'attempts', RANGES.attempts, DEFAULT_DLM_CONFIG.maxAttempts),
      };
      const pool = await poolOf(str('pool'), taskSet.tasks.length);
      const statePath = str('state');
      if (options['switch-provider'] && !statePath)
        throw new UsageError('--switch-provider applies when resuming a --state');
      const state = statePath && existsSync(statePath) ? await readState(statePath) : undefined;
      // Checked before any call: a resumed run stays on the provider it records (kind, model, base URL; never the key).
      const provider = statePath ? stateProvider(state, statePath, identityFromOptions(options), options) : undefined;
      const llm = await providerFromOptions(options, env, state);
      const population = await loadPopulation(str('population') ?? 'dlm', options);
      const protocol = new EvaluationProtocol(population, { seeds, trials, returns });

      let writing = Promise.resolve();
      const checkpoint = (s: EvaluationState) => {
        if (!statePath) return;
        // Written to a temporary file and renamed, so that an interrupted write never leaves half a state.
        const saved = JSON.stringify(provider ? { ...s, provider } : s);
        writing = writing
          .then(() => writeFile(`${statePath}.tmp`, saved))
          .then(() => rename(`${statePath}.tmp`, statePath));
      };
      const simulator = await createNodeSimulator(1);
      const started = performance.now();
      let evaluation;
      try {
        evaluation = await evaluateDlm(
          { protocol, simulate: simulator.simulate, tasks, pool, llm: llm?.provider, dlmConfig, weight, state },
          {
            checkpoint,
            onProgress: options.json ? undefined : (m) => io.stderr.write(`\r\x1b[K${m}`),
            onDlmEvent: options.json
              ? undefined
              : (task, e) => {
                  const line =
                    e.type === 'candidate'
                      ? `candidate ${e.id} ` +
                        `${e.status}${e.duplicateOf ? ` (same as ${e.duplicateOf})` : ''}` +
                        `${e.error ? `: ${e.error.split('\n')[0]}` : ''}`
                      : e.type === 'picked'
                        ? `round ${e.round}: pick ${e.id ?? 'none'}${e.reason ? ` (${e.reason})` : ''}`
                        : undefined;
                  if (line) io.stderr.write(`\r\x1b[Ktask ${task}: ${line}\n`);
                },
          },
        );
      } finally {
        await simulator.close();
        if (!options.json) io.stderr.write('\r\x1b[K');
      }
      checkpoint(evaluation.state);
      await writing;
      await llm?.saved();
      const elapsedMs = Math.round(performance.now() - started);
      const published = (index: number) => taskSet.tasks[index]?.published;
      if (options.json) {
        io.stdout.write(
          JSON.stringify({
            status: evaluation.status,
            ...(evaluation.pausedBecause ? { pausedBecause: evaluation.pausedBecause } : {}),
            taskSet: taskSet.id,
            protocol: {
              population: describeInstance(population),
              seeds,
              trials,
              sample: population.sampleSize ?? population.numArms,
              returns,
              ties: 'random',
            },
            tasks: evaluation.tasks.map((t) => ({ ...t, published: published(t.index) })),
            average: evaluation.average,
            elapsedMs,
          }) + '\n',
        );
      } else {
        io.stdout.write(
          `${taskSet.title}; ${describeInstance(population)}; ${seeds} seeds x ${trials} trials, ${returns} returns\n`,
        );
        io.stdout.write(
          formatDlmTable(evaluation, published, taskSet.id === 'dlm-neurips' ? DLM_NEURIPS_AVERAGE : undefined) + '\n',
        );
        for (const t of evaluation.tasks) {
          for (const f of t.poolFailures ?? [])
            io.stdout.write(
              `task ${t.index}: pool row at line ${f.line} does not compile: ${f.error.split('\n')[0]}\n`,
            );
        }
        io.stdout.write(`elapsed ${(elapsedMs / 1000).toFixed(2)} s\n`);
      }
      if (evaluation.status === 'paused') {
        if (!options.json)
          io.stderr.write(
            `allot evaluate: paused: ` +
              `${evaluation.pausedBecause}${statePath ? ` (run again with --state ${statePath} to resume)` : ''}\n`,
          );
        return 1;
      }
      return 0;
    },
  };
}

export const evaluateCommand = makeEvaluateCommand();

async function poolOf(spec: string | undefined, taskCount: number): Promise<PoolRow[] | undefined> {
  if (spec === undefined) return undefined;
  if (spec === BUILT_IN_POOL)
    return DLM_IJCAI_POOL.map((e, i) => ({ task: e.task, expression: e.expression, line: i + 1 }));
  return readPoolCsv(await readTextFile(spec), taskCount, basename(spec));
}

async function readState(path: string): Promise<EvaluationState> {
  const state = JSON.parse(await readFile(path, 'utf8')) as EvaluationState;
  if (state?.version !== 1 || typeof state.dlm !== 'object')
    throw new Error(`${path}: not an evaluation state written by allot evaluate`);
  return state;
}
