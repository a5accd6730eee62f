// DLM's evaluation (NeurIPS section 5.2, Table 4) on allot's populations: per task, the MNR of the
// baselines (Random, No Action, Default = reward state, Base = the task's ground truth), of a
// candidate pool and of DLM (zero-shot and reflection), all under the task's Base reward with the
// same seeds. Random, No Action and Default do not depend on the task: they are simulated once and
// scored under each task's Base reward from their per-trial occupancy. DLM runs are resumable:
// `state` holds every LLM reply, and a paused evaluation started again asks nothing twice.
import type { Task } from '../../core/tasks/task.ts';
import type { PoolRow } from '../../core/tasks/read-pool-csv.ts';
import { averageNormalizedReward } from '../../core/measures/average-normalized-reward.ts';
import { meanNormalizedReward } from '../../core/measures/mean-normalized-reward.ts';
import { compileReward } from '../../core/reward/compile-reward.ts';
import { DEFAULT_REWARD } from '../../core/reward/default-reward.ts';
import { rewardFeedback } from '../../core/reward/reward-feedback.ts';
import type { DistributionWeight } from '../../core/measures/state-feature-distribution.ts';
import type { Simulate } from '../../core/simulation/simulate-port.ts';
import type { LlmProvider } from '../../llm/llm-provider.ts';
import { cloneState } from '../resumable.ts';
import { createDlmAdapter } from './dlm-adapter.ts';
import { createDlmRun, type DlmConfig, type DlmRunState } from './dlm-run-state.ts';
import type { EvaluationProtocol, ProtocolRun } from './evaluation-protocol.ts';
import { runDlm, type DlmEvent } from './run-dlm.ts';

/** A task to score: a Base reward is required (MNR is defined against it). */
export interface EvaluationTask extends Task {
  index: number;
  base: string;
}

/**
 * Methods, in the column order of the table. pool: the first row of the task's pool that compiles
 * (LLM-free, like zero-shot's first valid reply); pool_best: the row with the highest MNR (an oracle:
 * it looks at the Base reward); pool_seeds: seed s uses row s mod m (one LLM reward per seed, as the
 * paper evaluates its published rewards). dlm_zeroshot: the run's first candidate (its prompt has no
 * previous attempt); dlm_reflection: the run's final pick.
 */
export const METHODS = [
  'random',
  'no_action',
  'default',
  'base',
  'pool',
  'pool_best',
  'pool_seeds',
  'dlm_zeroshot',
  'dlm_reflection',
] as const;
export type Method = (typeof METHODS)[number];

export interface TaskResult {
  index: number;
  label: string;
  prompt: string;
  base: string;
  mnr: Partial<Record<Method, number>>;
  se: Partial<Record<Method, number>>;
  /** The expression behind pool and DLM scores. */
  expressions: Partial<Record<Method, string>>;
  /** Pool rows that did not compile, with the compiler's message. */
  poolFailures?: { line: number; expression: string; error: string }[];
  /** The DLM run's outcome: how the final reward was picked, or why there is none. */
  dlm?: { status: DlmRunState['status']; pickedBy: string | null; llmCalls: number };
}

export interface EvaluationState {
  version: 1;
  /** DLM run per task index. */
  dlm: Record<string, DlmRunState>;
}

export interface EvaluateInput {
  protocol: EvaluationProtocol;
  simulate: Simulate;
  tasks: readonly EvaluationTask[];
  pool?: readonly PoolRow[];
  /** DLM with this LLM; absent: no DLM columns. */
  llm?: Pick<LlmProvider, 'complete'>;
  dlmConfig?: Partial<DlmConfig>;
  /** What the reflection's distributions count (default: positive states, as the paper's text). */
  weight?: DistributionWeight;
  /** A state from an earlier (paused) evaluation to resume. */
  state?: EvaluationState;
}

export interface EvaluateOptions {
  checkpoint?: (state: EvaluationState) => void;
  onProgress?: (message: string) => void;
  onDlmEvent?: (task: number, event: DlmEvent) => void;
  signal?: AbortSignal;
}

