// Reads the reflection LLM's choice. DLM asks it to answer "EXACTLY IN the following format: The
// best reward function is at index: [INDEX]" (appendix L); models add words, brackets and markdown.

/**
 * The index chosen in `reply`, checked against `count` shown candidates, or an error message that
 * can be fed back to the LLM. Takes the last "index: N" (brackets, quotes and ** allowed), or a
 * reply that is only a number.
 */
export function parseReflectionPick(reply: string, count: number): { index: number } | { error: string } {
  const matches = [...reply.matchAll(/index\s*(?:is\s*)?[:=]?\s*[[("'*`\s]*(-?\d+)/gi)];
  const bare = /^\W*(-?\d+)\W*$/.exec(reply.trim());
  const text = matches.length > 0 ? matches[matches.length - 1][1] : bare?.[1];
  const expected = `Answer exactly: The best reward function is at index: [INDEX], with INDEX from 0 to ${count - 1}.`;
  if (text === undefined) return { error: `The reply names no index. ${expected}` };
  const index = Number(text);
  if (index < 0 || index >= count) return { error: `Index ${index} is not one of the ${count} reward functions shown. ${expected}` };
  return { index };
}
