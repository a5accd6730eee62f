// Command-line option parsing: declared options only, `--name value` and `--name=value`,
// negative numbers as values (`--p -1`), repeated flags refused, clear one-line errors.
import type { NumberRange } from '../core/limits/setting-ranges.ts';
import { editDistance } from '../core/reward/reward-error.ts';

/** A bad command line: printed on one line, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export interface OptionSpec {
  /** A flag takes no value; a string option takes one. */
  type: 'flag' | 'string';
  /** Shown in --help. */
  description: string;
  /** The value's placeholder in --help, e.g. FILE or N. */
  value?: string;
  /** Default shown in --help (applied by the command). */
  default?: string;
  /** A string option that may be given more than once: every value is in ParsedArgs.lists. */
  repeatable?: boolean;
  /** A number's range (src/core/limits/setting-ranges.ts), shown in --help; the command checks it with numberOption. */
  range?: NumberRange;
}

export type OptionSpecs = Record<string, OptionSpec>;

export interface ParsedArgs {
  options: Record<string, string | true>;
  positionals: string[];
  /** Every value of each repeatable option, in order (options holds the last). */
  lists: Record<string, string[]>;
}

/** Options every command accepts. */
export const COMMON_OPTIONS: OptionSpecs = {
  help: { type: 'flag', description: 'show this help' },
  json: { type: 'flag', description: 'machine-readable output' },
};

const NUMBER = /^-(\d|\.\d|inf$|Infinity$)/;

export function parseArgs(argv: string[], specs: OptionSpecs): ParsedArgs {
  const options: Record<string, string | true> = {};
  const positionals: string[] = [];
  const lists: Record<string, string[]> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-' || NUMBER.test(arg)) {
      positionals.push(arg);
      continue;
    }
    if (!arg.startsWith('--')) throw new UsageError(`unknown option "${arg}" (options are written --name)`);
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    // Own keys only: --toString or --constructor name no option (the prototype has them).
    const spec = Object.hasOwn(specs, name) ? specs[name] : undefined;
    if (!spec) throw new UsageError(`unknown option "--${name}"${suggest(name, Object.keys(specs))}`);
    if (Object.hasOwn(options, name) && !spec.repeatable) throw new UsageError(`option "--${name}" is given twice`);
    if (spec.type === 'flag') {
      if (eq !== -1) throw new UsageError(`option "--${name}" takes no value`);
      options[name] = true;
    } else if (eq !== -1) {
      options[name] = arg.slice(eq + 1);
      if (spec.repeatable) (lists[name] ??= []).push(options[name] as string);
    } else {
      const value = argv[i + 1];
      if (value === undefined || (value.startsWith('--') && value.length > 2)) {
        throw new UsageError(`option "--${name}" needs a value${spec.value ? ` (${spec.value})` : ''}`);
      }
      options[name] = value;
      if (spec.repeatable) (lists[name] ??= []).push(value);
      i++;
    }
  }
  return { options, positionals, lists };
}

function suggest(name: string, known: string[]): string {
  const close = known.filter((k) => k.startsWith(name) || name.startsWith(k) || editDistance(k, name) <= 2);
  return close.length ? `; did you mean ${close.map((k) => `--${k}`).join(' or ')}?` : '';
}
