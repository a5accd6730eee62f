// A run's LLM transcript and a replay of it (`--replay TRANSCRIPT`): rerunning DLM on recorded
// replies reproduces the run without a provider, and without a key.
import type { DlmRunState } from './dlm-run-state.ts';
import type { DlmParts, ProposalRequest, ReflectionRequest } from './run-dlm.ts';

/** One answered LLM call. key: "r0/c1#0" (candidate r0/c1, attempt 0) or "r0/reflect#1". */
export interface TranscriptEntry {
  key: string;
  reply: string;
}

export const requestKey = (request: ProposalRequest | ReflectionRequest): string =>
  request.kind === 'proposal' ? `${request.candidate}#${request.attempt}` : `r${request.round}/reflect#${request.attempt}`;

/** Every answered call of `state`, in the order the run made them. */
export function transcriptOf(state: DlmRunState): TranscriptEntry[] {
  return state.rounds.flatMap((round) => [
    ...round.candidates.flatMap((c) => c.attempts.map((a, i) => ({ key: `${c.id}#${i}`, reply: a.reply }))),
    ...(round.reflection?.attempts ?? []).map((a, i) => ({ key: `r${round.index}/reflect#${i}`, reply: a.reply })),
  ]);
}

/** LLM parts that answer from `transcript`; a call it has no reply for fails (and the run pauses). */
export function replayTranscript(transcript: readonly TranscriptEntry[]): Pick<DlmParts, 'propose' | 'reflect'> {
  const replies = new Map(transcript.map((e) => [e.key, e.reply]));
  const answer = async (request: ProposalRequest | ReflectionRequest) => {
    const key = requestKey(request);
    const reply = replies.get(key);
    if (reply === undefined) throw new Error(`the transcript has no reply for ${key}`);
    return reply;
  };
  return { propose: answer, reflect: answer };
}
