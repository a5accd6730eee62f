// Numbers and choices in option values, refused with a UsageError (exit 2) that names the option:
// the one place the command line turns text into numbers. Every number is checked against its range
// (src/core/limits/setting-ranges.ts, shared with the app's forms) before any work, and --help prints it.
import { availableParallelism } from 'node:os';
import { describeRange, inRange, type NumberRange } from '../core/limits/setting-ranges.ts';
import { UsageError, type OptionSpec } from './args.ts';

/** Strict decimal numbers: "0.5", "-1", "1e-3"; NaN for anything else ("", "0x10", "1,5", "inf"). */
export function parseNumber(text: string): number {
  const t = text.trim();
  return /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t) ? Number(t) : NaN;
}

/**
 * "1,2.5,4" -> [1, 2.5, 4]; a UsageError names the option and the position of anything that is not a
 * number (or out of `range`).
 */
export function parseNumberList(text: string, option: string, range?: NumberRange): number[] {
  return text.split(',').map((item, i) => {
    const x = parseNumber(item);
    if (!Number.isFinite(x)) throw new UsageError(`${option}: item ${i + 1} ("${item.trim()}") is not a number`);
    if (range && !inRange(x, range)) {
      throw new UsageError(
        `option "${option}" must be ${describeRange(range)} in each item, got "${item.trim()}" (item ${i + 1})`,
      );
    }
    return x;
  });
}

type Options = Record<string, string | true | undefined>;

/** The option's value as a number in `range`; `fallback` when absent (undefined: the option is required). */
export function numberOption(options: Options, name: string, range: NumberRange, fallback?: number): number {
  const value = optionalNumber(options, name, range);
  if (value !== undefined) return value;
  if (fallback === undefined) throw new UsageError(`option "--${name}" is required`);
  return fallback;
}

/** The option's value as a number in `range`, or undefined when it is absent. */
export function optionalNumber(options: Options, name: string, range: NumberRange): number | undefined {
  const raw = options[name];
  if (raw === undefined) return undefined;
  const value = typeof raw === 'string' ? parseNumber(raw) : NaN;
  if (!inRange(value, range)) throw new UsageError(`option "--${name}" must be ${describeRange(range)}, got "${raw}"`);
  return value;
}

/** Threads: 0 (one per core) up to the machine's cores; more would only share the same cores. */
export const WORKERS_RANGE: NumberRange = { integer: true, min: 0, max: availableParallelism() };

/** The --workers option of the commands that simulate on threads. */
export const WORKERS_OPTION: OptionSpec = {
  type: 'string',
  value: 'N',
  description: `threads; 0 = one per core (this machine has ${WORKERS_RANGE.max})`,
  default: '0',
  range: WORKERS_RANGE,
};

/** --workers, checked against the cores. */
export function workersOption(options: Options): number {
  return numberOption(options, 'workers', WORKERS_RANGE, 0);
}

/** A string option that must be one of `choices`. */
export function choiceOption<T extends string>(
  options: Record<string, string | true | undefined>,
  name: string,
  choices: readonly T[],
  fallback: T,
): T {
  const raw = options[name];
  if (raw === undefined) return fallback;
  if (!choices.includes(raw as T))
    throw new UsageError(`option "--${name}" must be one of ${choices.join(', ')}, got "${raw}"`);
  return raw as T;
}
