// The one DLM adapter, used by the app's runs, `allot evaluate dlm` and the language study: the
// user's LLM behind DLM's generation prompt (appendix I, or the multilingual paper's Table 5) and
// its reflection prompt (appendix L) over the population's schema; the reply parser and reward
// compiler, whose errors go back to the LLM in the one wording (askLlm); and the caller's
// simulation, keyed by normalized expression, whose state-feature distributions travel as
// structures and are written as text once, in the prompt. The same run therefore sends the same
// request bytes everywhere.
import { DLM_REFLECTION_LAYOUT } from '../../core/datasets/dlm-reflection-layout.ts';
import { dlmSchema } from '../../core/datasets/dlm-schema.ts';
import type { FeatureSchema } from '../../core/instance/types.ts';
import { distributionCategories, type DistributionSection } from '../../core/measures/distribution-categories.ts';
import type { GroupDistribution } from '../../core/measures/state-feature-distribution.ts';
import { dlmGenerationPrompt, multilingualGenerationPrompt } from '../../core/prompts/dlm-generation-prompt.ts';
import { dlmReflectionPrompt } from '../../core/prompts/dlm-reflection-prompt.ts';
import { parseRewardReply } from '../../core/prompts/parse-reply.ts';
import { compileReward, type RewardDiagnostics, type RewardPopulation } from '../../core/reward/compile-reward.ts';
import { rewardFeedback } from '../../core/reward/reward-feedback.ts';
import type { LlmProvider } from '../../llm/llm-provider.ts';
import { askLlm, parsedBy } from '../ask-until-parsed.ts';
import type { DlmParts } from './run-dlm.ts';

/** A compiled reward with its diagnostics, or the error as the LLM reads it. */
export type CompiledReward =
  | { ok: true; expression: string; normalized: string; rewardTable: Float64Array; diagnostics: RewardDiagnostics }
  | { ok: false; error: string };

/** What a simulation needs of a compiled reward: its key, its table, and the features it reads. */
export interface SimulatedReward {
  normalized: string;
  rewardTable: Float64Array;
  diagnostics: RewardDiagnostics;
}

export interface DlmAdapterInput {
  llm: Pick<LlmProvider, 'complete'>;
  /** What rewards compile against; its schema and number of states shape the prompts. */
  /** The setting the generation prompt names (the population's program; DLM's "mothers in India" by default). */
  domain?: string;
  population: RewardPopulation;
  /** The generation prompt: DLM appendix I ('dlm', default) or the multilingual paper's Table 5. */
  generation?: 'dlm' | 'multilingual';
  /**
   * The state-feature distributions of the policy planned for a compiled reward (the caller simulates each normalized
   * expression once).
   */
  distributions(compiled: SimulatedReward): Promise<GroupDistribution[]>;
  signal?: AbortSignal;
}

export interface DlmAdapter extends DlmParts {
  compile(reply: string): CompiledReward;
  /** An expression (the user's, the default, a pool row) compiled as a reply's would be. */
  compileExpression(expression: string): CompiledReward;
  /** The diagnostics of an expression this adapter compiled, by its normalized form. */
  diagnostics(normalized: string): RewardDiagnostics | undefined;
}

/**
 * The columns the LLM is not shown: DLM's schema (by column names) hides its sensitive features 0-6; other schemas show
 * every column.
 */
export function hiddenColumns(schema: FeatureSchema): number[] {
  const dlm = dlmSchema().columns;
  const same = schema.columns.length === dlm.length && schema.columns.every((c, i) => c.name === dlm[i].name);
  return same ? [0, 1, 2, 3, 4, 5, 6] : [];
}

/** The paper's printed layout where the schema has its groups (DLM's); each group under its own name otherwise. */
export function reflectionLayout(schema: FeatureSchema): readonly DistributionSection[] | undefined {
  const fits = DLM_REFLECTION_LAYOUT.every((s) =>
    schema.groups.some((g) => g.name === s.group && (!s.labels || s.labels.length === g.buckets.length)),
  );
  return fits ? DLM_REFLECTION_LAYOUT : undefined;
}

const readRewardReply = parsedBy(parseRewardReply);

export function createDlmAdapter({
  llm,
  population,
  generation = 'dlm',
  distributions,
  signal,
  domain,
}: DlmAdapterInput): DlmAdapter {
  const { schema, numStates } = population;
  const hidden = hiddenColumns(schema);
  const layout = reflectionLayout(schema);
  const generationPrompt = generation === 'multilingual' ? multilingualGenerationPrompt : dlmGenerationPrompt;
  const ask = askLlm(llm, signal);
  const diagnostics = new Map<string, RewardDiagnostics>(); // by normalized expression
  const compileExpression = (expression: string): CompiledReward => {
    const compiled = compileReward(expression, population);
    if (!compiled.ok) return { ok: false, error: rewardFeedback(compiled.error) };
    diagnostics.set(compiled.diagnostics.normalized, compiled.diagnostics);
    return {
      ok: true,
      expression,
      normalized: compiled.diagnostics.normalized,
      rewardTable: compiled.table,
      diagnostics: compiled.diagnostics,
    };
  };
  return {
    compileExpression,
    diagnostics: (normalized) => diagnostics.get(normalized),
    propose: (r) =>
      ask(
        generationPrompt({
          goal: r.task,
          schema,
          hidden,
          numStates,
          ...(domain && { domain }),
          previousAttempts: r.previous.map((p) => p.expression),
        }),
        r.failures,
      ),
    reflect: (r) => ask(dlmReflectionPrompt({ goal: r.task, schema, hidden, candidates: r.candidates }), r.failures),
    compile(reply) {
      const read = readRewardReply(reply);
      return read.ok ? compileExpression(read.value.expression) : read;
    },
    async simulate({ normalized, rewardTable }) {
      const known = diagnostics.get(normalized);
      if (!known) throw new Error(`simulate takes a reward this adapter compiled, not "${normalized}"`);
      return {
        distribution: distributionCategories(
          await distributions({ normalized, rewardTable, diagnostics: known }),
          layout,
        ),
      };
    },
  };
}
