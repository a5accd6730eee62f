// Strict decimal numbers for option values: "0.5", "-1", "1e-3"; NaN for anything else ("", "0x10", "1,5", "inf").
export function parseNumber(text: string): number {
  const t = text.trim();
  return /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t) ? Number(t) : NaN;
}
