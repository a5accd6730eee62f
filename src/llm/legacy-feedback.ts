// Transcripts recorded before every retry was worded one way (before the one ask step,
// src/pipeline/ask-until-parsed.ts) hold rewrite and translation retries whose feedback was a
// bare last line. So that they still answer a replay or a resumed run, such a recorded request is
// read as the request allot sends today for the same retry, with the one feedback lead.
import type { ChatRequest } from '../core/prompts/chat-request.ts';
import { FEEDBACK_LEAD } from '../core/prompts/with-feedback.ts';

/** How those bare lines began: the clause parser's and the translation parser's words as they were sent. */
const BARE_FEEDBACK = ['Your reply did not list any clauses. ', 'Your reply did not contain the translation. '];

/** `request` as it is sent today: a bare feedback line gains the lead; any other request is returned as is. */
export function asSentToday(request: ChatRequest): ChatRequest {
  if (typeof request?.prompt !== 'string') return request;
  const at = request.prompt.lastIndexOf('\n');
  const line = request.prompt.slice(at + 1);
  if (at < 0 || !BARE_FEEDBACK.some((bare) => line.startsWith(bare))) return request;
  return { ...request, prompt: `${request.prompt.slice(0, at)}\n${FEEDBACK_LEAD} ${line}` };
}
