import { UsageError } from './args.ts';

// Strict decimal numbers for option values: "0.5", "-1", "1e-3"; NaN for anything else ("", "0x10", "1,5", "inf").
export function parseNumber(text: string): number {
  const t = text.trim();
  return /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t) ? Number(t) : NaN;
}

/** "1,2.5,4" -> [1, 2.5, 4]; a UsageError names the option and the position of anything that is not a number. */
export function parseNumberList(text: string, option: string): number[] {
  return text.split(',').map((item, i) => {
    const x = parseNumber(item);
    if (!Number.isFinite(x)) throw new UsageError(`${option}: item ${i + 1} ("${item.trim()}") is not a number`);
    return x;
  });
}
