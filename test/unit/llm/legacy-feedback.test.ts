// Requests recorded before the one feedback wording, read as they are sent today: only the bare
// feedback lines of the rewrite and the translation change; every other request is kept as is.
import { describe, expect, test } from 'vitest';
import { parseClausesReply, ReplyParseError } from '../../../src/core/prompts/parse-reply.ts';
import { parseTranslationReply } from '../../../src/core/prompts/translate-prompt.ts';
import { withFeedback } from '../../../src/core/prompts/with-feedback.ts';
import { asSentToday } from '../../../src/llm/legacy-feedback.ts';

/** The parser's feedback for an unreadable reply, as the rewrite and the translation sent it. */
const feedbackOf = (parse: (text: string) => unknown) => {
  try {
    parse('nothing to read');
  } catch (error) {
    if (error instanceof ReplyParseError) return error.feedback;
  }
  throw new Error('expected a refusal');
};
const REWRITE = { prompt: 'Rewrite it.\nPreference: कम उम्र\nAnswer with one clause per line.', temperature: 0 };
const TRANSLATE = { prompt: 'Translate the instruction.\nInstruction: Focus on the old.\nAnswer "Translation: ".' };

describe('asSentToday', () => {
  test("gives a rewrite's or a translation's bare feedback line the one lead, keeping the rest of the request", () => {
    for (const [request, parse] of [
      [REWRITE, parseClausesReply],
      [TRANSLATE, parseTranslationReply],
    ] as const) {
      const error = feedbackOf(parse);
      const recorded = { ...request, prompt: `${request.prompt}\n${error}` };
      expect(asSentToday(recorded)).toEqual(withFeedback(request, [{ reply: 'x', error }]));
    }
  });

  test('keeps requests already in the one wording, first asks, and every other retry as they are', () => {
    const today = withFeedback(REWRITE, [{ reply: 'x', error: feedbackOf(parseClausesReply) }]);
    expect(asSentToday(today)).toBe(today);
    expect(asSentToday(REWRITE)).toBe(REWRITE);
    const error = 'The reward function could not be used: index 99';
    const dlm = withFeedback({ prompt: 'Create a Python reward function.' }, [{ reply: 'x', error }]);
    expect(asSentToday(dlm)).toBe(dlm);
    const oneLine = { prompt: feedbackOf(parseClausesReply) };
    expect(asSentToday(oneLine)).toBe(oneLine);
  });
});
