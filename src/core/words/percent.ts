// Shares in words, one style for every screen, file and command: "12.3%" (no space before the sign), a missing
// value "–". (The DLM prompts' "%.2f" must match CPython to the bit, so it keeps its own, in distribution-text.ts.)

export const NOT_AVAILABLE = '–';

/** A share (0..1) as a percentage: percent(0.1234) is "12.3%", percent(0.1234, 0) is "12%". */
export function percent(share: number | null | undefined, digits = 1): string {
  return share === null || share === undefined || Number.isNaN(share)
    ? NOT_AVAILABLE
    : `${(100 * share).toFixed(digits)}%`;
}

/** A change of a share, always signed: "+1.2%", "-0.4%", "+0.0%". */
export function signedPercent(change: number | null | undefined, digits = 1): string {
  const text = percent(change, digits);
  return text === NOT_AVAILABLE || text.startsWith('-') ? text : `+${text}`;
}
