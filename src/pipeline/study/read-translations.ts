// The user's translations of the study's prompts (`--prompts FILE`): a JSON object
// {"hi": {"1": "...", "2": "..."}, "ta": {...}}, language code -> prompt number -> text.
// Prompts a file does not translate are translated by the LLM, and recorded as such.

export function readTranslations(
  text: string,
  fileName: string,
  promptNumbers: readonly number[],
): Record<string, Record<string, string>> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${fileName}: not JSON (${(error as Error).message})`);
  }
  const isObject = (x: unknown): x is Record<string, unknown> =>
    typeof x === 'object' && x !== null && !Array.isArray(x);
  if (!isObject(value))
    throw new Error(`${fileName}: expected an object {"<language>": {"<prompt number>": "<text>"}}`);
  const out: Record<string, Record<string, string>> = {};
  for (const [language, byPrompt] of Object.entries(value)) {
    if (!/^[a-z]{2,3}(-[A-Za-z0-9]+)*$/.test(language))
      throw new Error(`${fileName}: "${language}" is not a language code such as hi, ta or tcy`);
    if (!isObject(byPrompt)) throw new Error(`${fileName}: "${language}" must map prompt numbers to texts`);
    out[language] = {};
    for (const [number, translation] of Object.entries(byPrompt)) {
      if (!promptNumbers.includes(Number(number)) || String(Number(number)) !== number)
        throw new Error(
          `${fileName}: ${language}: "${number}" is not one of the prompt numbers ${promptNumbers.join(', ')}`,
        );
      if (typeof translation !== 'string' || translation.trim() === '')
        throw new Error(`${fileName}: ${language}, prompt ${number}: the translation must be a non-empty string`);
      out[language][number] = translation.trim();
    }
  }
  return out;
}
