// History's rerun of a finished DLM or SCLM run: a new run with the same configuration, population
// and seeds, whose LLM calls are answered from the original's transcript (no LLM is asked), run by
// the same run session as any run; once done it says whether it reproduced the original bit for bit.
import { rerunId } from '../history.svelte.ts';
import { runRepository } from '../run-records.ts';
import type { RunComparison } from './compare-runs.ts';
import type { RunHost } from './run-host.ts';
import { RunSession, type RunPhase } from './run-session.svelte.ts';

export interface RerunOutcome {
  id: string;
  phase: RunPhase;
  /** Why the rerun stopped before the end (a request the original never made, a cancel). */
  message: string | null;
  comparison: RunComparison | null;
}

/** Reruns run `id`; `signal` pauses the rerun (it can be resumed from its page, still without the LLM). */
export async function rerunRun(
  app: RunHost,
  id: string,
  { signal, now = Date.now() }: { signal?: AbortSignal; now?: number } = {},
): Promise<RerunOutcome> {
  const runs = runRepository(() => app.store);
  const old = await runs.get(id, ['dlm', 'sclm', 'what-if']);
  if (!old) throw new Error(`run ${id} is no longer saved`);
  if (old.kind === 'what-if') throw new Error('a what-if comparison is rerun by simulating it again, not replayed');
  if (old.status !== 'done') throw new Error('only a finished run can be rerun: open it and resume it first');
  const newId = rerunId(id, now);
  const { statusMessage: _, ...record } = old;
  await runs.put({
    ...record,
    id: newId,
    title: `${old.title.replace(/ \(rerun\)$/, '')} (rerun)`,
    createdAt: now,
    updatedAt: now,
    status: 'running',
    checkpoint: { summaries: {}, replay: { of: id } },
    transcript: [],
  });
  const session = new RunSession(app, newId);
  const stop = () => session.cancel();
  signal?.addEventListener('abort', stop);
  try {
    await session.open();
    await session.run();
  } finally {
    signal?.removeEventListener('abort', stop);
  }
  return { id: newId, phase: session.phase, message: session.message, comparison: session.replay?.comparison ?? null };
}
