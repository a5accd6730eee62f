// SCLM (sclm-balancing-act, section 5) as a resumable state machine over injected parts, like the
// DLM loop it reuses: composite prompt -> clauses (LLM-assisted; the run waits for the user to
// accept them) -> a candidate pool from the DLM generator -> each clause's reward (its own DLM run
// or the user's expression) -> baselines -> one simulation per distinct policy -> scores (simulator
// or LLM scorer, plus shift and utility clauses) -> selection under utilitarian, Nash and
// egalitarian welfare with SCLM's evaluation measures. Every step checkpoints plain JSON.
import type { Occupancy } from '../../core/instance/occupancy.ts';
import type { Instance } from '../../core/instance/types.ts';
import type { ChatRequest } from '../../core/prompts/chat-request.ts';
import { clauseSplitPrompt } from '../../core/prompts/clause-split-prompt.ts';
import { schemaNames } from '../../core/prompts/feature-list.ts';
import { parseClausesReply, parseScoreReply } from '../../core/prompts/parse-reply.ts';
import { sclmScorerPrompt } from '../../core/prompts/sclm-scorer-prompt.ts';
import { askFailure, askUntilParsed, parsedBy, type Attempt } from '../ask-until-parsed.ts';
import { createDlmRun, type DlmRunState } from '../dlm/dlm-run-state.ts';
import { runDlm, type ReplyCompiled, type DlmEvent, type DlmParts } from '../dlm/run-dlm.ts';
import { cloneState, Pause, pauseOn, pausingIo } from '../resumable.ts';
import { extendedPrompt } from './accept-clauses.ts';
import { outcomeOf } from './outcome-of.ts';
import type { AskState, SclmResult, SclmRunState } from './sclm-run-state.ts';
import { policiesToSimulate, recompile } from './sclm-policies.ts';
import { poolCandidates, prioritized, selectSclm } from './select-sclm.ts';

/** An LLM question of SCLM itself; `key` is stable across resumes ("split#0", "rate/r0/c1/low income#0"). */
export interface SclmLlmRequest {
  kind: 'clause-split' | 'rating';
  key: string;
  chat: ChatRequest;
  /** Refused replies so far, each with the feedback to send back. */
  failures: Attempt[];
}

/** The DLM runs inside an SCLM run. */
export type DlmRunName = 'generator' | 'zero-shot' | 'extended' | `clause:${string}`;

export interface SclmParts {
  /** Returns the LLM's reply; throws when the provider fails (the run then pauses). */
  ask(request: SclmLlmRequest): Promise<string>;
  /** The parts of one inner DLM run (its proposals carry that run's task). */
  dlm(run: DlmRunName): DlmParts;
  /** Compiles a reward expression the user wrote (or the default's); errors as data. Deterministic. */
  compileExpression(expression: string): ReplyCompiled;
  /** Simulates the policy of a compiled reward (keyed by its normalized expression) on the run's instance. */
  simulate(compiled: { normalized: string; rewardTable: Float64Array }): Promise<Occupancy>;
  /** The instance's features and schema, for utilities per bucket. */
  instance: Pick<Instance, 'features' | 'schema'>;
}

export type SclmEvent =
  | { type: 'step'; step: 'clauses' | 'generator' | 'clause-rewards' | 'baselines' | 'simulate' | 'rate' | 'select' }
  | { type: 'dlm'; run: DlmRunName; event: DlmEvent }
  | { type: 'llm-request'; request: SclmLlmRequest }
  | { type: 'awaiting-clauses'; problems: string[] }
  | { type: 'simulated'; expression: string }
  | { type: 'rated'; key: string; score: number | null }
  | { type: 'paused'; reason: string }
  | { type: 'done'; result: SclmResult };

export interface SclmRunOptions {
  checkpoint?: (state: SclmRunState) => void;
  onEvent?: (event: SclmEvent) => void;
  signal?: AbortSignal;
}

interface Ctx {
  state: SclmRunState;
  parts: SclmParts;
  io: <T>(call: () => Promise<T>) => Promise<T>;
  emit: (event: SclmEvent) => void;
  save: () => void;
  signal?: AbortSignal;
}

/**
 * Runs (or resumes) `initial` until done, paused (a part failed or `signal` aborted: pass the state
 * back in to resume) or awaiting the user's clauses (accept them with acceptClauses, then run again).
 */
