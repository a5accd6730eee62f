// Numbers and choices in option values, refused with a UsageError (exit 2) that names the option:
// the one place the command line turns text into numbers.
import { UsageError } from './args.ts';

/** Strict decimal numbers: "0.5", "-1", "1e-3"; NaN for anything else ("", "0x10", "1,5", "inf"). */
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

export interface NumberRule {
  integer?: boolean;
  min?: number;
  /** Exclusive upper bound. */
  below?: number;
}

/** The option's value as a number obeying `rule`; `fallback` when absent (undefined: required). */
export function numberOption(options: Record<string, string | true | undefined>, name: string, rule: NumberRule, fallback?: number): number {
  const raw = options[name];
  if (raw === undefined) {
    if (fallback === undefined) throw new UsageError(`option "--${name}" is required`);
    return fallback;
  }
  const value = typeof raw === 'string' ? parseNumber(raw) : NaN;
  const what = rule.integer ? 'an integer' : 'a number';
  if (!Number.isFinite(value) || (rule.integer && !Number.isInteger(value))) throw new UsageError(`option "--${name}" must be ${what}, got "${raw}"`);
  if (rule.min !== undefined && value < rule.min) throw new UsageError(`option "--${name}" must be at least ${rule.min}, got ${value}`);
  if (rule.below !== undefined && value >= rule.below) throw new UsageError(`option "--${name}" must be below ${rule.below}, got ${value}`);
  return value;
}

/** A string option that must be one of `choices`. */
export function choiceOption<T extends string>(options: Record<string, string | true | undefined>, name: string, choices: readonly T[], fallback: T): T {
  const raw = options[name];
  if (raw === undefined) return fallback;
  if (!choices.includes(raw as T)) throw new UsageError(`option "--${name}" must be one of ${choices.join(', ')}, got "${raw}"`);
  return raw as T;
}
