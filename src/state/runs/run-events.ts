// The run page's words for what a run does: one log line per pipeline event, and a pause reason
// turned into advice. Pure: the run session only appends the lines.
import type { DlmEvent } from '../../pipeline/dlm/run-dlm.ts';
import type { SclmEvent } from '../../pipeline/sclm/run-sclm.ts';
import type { RunStatus } from '../../storage/records.ts';

export const RUNNING_ELSEWHERE =
  'This run is running in another tab of allot. Follow it there, or close that tab and resume here.';
const INTERRUPTED =
  'The run was interrupted (the page was closed or reloaded). Resume to continue where it stopped; nothing already ' +
  'answered is asked again.';

/**
 * How a saved run shows when its page opens: a run recorded as running was interrupted (a reload, a crash) and shows as
 * paused.
 */
export function phaseOnOpening(
  record: { status: RunStatus; statusMessage?: string },
  awaitingClauses: boolean,
): { phase: 'paused' | 'done' | 'failed' | 'awaiting-clauses'; message: string | null } {
  if (record.status === 'running') return { phase: 'paused', message: INTERRUPTED };
  const phase =
    record.status === 'done' || record.status === 'failed'
      ? record.status
      : awaitingClauses
        ? 'awaiting-clauses'
        : 'paused';
  return { phase, message: record.statusMessage ?? null };
}

/** Nothing done yet (no step, no LLM call): the Run screen starts the run on opening. */
export function nothingDone(
  record: { status: RunStatus },
  c: { dlm?: unknown; sclm?: unknown; rewrite?: unknown },
  llmCalls: number,
): boolean {
  return record.status !== 'done' && record.status !== 'failed' && !c.dlm && !c.sclm && !c.rewrite && llmCalls === 0;
}

export const NO_VALID_CANDIDATE =
  'No candidate was valid, so no policy could be selected. Rephrase the priority, raise the attempts per reply, or ' +
  'try another model.';

/** An error no step expected (a bug, not the provider): the run fails, its progress kept. */
export function unexpectedStop(error: unknown): string {
  return (
    `The run stopped on an error allot did not expect: ` +
    `${error instanceof Error ? error.message : String(error)}. Its progress up to here is saved.`
  );
}

/** A finished run whose save storage refused (it holds the key, or storage is full): said, not hidden under "Done". */
export function saveRefused(error: unknown): string {
  return (
    `The run finished, but saving it was refused: ${error instanceof Error ? error.message : String(error)}. ` +
    `Its results are on this page only until you leave it.`
  );
}

/** A pause reason (a classified LLM error's message, or an abort) as advice. */
export function explainPause(reason: string): string {
  if (/aborted|cancel/i.test(reason)) return 'Cancelled by you. Resume to continue where it stopped.';
  return `Paused: ${reason} When that is fixed, resume: finished LLM calls and simulations are kept.`;
}

export function describeDlmEvent(event: DlmEvent): string | null {
  switch (event.type) {
    case 'llm-request':
      return event.request.kind === 'proposal'
        ? `Asked the LLM for candidate ${event.request.candidate} (attempt ${event.request.attempt + 1})`
        : `Asked the LLM to pick the best of round ${event.request.round + 1}`;
    case 'candidate':
      return event.status === 'valid'
        ? `Candidate ${event.id} is valid${event.duplicateOf ? ` (same as ${event.duplicateOf})` : ''}`
        : `Candidate ${event.id} ${event.status === 'refused' ? 'was refused' : 'failed'}: ${event.error ?? ''}`;
    case 'simulated':
      return `Simulated candidate ${event.id}`;
    case 'picked':
      return event.id
        ? `Round ${event.round + 1}: picked ${event.id}`
        : `Round ${event.round + 1}: no pick (${event.reason})`;
    default:
      return null;
  }
}

export function describeSclmEvent(event: SclmEvent): string | null {
  switch (event.type) {
    case 'step':
      return `Step: ${event.step}`;
    case 'dlm': {
      const line = describeDlmEvent(event.event);
      return line && `${event.run}: ${line}`;
    }
    case 'llm-request':
      return `Asked the LLM: ${event.request.key}`;
    case 'simulated':
      return `Simulated ${event.expression}`;
    case 'rated':
      return `Rated ${event.key}: ${event.score ?? 'failed'}`;
    case 'awaiting-clauses':
      return 'Waiting for you to accept the clauses';
    default:
      return null;
  }
}
