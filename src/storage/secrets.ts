// Defence in depth for "the key never enters a record": before anything is written, every string
// in it is checked against the shapes of provider keys, and the key the user typed (if any).

/** Shapes of OpenAI (sk-, sk-proj-), Anthropic (sk-ant-) and Google (AIza) API keys. */
const KEY_SHAPES = [/\bsk-(?:ant-|proj-)?[A-Za-z0-9_-]{20,}/, /\bAIza[0-9A-Za-z_-]{30,}/];

/**
 * Returns the path of the first string in `value` that looks like an API key or contains one of
 * `knownKeys`, or null. Walks plain objects and arrays; typed arrays hold only numbers.
 */
export function findSecret(value: unknown, knownKeys: readonly string[] = [], path = '$'): string | null {
  if (typeof value === 'string') {
    if (KEY_SHAPES.some((shape) => shape.test(value))) return path;
    return knownKeys.some((key) => key.length >= 8 && value.includes(key)) ? path : null;
  }
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findSecret(value[i], knownKeys, `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  for (const [name, item] of Object.entries(value)) {
    const found = findSecret(item, knownKeys, `${path}.${name}`);
    if (found) return found;
  }
  return null;
}
