// Reads the reflection LLM's choice (parseIndexReply: the structured form or DLM's sentence "The
// best reward function is at index: [INDEX]", appendix L) as data for the run: the index, or the
// feedback to send back.
import { parseIndexReply, ReplyParseError } from '../../core/prompts/parse-reply.ts';

/** The index chosen in `reply`, checked against `count` shown candidates, or an error message that can be fed back to the LLM. */
export function parseReflectionPick(reply: string, count: number): { index: number } | { error: string } {
  try {
    return { index: parseIndexReply(reply, count) };
  } catch (error) {
    if (error instanceof ReplyParseError) return { error: error.feedback };
    throw error;
  }
}
