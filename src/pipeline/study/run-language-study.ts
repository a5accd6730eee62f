// The language study (multilingual paper, sections 3-5) per alpha x language x prompt x run:
// translate (the user's file, or the LLM through the one ask step, recorded) -> optional rewrite
// -> DLM (zero-shot or the reflection loop, over the one DLM adapter) -> compile -> simulate ->
// acceptable? success? DP_variance per group. The population and simulator are injected: the same
// runner serves the CLI (WASM engine) and tests (scripted parts).
import { acceptableReward } from '../../core/fairness/acceptable-reward.ts';
import { taskSuccess } from '../../core/fairness/task-success.ts';
import { unfairnessFlags } from '../../core/fairness/unfairness-flags.ts';
import type { Occupancy } from '../../core/instance/occupancy.ts';
import type { Instance } from '../../core/instance/types.ts';
import { parseTranslationReply, translatePrompt } from '../../core/prompts/translate-prompt.ts';
import { dpVariance } from '../../core/measures/dp-variance.ts';
import { stateFeatureDistribution } from '../../core/measures/state-feature-distribution.ts';
import type { LlmProvider } from '../../llm/llm-provider.ts';
import { askLlm, askUntilParsed, DEFAULT_MAX_ATTEMPTS, parsedBy } from '../ask-until-parsed.ts';
import { createDlmRun } from '../dlm/dlm-run-state.ts';
import { createDlmAdapter, type DlmAdapter } from '../dlm/dlm-adapter.ts';
import { runDlm } from '../dlm/run-dlm.ts';
import { createRewrite, effectivePrompt, type RewriteState } from '../rewrite/rewrite-state.ts';
import { runRewrite } from '../rewrite/run-rewrite.ts';
import { cloneState, Pause, pauseOn } from '../resumable.ts';
import type { CellOutcome, StudyCell, StudyPrompt, StudyState, Translation } from './study-state.ts';

export interface StudyParts {
  llm: Pick<LlmProvider, 'complete'>;
  /**
   * The population for one alpha and run (the `multilingual` generator with --alpha, seeded by the run). Called once
   * per pair.
   */
  population(alpha: number, run: number): Instance | Promise<Instance>;
  /** Simulates the Whittle policy of a reward table (seeded by the run). */
  simulate(instance: Instance, rewardTable: Float64Array, run: number): Promise<Occupancy>;
}

export interface StudyOptions {
  /** Receives a deep copy of the state after every step. */
  checkpoint?: (state: StudyState) => void;
  /** After each finished cell. */
  onCell?: (cell: StudyCell, index: number, total: number) => void;
  signal?: AbortSignal;
}

/** LLM calls per question (translation, rewrite, proposal, reflection): the study's DLM setting. */
const maxAttemptsOf = (state: StudyState) => state.config.dlm.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;

/**
 * Runs (or resumes) the study until done or paused (a provider failure or an abort); pass a paused state back in to
 * resume.
 */
export async function runLanguageStudy(
  initial: StudyState,
  parts: StudyParts,
  options: StudyOptions = {},
): Promise<StudyState> {
  const state = cloneState(initial);
  if (state.status === 'done') return state;
  state.status = 'running';
  delete state.pausedBecause;
  const save = () => options.checkpoint?.(cloneState(state));
  const populations = new Map<string, Promise<Instance>>();
  const populationOf = (alpha: number, run: number) => {
    const key = `${alpha}/${run}`;
    if (!populations.has(key)) populations.set(key, Promise.resolve(parts.population(alpha, run)));
    return populations.get(key)!;
  };
  try {
    for (let i = 0; i < state.cells.length; i++) {
      const cell = state.cells[i];
      if (cell.outcome) continue;
      const prompt = state.prompts.find((p) => p.number === cell.prompt)!;
      const translation = await translationOf(state, cell.language, prompt, parts.llm, options.signal, save);
      if ('failure' in translation) {
        const reason = `the ${cell.language} translation of prompt ${prompt.number} failed: ${translation.failure}`;
        cell.outcome = { valid: false, reason };
      } else {
        const instance = await populationOf(cell.alpha, cell.run);
        await runCell(state, cell, prompt, translation, instance, parts, options, save);
      }
      save();
      options.onCell?.(cell, i, state.cells.length);
    }
  } catch (error) {
    pauseOn(error, state, save);
    return state;
  }
  state.status = 'done';
  save();
  return state;
}

