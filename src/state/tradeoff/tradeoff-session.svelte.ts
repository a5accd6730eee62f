// The "price of this priority" panel's state: one sweep of R_lambda for one candidate, its pick for
// the loss the user accepts (derived, so moving the limit simulates nothing), a refinement around the
// pick, and the baselines without an LLM. It has an engine pool of its own (from the app's root), so
// that cancelling a sweep never stops the screen's other simulations; its workers go when the panel goes.
import type { Occupancy } from '../../core/instance/occupancy.ts';
import type { Instance } from '../../core/instance/types.ts';
import { RANGES, rangeProblem } from '../../core/limits/setting-ranges.ts';
import type { ClauseScorer } from './clause-outcome.ts';
import { compileReward } from '../../core/reward/compile-reward.ts';
import { minimaxBaseline, quotaBaseline, quotaShares, type BaselineResult } from '../../core/tradeoff/baselines.ts';
import { namedGroup } from '../../core/tradeoff/calls-by-group.ts';
import { chooseLambda, lossesOf } from '../../core/tradeoff/choose-lambda.ts';
import { dialExpression } from '../../core/tradeoff/dial-expression.ts';
import { favouredLabel } from '../../core/tradeoff/favoured-arms.ts';
import { lambdaGrid, refineGrid } from '../../core/tradeoff/lambda-grid.ts';
import { priceSentence } from '../../core/tradeoff/price-sentence.ts';
import { DialSweep, type DialPoint } from '../../core/tradeoff/sweep-dial.ts';
import { browserSimulate } from '../../workers/engine/browser-simulate.ts';
import type { EnginePool } from '../../workers/engine/engine-pool.ts';

export interface TradeoffRequest {
  population: Instance;
  expression: string;
  /** Simulation seed and trials: those of the screen's candidates, so lambda 0 is their default policy. */
  seed: number;
  trials: number;
  points: number;
  lambdaMax: number;
  /** An SCLM run's clause scorer (the priority's outcome is then its clause scores), or why it has none. */
  scorer?: ClauseScorer | { unavailable: string };
}

export class TradeoffSession {
  points = $state.raw<DialPoint[]>([]);
  baselines = $state.raw<BaselineResult[]>([]);
  /** Largest engagement loss accepted, as a fraction (0.02 = 2 %). */
  maxLoss = $state(0.02);
  status = $state<'idle' | 'running' | 'done' | 'failed'>('idle');
  activity = $state('');
  progress = $state(0);
  error = $state<string | null>(null);
  favoured = $state('');
  group = $state<string | null>(null);
  /** R, normalized. */
  reward = $state('');
  /**
   * SCLM: the clauses the points are scored on and the welfare combining them; why not, when the run's clauses cannot
   * be scored here.
   */
  clauses = $state.raw<string[]>([]);
  welfareLabel = $state('');
  scorerNote = $state<string | null>(null);
  private sweep: DialSweep | null = null;
  private controller: AbortController | null = null;

  /** The accepted loss within its range (src/core/limits/setting-ranges.ts). */
  private readonly acceptedLoss = $derived(Math.min(RANGES.maxLoss.max, Math.max(RANGES.maxLoss.min, this.maxLoss)));
  readonly choice = $derived(
    this.points.some((p) => p.lambda === 0) ? chooseLambda(this.points, this.acceptedLoss) : null,
  );
  readonly losses = $derived(this.points.some((p) => p.lambda === 0) ? lossesOf(this.points) : []);
  readonly sentence = $derived(
    this.choice ? priceSentence(this.points, this.choice, this.maxLoss, this.favoured) + this.clauseSentence : '',
  );
  readonly chosenExpression = $derived(
    this.choice && this.sweep
      ? dialExpression(this.reward, this.choice.lambda, this.sweep.setup.population.schema)
      : '',
  );

  /** SCLM: what the pick does to the run's welfare of clause scores, in words. */
  private get clauseSentence(): string {
    const base = this.points.find((p) => p.lambda === 0)?.clauses,
      choice = this.choice;
    const chosen = choice && this.points[choice.index].clauses;
    if (!base || !chosen || choice.lambda === 0) return '';
    return (
      ` Scored on the run's ${this.clauses.length} clauses, its ${this.welfareLabel} welfare goes from ` +
      `${base.welfare.toFixed(3)} to ${chosen.welfare.toFixed(3)}.`
    );
  }

