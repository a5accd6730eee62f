// What a command is: its name, its help, its options and what it does.
import type { OptionSpecs, ParsedArgs } from './args.ts';

export interface Io {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

export interface Command {
  name: string;
  /** One line, shown in `allot --help`. */
  summary: string;
  /** The synopsis after `allot <name>`, e.g. "--arms FILE [--discount D]". */
  usage: string;
  /** Longer help text, shown after the options. */
  details?: string;
  options: OptionSpecs;
  /** Resolves to the exit code: 0 success, 1 the work failed. Throws UsageError for bad arguments. */
  run(args: ParsedArgs, io: Io): Promise<number>;
}
