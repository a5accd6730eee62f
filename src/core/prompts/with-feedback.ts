// The one wording in which a refused reply goes back to the LLM, for every question allot asks
// (DLM proposals and reflections, SCLM's clause split and ratings, the rewrite, the translations):
// the request as first asked, then a line saying why the last reply could not be used.
import type { ChatRequest } from './chat-request.ts';

/** What the feedback line starts with, before the parser's or the compiler's own words. */
export const FEEDBACK_LEAD = 'Your previous reply could not be used.';

/** A reply so far: `error` says why it was refused. */
export interface RefusedReply {
  reply?: string;
  error?: string;
}

/** The request with the last refused reply's error appended, so that the LLM can correct it; as is when none was. */
export function withFeedback(request: ChatRequest, failures: readonly RefusedReply[]): ChatRequest {
  const last = failures.at(-1);
  return last?.error ? { ...request, prompt: `${request.prompt}\n${FEEDBACK_LEAD} ${last.error}` } : request;
}