export async function runSclm(
  initial: SclmRunState,
  parts: SclmParts,
  options: SclmRunOptions = {},
): Promise<SclmRunState> {
  const state = cloneState(initial);
  if (state.status === 'done' || state.status === 'awaiting-clauses') return state;
  state.status = 'running';
  delete state.pausedBecause;
  const emit = (event: SclmEvent) => options.onEvent?.(event);
  const ctx: Ctx = {
    state,
    parts,
    io: pausingIo(options.signal),
    emit,
    save: () => options.checkpoint?.(cloneState(state)),
    signal: options.signal,
  };
  try {
    if (!state.clauses) {
      emit({ type: 'step', step: 'clauses' });
      await splitClauses(ctx);
      return state;
    }
    emit({ type: 'step', step: 'generator' });
    const generator = await innerDlm(
      ctx,
      'generator',
      state.generator ?? createDlmRun(state.prompt, { ...state.config.pool, maxAttempts: state.config.maxAttempts }),
      (s) => (state.generator = s),
    );
    if (poolCandidates(generator).length === 0) {
      delete state.generator; // every reply was refused: accepting the clauses again generates afresh
      return awaitClauses(ctx, [
        'the generator produced no valid candidate; accept the clauses again to generate a new pool, or start a ' +
          'new run with a rephrased prompt',
      ]);
    }
    let rewards = new Map<string, { expression: string; table: Float64Array }>();
    if (state.config.scorer === 'simulator') {
      emit({ type: 'step', step: 'clause-rewards' });
      const found = await clauseRewards(ctx);
      if ('problems' in found) return awaitClauses(ctx, found.problems);
      rewards = found.rewards;
    }
    if (state.config.baselines) {
      emit({ type: 'step', step: 'baselines' });
      await baselines(ctx);
    }
    emit({ type: 'step', step: 'simulate' });
    await simulateAll(ctx, rewards);
    if (state.config.scorer === 'llm') {
      emit({ type: 'step', step: 'rate' });
      await rateAll(ctx);
    }
    emit({ type: 'step', step: 'select' });
    state.result = selectSclm(state, rewards);
    state.status = 'done';
    ctx.save();
    emit({ type: 'done', result: state.result });
    return state;
  } catch (error) {
    emit({ type: 'paused', reason: pauseOn(error, state, ctx.save) });
    return state;
  }
}

function awaitClauses(ctx: Ctx, problems: string[]): SclmRunState {
  ctx.state.status = 'awaiting-clauses';
  ctx.state.clauseProblems = problems;
  ctx.save();
  ctx.emit({ type: 'awaiting-clauses', problems });
  return ctx.state;
}

/** One of SCLM's own questions through the ask step: `null` (and the ask recorded as failed) when no reply parsed. */
async function ask<T>(
  ctx: Ctx,
  record: AskState,
  kind: SclmLlmRequest['kind'],
  key: string,
  chat: ChatRequest,
  parse: (reply: string) => T,
): Promise<T | null> {
  if (record.status === 'failed') return null;
  const asked = await askUntilParsed({
    attempts: record.attempts,
    maxAttempts: ctx.state.config.maxAttempts,
    send: (failures) => {
      const request: SclmLlmRequest = { kind, key: `${key}#${failures.length}`, chat, failures };
      ctx.emit({ type: 'llm-request', request });
      return ctx.parts.ask(request);
    },
    parse: parsedBy(parse),
    refused: ctx.save,
    signal: ctx.signal,
  });
  if (record.status === 'pending') {
    record.status = asked.ok ? 'done' : 'failed';
    ctx.save();
  }
  return asked.ok ? asked.value : null;
}

async function splitClauses(ctx: Ctx) {
  const { state } = ctx;
  const split = state.split ?? (state.split = { attempts: [], status: 'pending' });
  // the schema's names (age_years, district_पालघर) stay as spelled in the clauses she reviews
  const keepNames = (text: string) => parseClausesReply(text, schemaNames(ctx.parts.instance.schema));
  const clauses = await ask(ctx, split, 'clause-split', 'split', clauseSplitPrompt(state.prompt), keepNames);
  split.proposed = clauses ?? [state.prompt];
  const why = askFailure(split.attempts);
  const failed = `the LLM could not split the prompt (${why}); the whole prompt is proposed as one clause: edit it`;
  awaitClauses(ctx, clauses ? [] : [failed]);
}

