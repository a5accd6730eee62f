// Translating a goal prompt for the language study (the multilingual paper translated its English
// prompts into Hindi, Tamil and Tulu; allot takes translations from the user's file or asks the
// LLM, and records which). The translation keeps the meaning and the hedges ("slightly").
import type { ChatRequest, ReplySchema } from './chat-request.ts';
import { ReplyParseError } from './parse-reply.ts';
import { languageName } from '../language/language-names.ts';

export const TRANSLATION_REPLY: ReplySchema = {
  name: 'translation',
  schema: {
    type: 'object',
    properties: { translation: { type: 'string' } },
    required: ['translation'],
    additionalProperties: false,
  },
};

/** The script each language is usually written in (Tulu: Kannada script). */
const SCRIPTS: Record<string, string> = {
  hi: 'Devanagari',
  mr: 'Devanagari',
  ta: 'Tamil',
  tcy: 'Kannada',
  kn: 'Kannada',
  gu: 'Gujarati',
  bn: 'Bengali',
  te: 'Telugu',
  ml: 'Malayalam',
  pa: 'Gurmukhi',
  or: 'Odia',
  ur: 'Perso-Arabic',
};

export function translatePrompt(text: string, language: string): ChatRequest {
  const name = languageName(language);
  const prompt = [
    `Translate the following instruction into ${name}, as a native speaker would write ` +
      `it${SCRIPTS[language] ? `, in the ${SCRIPTS[language]} script` : ''}. ` +
      'Keep its meaning and its strength ("slightly", "still"), translate every number and time as it is, and ' +
      'add nothing.',
    `Instruction: ${text}`,
    'Answer with one line "Translation: " followed by the translation, and nothing else.',
  ].join('\n');
  return { prompt, reply: TRANSLATION_REPLY };
}

/** The translation in a {"translation": ...} or "Translation: ..." reply. */
export function parseTranslationReply(reply: string): string {
  const body = reply
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  if (body.startsWith('{')) {
    try {
      const value = JSON.parse(body) as { translation?: unknown };
      if (typeof value.translation === 'string' && value.translation.trim()) return value.translation.trim();
    } catch {
      // not JSON after all: read it as text
    }
  }
  const m = /translation\s*:\s*([\s\S]+)$/i.exec(body);
  const text = (m ? m[1] : '').trim();
  if (!text)
    throw new ReplyParseError(
      'the reply holds no "Translation: ..." line',
      'Your reply did not contain the translation. Answer with one line "Translation: " followed by the translation.',
    );
  return text;
}