export interface Evaluation {
  status: 'done' | 'paused';
  pausedBecause?: string;
  /** Tasks scored so far (all of them when done). */
  tasks: TaskResult[];
  average: { mnr: Partial<Record<Method, number>>; se: Partial<Record<Method, number>> };
  state: EvaluationState;
}

export async function evaluateDlm(input: EvaluateInput, options: EvaluateOptions = {}): Promise<Evaluation> {
  const { protocol, simulate, tasks } = input;
  const state: EvaluationState = input.state ? cloneState(input.state) : { version: 1, dlm: {} };
  const progress = options.onProgress ?? (() => {});
  const compile = (expression: string, what: string) => {
    const c = compileReward(expression, protocol.population);
    if (!c.ok) throw new Error(`${what} does not compile: ${rewardFeedback(c.error)}`);
    return c;
  };
  const run = (label: string, policy: 'whittle' | 'random' | 'none', table: Float64Array | null) =>
    protocol.run(simulate, policy, table, {
      signal: options.signal,
      onProgress: (done, n) => (done % 50 === 0 || done === n) && progress(`${label}: seed ${done} of ${n}`),
    });

  const defaultTable = compile(DEFAULT_REWARD, 'the Default reward').table;
  const random = await run('Random', 'random', null);
  const noAction = await run('No Action', 'none', null);
  const defaultRun = await run('Default', 'whittle', defaultTable);

  const results: TaskResult[] = [];
  for (const task of tasks) {
    const baseTable = compile(task.base, `the Base reward of task ${task.index} (${task.label})`).table;
    const returns = (r: ProtocolRun) => protocol.returns(r, baseTable);
    const baseReturns = returns(await run(`task ${task.index} Base`, 'whittle', baseTable));
    const randomReturns = returns(random);
    const score = (method: ArrayLike<number>) => meanNormalizedReward(method, randomReturns, baseReturns);
    const result: TaskResult = {
      index: task.index,
      label: task.label,
      prompt: task.prompt,
      base: task.base,
      mnr: {},
      se: {},
      expressions: {},
    };
    const put = (method: Method, returns: ArrayLike<number>, expression?: string) => {
      const s = score(returns);
      result.mnr[method] = s.mnr;
      result.se[method] = s.se;
      if (expression !== undefined) result.expressions[method] = expression;
    };
    put('random', randomReturns);
    put('no_action', returns(noAction));
    put('default', returns(defaultRun));
    put('base', baseReturns);

    const rows = input.pool?.filter((r) => r.task === task.index) ?? [];
    if (rows.length > 0)
      await scorePool(task, rows, result, {
        compile: (e) => compileReward(e, protocol.population),
        run,
        returns,
        put,
        score,
        trials: protocol.config.trials,
      });

    if (input.llm) {
      const dlmState = (state.dlm[task.index] ??= createDlmRun(task.prompt, input.dlmConfig));
      if (dlmState.task !== task.prompt)
        throw new Error(
          `the saved DLM run of task ${task.index} answers another prompt ("${dlmState.task}"): use a new state file`,
        );
      // Each candidate is simulated once over the whole protocol, by normalized expression; its MNR reuses that run.
      const runs = new Map<string, Promise<ProtocolRun>>();
      const outcome = (normalized: string, table: Float64Array) => {
        let r = runs.get(normalized);
        if (!r) {
          r = run(`task ${task.index} DLM candidate`, 'whittle', table);
          r.catch(() => runs.delete(normalized)); // a failed simulation is tried again on resume
          runs.set(normalized, r);
        }
        return r;
      };
      const weight = input.weight ?? 'positive-states';
      const parts = createDlmAdapter({
        llm: input.llm,
        population: protocol.population,
        signal: options.signal,
        distributions: async ({ normalized, rewardTable }) =>
          protocol.distribution(
            await outcome(normalized, rewardTable),
            weight,
            weight === 'reward' ? rewardTable : undefined,
          ),
      });
      const final = await runDlm(dlmState, parts, {
        signal: options.signal,
        onEvent: (event) => options.onDlmEvent?.(task.index, event),
        checkpoint: (s) => {
          state.dlm[task.index] = s;
          options.checkpoint?.(cloneState(state));
        },
      });
      state.dlm[task.index] = final;
      if (final.status === 'paused')
        return {
          status: 'paused',
          pausedBecause: `task ${task.index} (${task.label}): ${final.pausedBecause}`,
          tasks: results,
          average: averagesRow(results),
          state,
        };
      const llmCalls = final.rounds.reduce(
        (n, r) => n + r.candidates.reduce((m, c) => m + c.attempts.length, 0) + (r.reflection?.attempts.length ?? 0),
        0,
      );
      result.dlm = { status: final.status, pickedBy: final.result?.pickedBy ?? null, llmCalls };
      const first = final.rounds[0]?.candidates[0];
      const picks: [Method, string | undefined][] = [
        ['dlm_zeroshot', first?.status === 'valid' ? first.expression : undefined],
        ['dlm_reflection', final.result?.expression],
      ];
      for (const [method, expression] of picks) {
        if (expression === undefined) continue;
        const c = compile(expression, `the DLM reward "${expression}"`);
        put(method, returns(await outcome(c.diagnostics.normalized, c.table)), expression);
      }
    }
    results.push(result);
    progress(`task ${task.index} done`);
  }
  return { status: 'done', tasks: results, average: averagesRow(results), state };
}

