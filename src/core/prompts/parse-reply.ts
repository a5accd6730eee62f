// Reading LLM replies, which are untrusted text: never evaluated, only searched. Each parser takes
// the structured (JSON) form that a provider's structured-output mode returns, or the paper's
// text delimiters as the fallback. A reply that cannot be read is a ReplyParseError whose
// `feedback` can be sent back to the LLM as the next turn.

export class ReplyParseError extends Error {
  override name = 'ReplyParseError';
  constructor(
    message: string,
    /** What to tell the LLM so that its next reply can be read. */
    readonly feedback: string,
  ) {
    super(message);
  }
}

export interface RewardReply {
  /** The reward expression on one line: comments and code fences removed, whitespace collapsed. Not yet validated. */
  expression: string;
  /** The %%% rationale, or null when there is none. */
  explanation: string | null;
}

/** The last complete $$$...$$$ pair, and the last complete %%%...%%% pair if any. */
export function parseRewardReply(text: string): RewardReply {
  const json = jsonObject(text);
  if (json && typeof json.reward === 'string') {
    const inner = lastPair(json.reward, '$$$') ?? json.reward;
    const expression = cleanCode(inner);
    if (expression)
      return {
        expression,
        explanation:
          typeof json.explanation === 'string'
            ? cleanText(lastPair(json.explanation, '%%%') ?? json.explanation)
            : null,
      };
  }
  const code = lastPair(text, '$$$');
  const formatHint =
    'Write the reward function as a single-line Python expression between triple $ signs, like $$$ state * (1 + ' +
    'agent_feats[7]) $$$.';
  if (code === null)
    throw new ReplyParseError(
      'the reply holds no reward function between $$$ and $$$',
      `Your reply did not contain a reward function between $$$ and $$$. ${formatHint}`,
    );
  const expression = cleanCode(code);
  if (!expression)
    throw new ReplyParseError(
      'the reward function between $$$ and $$$ is empty',
      `The reward function between $$$ and $$$ was empty. ${formatHint}`,
    );
  const explanation = lastPair(text, '%%%');
  return { expression, explanation: explanation === null ? null : cleanText(explanation) || null };
}

/**
 * The index the reflection LLM chose among `count` candidates: `best_index` of the structured form,
 * else the last "index: N" of the text (DLM appendix L asks for "The best reward function is at
 * index: [INDEX]"; models add words, brackets, quotes and markdown), else a reply that is only a
 * number. An index outside 0..count-1 is an error, never a silent default.
 */
