// The check before a run calls its LLM: it talks only to the provider it started on (issue 18).
import { providerMismatch, readIdentity, type ProviderIdentity } from '../../llm/provider-identity.ts';

/**
 * `named`: the run's recorded provider (untrusted record data); `panel`: what the settings name now
 * (absent for a replay or a scripted provider). Refused in words when they differ; a run that names
 * none yet (a new run, or one older than the record) records the panel's.
 */
export function checkRunProvider(
  named: unknown,
  panel: ProviderIdentity | undefined,
): { refused: string | null; record: ProviderIdentity | null } {
  const run = readIdentity(named);
  if (!panel) return { refused: null, record: null };
  if (!run) return { refused: null, record: panel };
  return { refused: providerMismatch(run, panel), record: null };
}
