// `allot dataset validate` on her register as exported (a register with current states, or a history
// with --features): read by the plan's own reader, as `allot plan` and the plan worker read it, and
// reported column by column (what each column became, the guesses marked), so that she can check her
// file and her column flags before she makes a plan. A population file (transitions, no states) is
// still validated as a population by `dataset validate` itself.
import { basename } from 'node:path';
import { guessRole } from '../core/datasets/column-mapping.ts';
import { registerKind } from '../core/datasets/register-csv.ts';
import { peekHeader } from '../pipeline/plan/file-preview.ts';
import { readRegister } from '../pipeline/plan/register-source.ts';
import type { Io } from './command.ts';
import { columnLines, columnsJson, mappingFromFlags, registerFileFlag, registerFileSource } from './column-flags.ts';
import { namedFile } from './read-text-file.ts';

/**
 * Whether `path` is read as her register: a column flag given, a file that is not .csv or .json, a history or a state
 * column.
 */
export async function isRegisterFile(
  path: string,
  options: Record<string, string | true>,
  lists: Record<string, string[]>,
): Promise<boolean> {
  if (registerFileFlag(options)) return true;
  if (/\.json$/i.test(path)) return false;
  if (!/\.csv$/i.test(path)) return true;
  const { file, fileName } = await namedFile(path);
  const header = await peekHeader(file, fileName);
  const mapping = mappingFromFlags(options, lists);
  return registerKind(header, mapping) === 'history' || guessRole(header, 'state') !== -1;
}

/** Reads her register and prints the column report (text, or --json's "columns"). */
export async function validateRegister(
  path: string,
  options: Record<string, string | true>,
  lists: Record<string, string[]>,
  io: Io,
): Promise<number> {
  const started = performance.now();
  const register = await readRegister(await registerFileSource(path, options, lists, 0));
  const ms = performance.now() - started;
  const columns = register.columns ?? [];
  const weeks = register.history.states.length;
  if (options.json) {
    const { numArms, numStates, warnings } = register;
    io.stdout.write(
      JSON.stringify({
        valid: true,
        kind: 'register',
        numArms,
        numStates,
        weeks,
        numFeatures: register.schema.columns.length,
        groups: register.schema.groups.map((g) => g.name),
        columns: columnsJson(columns),
        milliseconds: ms,
        warnings,
      }) + '\n',
    );
    return 0;
  }
  const groups = register.schema.groups.length;
  io.stdout.write(
    `${basename(path)} is a valid register: ${register.numArms.toLocaleString('en')} beneficiaries, ${weeks} ` +
      `week${weeks === 1 ? '' : 's'} of history, ${register.schema.columns.length} features in ${groups} ` +
      `group${groups === 1 ? '' : 's'} (read in ${ms.toFixed(1)} ms)\n`,
  );
  for (const line of columnLines(columns)) io.stdout.write(`${line}\n`);
  for (const warning of register.warnings) io.stdout.write(`warning: ${warning}\n`);
  return 0;
}