export function parseIndexReply(text: string, count: number): number {
  const json = jsonObject(text);
  let index = json ? numeric(json.best_index) : null;
  if (index === null) {
    const matches = [...text.matchAll(/index\s*(?:is\s*)?[:=]?\s*[[("'*`\s]*(-?\d+)/gi)];
    const found = matches.length > 0 ? matches[matches.length - 1][1] : /^\W*(-?\d+)\W*$/.exec(text.trim())?.[1];
    if (found !== undefined) index = Number(found);
  }
  const expected = `Answer exactly: The best reward function is at index: [INDEX], with INDEX from 0 to ${count - 1}.`;
  if (index === null)
    throw new ReplyParseError('the reply does not name the best index', `The reply names no index. ${expected}`);
  if (!Number.isInteger(index) || index < 0 || index >= count) {
    throw new ReplyParseError(
      `the reply names index ${index}, but there are ${count} candidates (0 to ${count - 1})`,
      `Index ${index} is not one of the ${count} reward functions shown. ${expected}`,
    );
  }
  return index;
}

/** The 1-5 rating on the "Score: N" line (the last one if several). */
export function parseScoreReply(text: string): number {
  const json = jsonObject(text);
  let score = json ? numeric(json.score) : null;
  if (score === null) {
    const matches = [...plain(text).matchAll(/score\s*[:=]\s*\[?\s*(-?\d+(?:\.\d+)?)/gi)];
    if (matches.length) score = Number(matches[matches.length - 1][1]);
  }
  const line = 'End your reply with the line "Score: N", where N is a whole number from 1 to 5.';
  if (score === null)
    throw new ReplyParseError('the reply holds no "Score: N" line', `Your reply did not contain a score. ${line}`);
  if (!Number.isInteger(score) || score < 1 || score > 5)
    throw new ReplyParseError(
      `the score ${score} is not a whole number from 1 to 5`,
      `The score ${score} is not allowed. ${line}`,
    );
  return score;
}

/**
 * The clauses of a "Clause N: ..." (or JSON {"clauses": [...]}) reply, in order, Markdown emphasis
 * removed; `keep`: names (the schema's columns, groups and buckets) kept exactly as spelled even where
 * they would read as emphasis ("_private_").
 */
export function parseClausesReply(text: string, keep: readonly string[] = []): string[] {
  const json = jsonObject(text);
  if (json && Array.isArray(json.clauses)) {
    const clauses = json.clauses
      .filter((c): c is string => typeof c === 'string')
      .map(cleanText)
      .filter(Boolean);
    if (clauses.length) return clauses;
  }
  const clauses: string[] = [];
  for (const line of withoutEmphasis(text, keep).split('\n')) {
    const m = /^\s*(?:[-*]\s*)?(?:clause\s*)?\d+\s*[:.)]\s*(.+?)\s*$/i.exec(line);
    if (m && m[1]) clauses.push(m[1]);
  }
  if (!clauses.length)
    throw new ReplyParseError(
      'the reply holds no "Clause N: ..." lines',
      'Your reply did not list any clauses. Answer with one clause per line, each starting with "Clause N: ".',
    );
  return clauses;
}

/** The text between the last two complete occurrences of `delimiter` when they are paired in order (1-2, 3-4, ...). */
function lastPair(text: string, delimiter: string): string | null {
  const at: number[] = [];
  for (let i = text.indexOf(delimiter); i !== -1; i = text.indexOf(delimiter, i + delimiter.length)) at.push(i);
  if (at.length < 2) return null;
  // an unpaired trailing delimiter is an unfinished pair
  const last = at.length % 2 === 0 ? at.length - 2 : at.length - 3;
  return text.slice(at[last] + delimiter.length, at[last + 1]);
}

/**
 * Code without fences, language tags, a "Python Code:" label, a leading "return" or a trailing ';',
 * on one line. Comments go first, each to its line break (\n, \r\n or a bare \r, as in Python), and
 * `\` line continuations: once the lines are joined, a comment would swallow the code after it
 * (`state * (1 + agent_feats[7])  # young` then `+ 2 * state`), so the expression compiles to the
 * table the What-if editor computes from the same text.
 */
function cleanCode(code: string): string {
  return code
    .replace(/#[^\r\n]*/g, ' ')
    .replace(/\\(?:\r\n|\r|\n)/g, ' ')
    .replace(/```[\w+-]*/g, ' ')
    .replace(/`/g, ' ')
    .replace(/^\s*(?:python\s+code\s*:|python\b)/i, ' ')
    .replace(/^\s*return\b/, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/;$/, '')
    .trim();
}

function cleanText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Markdown emphasis removed, so that "**Score:** 4" and "`index: 2`" read plainly (for numbers only:
 * names lose their _).
 */
function plain(text: string): string {
  return text.replace(/[*_`]+/g, '');
}

/**
 * Markdown emphasis removed from words: backticks, ** anywhere, and a * or _ pair only where it opens
 * and closes a span at a word's edge, as Markdown reads it. An _ inside a name (age_years,
 * income_band_0-5000, district_पालघर) is never emphasis, so every name stays as the schema spells it.
 */
export function withoutEmphasis(text: string, keep: readonly string[] = []): string {
  // Names to keep stand aside as \u0000k\u0000 while the marks go (longest first: income_band before income).
  const names = [...new Set(keep)].filter((n) => /[*_`]/.test(n)).sort((a, b) => b.length - a.length);
  let kept = text.replace(/\u0000/g, '');
  names.forEach((name, k) => (kept = kept.split(name).join(`\u0000${k}\u0000`)));
  const edge = '[^\\p{L}\\p{M}\\p{N}_*]';
  const pair = (mark: string) => new RegExp(`(^|${edge})${mark}(?=\\S)(.+?)(?<=\\S)${mark}(?=$|${edge})`, 'gmu');
  const marksGone = kept.replace(/`+/g, '').replace(/\*\*/g, '');
  const plainText = marksGone.replace(pair('__'), '$1$2').replace(pair('_'), '$1$2').replace(pair('\\*'), '$1$2');
  return plainText.replace(/\u0000(\d+)\u0000/g, (_, k: string) => names[Number(k)]);
}

/** A JSON number, or a string holding one ("2"), else null. */
function numeric(value: unknown): number | null {
  if (typeof value === 'number') return value;
  return typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : null;
}

/** The reply as a JSON object when it is one (optionally inside a code fence), else null. */
function jsonObject(text: string): Record<string, unknown> | null {
  const body = text
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  if (!body.startsWith('{') || !body.endsWith('}')) return null;
  try {
    const value: unknown = JSON.parse(body);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