interface PoolTools {
  compile: (expression: string) => ReturnType<typeof compileReward>;
  run: (label: string, policy: 'whittle', table: Float64Array) => Promise<ProtocolRun>;
  returns: (run: ProtocolRun) => Float64Array;
  put: (method: Method, returns: ArrayLike<number>, expression?: string) => void;
  score: (returns: ArrayLike<number>) => { mnr: number };
  trials: number;
}

/** Scores a task's pool: every distinct row simulated once, reduced at once to its per-trial returns under Base. */
async function scorePool(
  task: EvaluationTask,
  rows: readonly PoolRow[],
  result: TaskResult,
  { compile, run, returns, put, score, trials }: PoolTools,
) {
  result.poolFailures = [];
  const valid: { expression: string; returns: Float64Array }[] = [];
  const byNormalized = new Map<string, Float64Array>();
  for (const row of rows) {
    const c = compile(row.expression);
    if (!c.ok) {
      result.poolFailures.push({ line: row.line, expression: row.expression, error: rewardFeedback(c.error) });
      continue;
    }
    let r = byNormalized.get(c.diagnostics.normalized);
    if (!r) {
      r = returns(await run(`task ${task.index} pool row ${valid.length + 1} of ${rows.length}`, 'whittle', c.table));
      byNormalized.set(c.diagnostics.normalized, r);
    }
    valid.push({ expression: row.expression, returns: r });
  }
  if (valid.length === 0) return;
  put('pool', valid[0].returns, valid[0].expression);
  const mnrs = valid.map((v) => score(v.returns).mnr);
  const best = valid[mnrs.indexOf(Math.max(...mnrs))];
  put('pool_best', best.returns, best.expression);
  const perSeed = new Float64Array(valid[0].returns.length);
  for (let s = 0; s * trials < perSeed.length; s++)
    perSeed.set(valid[s % valid.length].returns.subarray(s * trials, (s + 1) * trials), s * trials);
  put('pool_seeds', perSeed);
}

/** The averages row: per method, averageNormalizedReward over the tasks, when every task has the method. */
function averagesRow(results: readonly TaskResult[]): Evaluation['average'] {
  const mnr: Partial<Record<Method, number>> = {};
  const se: Partial<Record<Method, number>> = {};
  for (const method of METHODS) {
    if (results.length === 0 || results.some((r) => r.mnr[method] === undefined)) continue;
    const average = averageNormalizedReward(results.map((r) => ({ mnr: r.mnr[method]!, se: r.se[method]! })));
    mnr[method] = average.mnr;
    se[method] = average.se;
  }
  return { mnr, se };
}