  /** `pool`: this panel's own (its workers start on the first sweep). */
  constructor(private readonly pool: EnginePool) {}

  private get simulate() {
    return browserSimulate(this.pool);
  }

  /** Sweeps the grid for a candidate, then simulates the baselines on the same seed. */
  async run(request: TradeoffRequest): Promise<void> {
    // The command line's ranges (src/core/limits/setting-ranges.ts): a grid of 10^9 points would exhaust the tab.
    const outOfRange =
      rangeProblem('Points on the curve', request.points, RANGES.points) ??
      rangeProblem('The largest λ', request.lambdaMax, RANGES.lambdaMax);
    if (outOfRange) {
      this.status = 'failed';
      this.error = outOfRange;
      return;
    }
    const compiled = compileReward(request.expression, request.population);
    if (!compiled.ok) {
      this.status = 'failed';
      this.error = `The reward does not compile: ${compiled.error.message}`;
      return;
    }
    this.reward = compiled.diagnostics.normalized;
    this.favoured = favouredLabel(request.population.schema, compiled.diagnostics.featuresUsed);
    this.group = namedGroup(request.population.schema, compiled.diagnostics.featuresUsed);
    const scorer = request.scorer && 'score' in request.scorer ? request.scorer : undefined;
    this.clauses = scorer?.clauses ?? [];
    this.welfareLabel = scorer?.welfareLabel ?? '';
    this.scorerNote = request.scorer && 'unavailable' in request.scorer ? request.scorer.unavailable : null;
    this.sweep = new DialSweep({
      population: request.population,
      reward: compiled.table,
      seeds: [request.seed],
      trials: request.trials,
      ...(scorer && { score: (o: Occupancy) => scorer.score(o) }),
    });
    this.points = [];
    this.baselines = [];
    await this.work('Sweeping the dial', async (signal) => {
      this.points = await this.sweep!.run(lambdaGrid(request.points, request.lambdaMax), this.simulate, {
        signal,
        onProgress: (d, t) => (this.progress = d / t),
      });
      if (this.group) {
        this.activity = 'Simulating the baselines';
        const quota = await quotaBaseline(
          this.sweep!,
          this.group,
          quotaShares(this.sweep!, this.points, this.group),
          this.simulate,
          { signal },
        );
        const minimax = await minimaxBaseline(this.sweep!, this.group, this.simulate, { signal });
        this.baselines = [quota, minimax];
      }
    });
  }

  /** Four more points on each side of the pick, between it and its neighbours. */
  async refine(): Promise<void> {
    const choice = this.choice;
    if (!this.sweep || !choice) return;
    const lambdas = this.points.map((p) => p.lambda);
    const at = lambdas.indexOf(choice.lambda);
    const grid = refineGrid(
      refineGrid(lambdas, lambdas[Math.max(0, at - 1)], choice.lambda, 4),
      choice.lambda,
      lambdas[Math.min(lambdas.length - 1, at + 1)],
      4,
    );
    const fresh = grid.filter((x) => !lambdas.includes(x));
    await this.work('Refining around the pick', async (signal) => {
      const added = await this.sweep!.run(fresh, this.simulate, {
        signal,
        onProgress: (d, t) => (this.progress = d / t),
      });
      this.points = [...this.points, ...added].sort((a, b) => a.lambda - b.lambda);
    });
  }

  cancel(): void {
    this.controller?.abort();
  }

  dispose(): void {
    this.cancel();
    this.pool.terminate();
  }

  private async work(activity: string, body: (signal: AbortSignal) => Promise<void>): Promise<void> {
    this.cancel();
    const controller = (this.controller = new AbortController());
    this.status = 'running';
    this.activity = activity;
    this.progress = 0;
    this.error = null;
    try {
      await body(controller.signal);
      if (!controller.signal.aborted) this.status = 'done';
    } catch (error) {
      if (controller.signal.aborted) {
        this.status = this.points.length ? 'done' : 'idle';
        return;
      }
      this.status = 'failed';
      this.error = error instanceof Error ? error.message : String(error);
    } finally {
      if (this.controller === controller) this.controller = null;
    }
  }
}