/** The prompt in `language`: English as is, the user's translation, the LLM's (recorded), or why the LLM's failed. */
async function translationOf(
  state: StudyState,
  language: string,
  prompt: StudyPrompt,
  llm: StudyParts['llm'],
  signal: AbortSignal | undefined,
  save: () => void,
): Promise<Translation | { failure: string }> {
  const byPrompt = state.translations[language] ?? (state.translations[language] = {});
  const existing = byPrompt[prompt.number];
  if (existing && (existing.source !== 'llm' || existing.text)) return existing;
  const record: Translation = existing ?? (byPrompt[prompt.number] = { text: '', source: 'llm', attempts: [] });
  const ask = askLlm(llm, signal);
  const asked = await askUntilParsed({
    attempts: record.attempts!,
    maxAttempts: maxAttemptsOf(state),
    send: (failures) => ask(translatePrompt(prompt.text, language), failures),
    parse: parsedBy(parseTranslationReply),
    refused: save,
    signal,
  });
  if (!asked.ok) return { failure: asked.failure };
  record.text = asked.value;
  save();
  return record;
}

async function runCell(
  state: StudyState,
  cell: StudyCell,
  prompt: StudyPrompt,
  translation: Translation,
  instance: Instance,
  parts: StudyParts,
  options: StudyOptions,
  save: () => void,
) {
  const { config } = state;
  const { schema } = instance;
  // 1. Rewriting (its own resumable state); 'auto' follows the language guess.
  if (config.rewrite !== 'off' && !cell.goal) {
    cell.rewrite ??= createRewrite(translation.text, config.rewrite === 'on' ? { enabled: true } : {});
    const checkpoint = (s: RewriteState) => ((cell.rewrite = s), save());
    const rewriting = { maxAttempts: maxAttemptsOf(state), signal: options.signal, checkpoint };
    cell.rewrite = await runRewrite(cell.rewrite, parts.llm, schema, rewriting);
    if (cell.rewrite.status === 'paused') throw new Pause(cell.rewrite.pausedBecause ?? 'rewriting paused');
  }
  cell.goal ??= cell.rewrite ? effectivePrompt(cell.rewrite) : translation.text;

  // 2. DLM with the study's generation prompt (Table 5) over the one adapter; each policy simulated once, by normalized
  // expression.
  const occupancies = new Map<string, Promise<Occupancy>>();
  const simulate = (normalized: string, table: Float64Array) => {
    let occupancy = occupancies.get(normalized);
    if (!occupancy) occupancies.set(normalized, (occupancy = parts.simulate(instance, table, cell.run)));
    return occupancy;
  };
  const adapter = createDlmAdapter({
    llm: parts.llm,
    population: instance,
    generation: 'multilingual',
    signal: options.signal,
    distributions: async ({ normalized, rewardTable }) =>
      stateFeatureDistribution(await simulate(normalized, rewardTable), instance, { weight: 'positive-states' }),
  });
  cell.dlm ??= createDlmRun(cell.goal, config.dlm);
  cell.dlm = await runDlm(cell.dlm, adapter, { signal: options.signal, checkpoint: (s) => ((cell.dlm = s), save()) });
  if (cell.dlm.status === 'paused') throw new Pause(cell.dlm.pausedBecause ?? 'DLM paused');

  // 3. The outcome of the final reward function.
  cell.outcome = await outcomeOf(cell, prompt, instance, config, adapter, simulate);
}

async function outcomeOf(
  cell: StudyCell,
  prompt: StudyPrompt,
  instance: Instance,
  config: StudyState['config'],
  adapter: DlmAdapter,
  simulate: (normalized: string, table: Float64Array) => Promise<Occupancy>,
): Promise<CellOutcome> {
  const result = cell.dlm!.result;
  if (!result) return { valid: false, reason: 'no valid reward function' };
  const compiled = adapter.compileExpression(result.expression);
  if (!compiled.ok)
    throw new Error(
      `compile is not deterministic: the final reward "${result.expression}" no longer compiles (${compiled.error})`,
    );
  const occupancy = await simulate(compiled.normalized, compiled.rewardTable);
  const { featuresUsed } = compiled.diagnostics;
  const intended = [...new Set(prompt.conditions.map((c) => c.group))];
  const other = config.relevance === 'features' ? 'groups' : 'features';
  const judged = acceptableReward(featuresUsed, prompt.conditions, instance.schema, config.relevance);
  const success = taskSuccess(occupancy, instance, prompt.conditions, {
    baseline: config.baseline,
    measure: config.measure,
  });
  const groups = dpVariance(occupancy, instance, { intended, measure: config.measure });
  return {
    valid: true,
    expression: result.expression,
    featuresUsed: featuresUsed,
    acceptable: judged.acceptable,
    acceptableOtherLevel: acceptableReward(featuresUsed, prompt.conditions, instance.schema, other).acceptable,
    missing: judged.missing,
    spurious: judged.spurious,
    success: success.success,
    conditions: success.conditions,
    groups: groups.map((g) => ({
      name: g.name,
      dpVariance: g.dpVariance,
      intended: g.intended,
      probability: g.probability,
    })),
    flags: unfairnessFlags(groups, config.thresholds),
  };
}
