// A welfare outcome told by candidate ids instead of pool indices: what SCLM runs keep and what
// `allot adjudicate --json` prints.
import type { WelfareOutcome } from './adjudicate.ts';

export interface SelectionRecord {
  label: string;
  /** Index into the pool's candidates, and its id. */
  index: number;
  candidate: string;
  tied: string[];
  welfare: number[];
  robustTo: number | null;
  explanation: string;
}

export function selectionRecord(o: WelfareOutcome, ids: readonly string[]): SelectionRecord {
  return {
    label: o.label,
    index: o.index,
    candidate: ids[o.index],
    tied: o.tied.map((i) => ids[i]),
    welfare: o.welfare,
    robustTo: o.robustTo,
    explanation: o.explanation,
  };
}
