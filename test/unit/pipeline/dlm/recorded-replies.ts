// Test helper: the replies a DLM run state recorded, keyed by request, and LLM parts that answer from them,
// so a test reruns a run on its own replies. (The app's and the CLI's replay work on the provider's
// transcript, src/llm/transcript.ts; this is the pipeline-level twin the tests need, not a second format.)
import type { DlmRunState } from '../../../../src/pipeline/dlm/dlm-run-state.ts';
import type { DlmParts, ProposalRequest, ReflectionRequest } from '../../../../src/pipeline/dlm/run-dlm.ts';

/** One answered LLM call. key: "r0/c1#0" (candidate r0/c1, attempt 0) or "r0/reflect#1". */
export interface RecordedReply {
  key: string;
  reply: string;
}

export const requestKey = (request: ProposalRequest | ReflectionRequest): string =>
  request.kind === 'proposal'
    ? `${request.candidate}#${request.attempt}`
    : `r${request.round}/reflect#${request.attempt}`;

/** Every answered call of `state`, in the order the run made them. */
export function repliesOf(state: DlmRunState): RecordedReply[] {
  return state.rounds.flatMap((round) => [
    ...round.candidates.flatMap((c) => c.attempts.map((a, i) => ({ key: `${c.id}#${i}`, reply: a.reply }))),
    ...(round.reflection?.attempts ?? []).map((a, i) => ({ key: `r${round.index}/reflect#${i}`, reply: a.reply })),
  ]);
}

/** LLM parts that answer from `replies`; a call it has no reply for fails (and the run pauses). */
export function answerFrom(replies: readonly RecordedReply[]): Pick<DlmParts, 'propose' | 'reflect'> {
  const byKey = new Map(replies.map((e) => [e.key, e.reply]));
  const answer = async (request: ProposalRequest | ReflectionRequest) => {
    const key = requestKey(request);
    const reply = byKey.get(key);
    if (reply === undefined) throw new Error(`the recorded replies have none for ${key}`);
    return reply;
  };
  return { propose: answer, reflect: answer };
}