/** Runs an inner DLM run to its end, keeping its state inside the SCLM state; its pause pauses SCLM. */
async function innerDlm(
  ctx: Ctx,
  run: DlmRunName,
  current: DlmRunState,
  set: (s: DlmRunState) => void,
): Promise<DlmRunState> {
  if (current.status === 'done') return current;
  set(current);
  const final = await runDlm(current, ctx.parts.dlm(run), {
    checkpoint: (s) => (set(s), ctx.save()),
    onEvent: (event) => ctx.emit({ type: 'dlm', run, event }),
    signal: ctx.signal,
  });
  set(final);
  if (final.status !== 'done') throw new Pause(`${run}: ${final.pausedBecause ?? 'paused'}`);
  return final;
}

/** Each prioritization clause's reward table: the user's expression, else the pick of the clause's own DLM run. */
async function clauseRewards(
  ctx: Ctx,
): Promise<{ rewards: Map<string, { expression: string; table: Float64Array }> } | { problems: string[] }> {
  const { state, parts } = ctx;
  const rewards = new Map<string, { expression: string; table: Float64Array }>();
  const problems: string[] = [];
  for (const clause of prioritized(state)) {
    if (clause.expression !== undefined) {
      const compiled = parts.compileExpression(clause.expression);
      if (compiled.ok) rewards.set(clause.name, { expression: compiled.expression, table: compiled.rewardTable });
      else problems.push(`clause "${clause.name}": its reward expression does not compile: ${compiled.error}`);
      continue;
    }
    const run: DlmRunName = `clause:${clause.name}`;
    const current =
      state.clauseRuns[clause.name] ??
      createDlmRun(clause.text, { ...state.config.clauseDlm, maxAttempts: state.config.maxAttempts });
    const final = await innerDlm(ctx, run, current, (s) => (state.clauseRuns[clause.name] = s));
    const table = final.result ? recompile(parts.dlm(run), final, final.result.candidate) : null;
    if (final.result && table) rewards.set(clause.name, { expression: final.result.expression, table });
    else
      problems.push(
        `clause "${clause.name}": its own DLM run found no valid reward; write one as the clause's expression`,
      );
  }
  return problems.length ? { problems } : { rewards };
}

async function baselines(ctx: Ctx) {
  const { state } = ctx;
  const config = { maxAttempts: state.config.maxAttempts };
  await innerDlm(
    ctx,
    'zero-shot',
    state.baselines.zeroShot ?? createDlmRun(state.prompt, { ...config, mode: 'zero-shot' }),
    (s) => (state.baselines.zeroShot = s),
  );
  const extended = extendedPrompt(state);
  if (extended)
    await innerDlm(
      ctx,
      'extended',
      state.baselines.extended ?? createDlmRun(extended, { ...config, ...state.config.pool }),
      (s) => (state.baselines.extended = s),
    );
}

async function simulateAll(ctx: Ctx, rewards: Map<string, { table: Float64Array }>) {
  const { state, parts } = ctx;
  const list = policiesToSimulate(state, parts);
  state.defaultKey = list[0].normalized;
  for (const policy of list) {
    if (state.outcomes[policy.normalized]) continue;
    const rewardTable = policy.table();
    const occupancy = await ctx.io(() => parts.simulate({ normalized: policy.normalized, rewardTable }));
    state.outcomes[policy.normalized] = outcomeOf(occupancy, parts.instance, rewards);
    ctx.emit({ type: 'simulated', expression: policy.expression });
    ctx.save();
  }
}

async function rateAll(ctx: Ctx) {
  const { state } = ctx;
  for (const candidate of poolCandidates(state.generator)) {
    const outcome = state.outcomes[candidate.normalized!];
    for (const clause of prioritized(state)) {
      const key = `rate/${candidate.id}/${clause.name}`;
      const rating =
        state.ratings[`${candidate.id}|${clause.name}`] ??
        (state.ratings[`${candidate.id}|${clause.name}`] = { attempts: [], status: 'pending' });
      if (rating.status !== 'pending') continue;
      const chat = sclmScorerPrompt({
        clause: clause.text,
        expression: candidate.expression!,
        distribution: outcome.distribution,
      });
      const score = await ask(ctx, rating, 'rating', key, chat, parseScoreReply);
      if (score !== null) rating.score = score;
      ctx.emit({ type: 'rated', key, score });
      ctx.save();
    }
  }
}
