// Errors in reward expressions are data, not exceptions: the pipeline feeds them back to the LLM,
// so each one says what is wrong, where (a character offset and a caret excerpt) and what to do.

export interface RewardError {
  message: string;
  /** 0-based character offset into the text as given (before fences or $$$ were stripped). */
  position: number;
  /** What to write instead; may be empty. */
  hint: string;
  /** The line of the text around `position`, and under it a caret pointing at the position. */
  excerpt: string;
}

/** Thrown inside the parser and the evaluator; caught at the module boundary and turned into a RewardError. */
export class RewardFault extends Error {
  constructor(
    message: string,
    readonly position: number,
    readonly hint = '',
  ) {
    super(message);
  }
}

/** The error as data, with its caret excerpt cut from `text`. */
export function rewardError(text: string, fault: RewardFault): RewardError {
  return {
    message: fault.message,
    position: fault.position,
    hint: fault.hint,
    excerpt: caretExcerpt(text, fault.position),
  };
}

const WIDTH = 72;

/** The line holding `position` (at most WIDTH characters of it, around the position) and a caret under it. */
export function caretExcerpt(text: string, position: number): string {
  const at = Math.max(0, Math.min(position, text.length));
  const start = text.lastIndexOf('\n', at - 1) + 1;
  const newline = text.indexOf('\n', at);
  const end = newline === -1 ? text.length : newline;
  let from = start;
  if (at - from > WIDTH - 12) from = at - (WIDTH - 12);
  const to = Math.min(end, from + WIDTH);
  const line = (from > start ? '...' : '') + text.slice(from, to).replace(/\t/g, ' ') + (to < end ? '...' : '');
  return `${line}\n${' '.repeat(at - from + (from > start ? 3 : 0))}^`;
}

/** Up to `count` of `names` closest to `name` (edit distance, then shared substrings), best first. */
export function closestNames(name: string, names: readonly string[], count = 3): string[] {
  const lower = name.toLowerCase();
  const scored = names.map((candidate) => {
    const c = candidate.toLowerCase();
    let score = editDistance(lower, c);
    if (c.includes(lower) || lower.includes(c)) score = Math.min(score, Math.abs(c.length - lower.length) / 4);
    else score -= sharedPieces(lower, c);
    return { candidate, score };
  });
  scored.sort((a, b) => a.score - b.score || a.candidate.localeCompare(b.candidate));
  return scored.slice(0, count).map((s) => s.candidate);
}

/** How many of the `_`-separated pieces of `a` (3 letters or more, or digits) occur in `b`. */
function sharedPieces(a: string, b: string): number {
  return a
    .split(/[_\W]+|(?<=\D)(?=\d)|(?<=\d)(?=\D)/)
    .filter((piece) => (piece.length >= 3 || /^\d+$/.test(piece)) && b.includes(piece)).length;
}

/** Levenshtein distance. */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length];
}
