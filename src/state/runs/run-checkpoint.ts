// RunRecord.checkpoint of a DLM or SCLM run made in the app: the pipelines' own resumable states,
// plus the policy summaries that let a reopened run show its results without simulating.
import type { PolicySummary } from '../../core/measures/policy-summary.ts';
import type { DlmRunState } from '../../pipeline/dlm/dlm-run-state.ts';
import type { RewriteState } from '../../pipeline/rewrite/rewrite-state.ts';
import type { SclmRunState } from '../../pipeline/sclm/sclm-run-state.ts';
import type { RunComparison } from './compare-runs.ts';

export interface RunCheckpoint {
  rewrite?: RewriteState;
  /** The user read (and perhaps edited) the rewrite before the LLM was given it. */
  rewriteReviewed?: boolean;
  dlm?: DlmRunState;
  sclm?: SclmRunState;
  /** Policy summaries by normalized expression (the default policy's too), so results need no simulation. */
  summaries: Record<string, PolicySummary>;
  /** A rerun of a finished run (History): replays that run's LLM transcript; `comparison` once done. */
  replay?: { of: string; comparison?: RunComparison };
}
