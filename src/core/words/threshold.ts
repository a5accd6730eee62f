// A numeric feature compared with a number in a reward ("age_years >= 30") said as the band it draws:
// "age_years 30 or over (36)", not her quartile bucket ("> 28") nor her bare value.

export type Comparison = '>=' | '>' | '<=' | '<';

const num = (x: number) => String(Math.round(x * 100) / 100);

/** Her side of `label op limit` in words, with her value: "age_years 30 or over (36)", "age_years under 30 (24)". */
export function thresholdPhrase(label: string, op: Comparison, limit: number, value: number): string {
  const c = num(limit);
  const holds =
    op === '>=' ? value >= limit : op === '>' ? value > limit : op === '<=' ? value <= limit : value < limit;
  // the side she is on, in the words of the band: at or over / over / at or under / under
  const above = op === '>=' || op === '>';
  const inclusive = op === '>=' || op === '<=';
  const band =
    holds === above
      ? inclusive === holds
        ? `${c} or over`
        : `over ${c}`
      : inclusive === holds
        ? `${c} or under`
        : `under ${c}`;
  return `${label} ${band} (${num(value)})`;
}

/** The comparisons of feature `f` with a number in a reward term's text ("agent_feats[3] >= 30"), the first. */
export function comparisonOf(text: string, f: number): { op: Comparison; limit: number } | null {
  const m = new RegExp(`agent_feats\\[${f}\\]\\s*(>=|>|<=|<)\\s*(-?\\d+(?:\\.\\d+)?)`).exec(text);
  if (m) return { op: m[1] as Comparison, limit: Number(m[2]) };
  // the number first: "30 <= agent_feats[3]" is agent_feats[3] >= 30
  const r = new RegExp(`(-?\\d+(?:\\.\\d+)?)\\s*(>=|>|<=|<)\\s*agent_feats\\[${f}\\]`).exec(text);
  if (!r) return null;
  const flip: Record<string, Comparison> = { '>=': '<=', '>': '<', '<=': '>=', '<': '>' };
  return { op: flip[r[2]], limit: Number(r[1]) };
}
