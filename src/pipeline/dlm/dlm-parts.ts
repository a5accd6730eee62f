// The real parts of DLM's loop: the user's LLM behind DLM's generation (appendix I) and reflection
// (appendix L) prompts built from the population's schema, the reply parser and reward compiler
// (errors go back to the LLM as text), and the simulation of each candidate over the evaluation
// protocol, whose state-feature distribution the reflection reads. The occupancies are kept by
// normalized expression so that measures (MNR) are computed without simulating again.
import { DLM_REFLECTION_LAYOUT } from '../../core/datasets/dlm-reflection-layout.ts';
import { dlmSchema } from '../../core/datasets/dlm-schema.ts';
import type { FeatureSchema } from '../../core/instance/types.ts';
import type { ChatRequest } from '../../core/prompts/chat-request.ts';
import { dlmGenerationPrompt } from '../../core/prompts/dlm-generation-prompt.ts';
import { dlmReflectionPrompt } from '../../core/prompts/dlm-reflection-prompt.ts';
import { parseRewardReply, ReplyParseError } from '../../core/prompts/parse-reply.ts';
import { distributionText, type DistributionSection } from '../../core/measures/distribution-text.ts';
import type { DistributionWeight } from '../../core/measures/state-feature-distribution.ts';
import { compileReward } from '../../core/reward/compile-reward.ts';
import type { RewardError } from '../../core/reward/reward-error.ts';
import type { Simulate } from '../../core/simulation/simulate-port.ts';
import type { LlmProvider } from '../../llm/llm-provider.ts';
import { parseDistributionText } from '../study/multilingual-dlm-parts.ts';
import type { Attempt } from './dlm-run-state.ts';
import type { EvaluationProtocol, ProtocolRun } from './evaluation-protocol.ts';
import type { CompileResult, DlmParts } from './run-dlm.ts';

export interface DlmPartsInput {
  llm: Pick<LlmProvider, 'complete'>;
  protocol: EvaluationProtocol;
  simulate: Simulate;
  /** What the distribution shares count: positive states (the paper's text, default) or reward (the original code). */
  weight?: DistributionWeight;
  signal?: AbortSignal;
  /** After each simulated seed of a candidate. */
  onProgress?: (seedsDone: number, seeds: number) => void;
}

export interface RealDlmParts extends DlmParts {
  /** The simulation of a compiled expression over the protocol, by normalized expression (simulated when not yet). */
  outcome(normalized: string, table: Float64Array): Promise<ProtocolRun>;
}

/** The reward compiler's error as the text the LLM gets back: what, where (caret excerpt) and what to do instead. */
export function rewardFeedback(error: RewardError): string {
  return [`The reward function could not be used: ${error.message} (character ${error.position + 1}):`, error.excerpt, error.hint].filter(Boolean).join('\n');
}

/** DLM hides its sensitive features 0-6 from the LLM; other schemas show every column. */
export function hiddenColumns(schema: FeatureSchema): number[] {
  const dlm = dlmSchema().columns;
  const same = schema.columns.length === dlm.length && schema.columns.every((c, i) => c.name === dlm[i].name);
  return same ? [0, 1, 2, 3, 4, 5, 6] : [];
}

/** The paper's printed layout for the DLM schema; the schema's own groups and labels otherwise. */
function layoutOf(schema: FeatureSchema): readonly DistributionSection[] | undefined {
  const fits = DLM_REFLECTION_LAYOUT.every((s) => schema.groups.some((g) => g.name === s.group && (!s.labels || s.labels.length === g.buckets.length)));
  return fits ? DLM_REFLECTION_LAYOUT : undefined;
}

function withFeedback(request: ChatRequest, failures: readonly Attempt[]): ChatRequest {
  const last = failures.at(-1);
  return last?.error ? { ...request, prompt: `${request.prompt}\nYour previous reply could not be used. ${last.error}` } : request;
}

export function createDlmParts({ llm, protocol, simulate, weight = 'positive-states', signal, onProgress }: DlmPartsInput): RealDlmParts {
  const { schema } = protocol.population;
  const hidden = hiddenColumns(schema);
  const layout = layoutOf(schema);
  const runs = new Map<string, Promise<ProtocolRun>>();
  const normalizedOf = new WeakMap<Float64Array, string>();
  const outcome = (normalized: string, table: Float64Array) => {
    let run = runs.get(normalized);
    if (!run) {
      run = protocol.run(simulate, 'whittle', table, { signal, onProgress });
      run.catch(() => runs.delete(normalized)); // a failed simulation is tried again on resume
      runs.set(normalized, run);
    }
    return run;
  };
  return {
    outcome,
    async propose(r) {
      const request = dlmGenerationPrompt({ goal: r.task, schema, hidden, numStates: protocol.population.numStates, previousAttempts: r.previous.map((p) => p.expression) });
      return (await llm.complete(withFeedback(request, r.failures), { signal })).text;
    },
    async reflect(r) {
      const candidates = r.candidates.map((c) => ({ expression: c.expression, distribution: parseDistributionText(c.distribution) }));
      return (await llm.complete(withFeedback(dlmReflectionPrompt({ goal: r.task, schema, hidden, candidates }), r.failures), { signal })).text;
    },
    compile(reply): CompileResult {
      let expression: string;
      try {
        expression = parseRewardReply(reply).expression;
      } catch (error) {
        if (error instanceof ReplyParseError) return { ok: false, error: error.feedback };
        throw error;
      }
      const compiled = compileReward(expression, protocol.population);
      if (!compiled.ok) return { ok: false, error: rewardFeedback(compiled.error) };
      normalizedOf.set(compiled.table, compiled.diagnostics.normalized);
      return { ok: true, expression, normalized: compiled.diagnostics.normalized, rewardTable: compiled.table };
    },
    async simulate(table) {
      const normalized = normalizedOf.get(table);
      if (normalized === undefined) throw new Error('simulate takes a table that compile returned');
      const run = await outcome(normalized, table);
      return { distribution: distributionText(protocol.distribution(run, weight, weight === 'reward' ? table : undefined), layout) };
    },
  };
}
