// Her column names on the command line, the same for `allot plan` (register and outcomes) and
// `allot dataset validate`: --id-column, --state-column, --week-column, --called-column, --carry COL...,
// --ignore COL..., --state-values ENGAGED,NOT_ENGAGED and --sheet; and the column report they print:
// what was done with every column, the guesses marked (`id: beneficiary_id (guessed)`).
import { mappingLines, ROLES, type ColumnMapping, type ColumnReport } from '../core/datasets/column-mapping.ts';
import type { RegisterSource } from '../pipeline/plan/register-source.ts';
import { UsageError, type OptionSpecs } from './args.ts';
import { namedFile } from './read-text-file.ts';

export const COLUMN_OPTIONS: OptionSpecs = {
  sheet: {
    type: 'string',
    value: 'NAME',
    description: 'the sheet of a workbook (XLSX) register; default its first sheet',
  },
  'features-sheet': {
    type: 'string',
    value: 'NAME',
    description: 'the sheet of a workbook features file; default its first sheet',
  },
  'id-column': {
    type: 'string',
    value: 'COL',
    description: "the column of the beneficiaries' ids (guessed when absent: id, beneficiary_id, case_id, ...)",
  },
  'state-column': {
    type: 'string',
    value: 'COL',
    description: 'the column of the state, engaged or not (guessed: state, engaged, listened, ...)',
  },
  'week-column': {
    type: 'string',
    value: 'COL',
    description: 'the week column of a history (guessed: week, week_number, ...)',
  },
  'called-column': {
    type: 'string',
    value: 'COL',
    description: 'the column saying whether she was called (guessed: called, call_made, ...)',
  },
  carry: {
    type: 'string',
    value: 'COL',
    description:
      'a column that travels into the call list and its CSV, not a feature (repeatable; name and phone columns are ' +
      'carried anyway)',
    repeatable: true,
  },
  ignore: { type: 'string', value: 'COL', description: 'a column to leave out (repeatable)', repeatable: true },
  'state-values': {
    type: 'string',
    value: 'ENGAGED,NOT_ENGAGED',
    description: "the program's own two values of the state, engaged first (0/1, yes/no, true/false are read anyway)",
  },
};

/** The mapping the flags give (empty when none). */
export function mappingFromFlags(
  options: Record<string, string | true>,
  lists: Record<string, string[]>,
): ColumnMapping {
  const mapping: ColumnMapping = {};
  for (const role of ROLES) {
    const value = options[`${role}-column`];
    if (typeof value === 'string') mapping[role] = value;
  }
  if (lists.carry) mapping.carry = lists.carry;
  if (lists.ignore) mapping.ignore = lists.ignore;
  const values = options['state-values'];
  if (typeof values === 'string') {
    const parts = values.split(',').map((v) => v.trim());
    if (parts.length !== 2 || parts.some((p) => p === '') || parts[0].toLowerCase() === parts[1].toLowerCase()) {
      throw new UsageError(
        `--state-values "${values}": give the two values, engaged first, separated by a comma (e.g. --state-values ` +
          `"listened,did not listen")`,
      );
    }
    mapping.stateValues = [parts[0], parts[1]];
  }
  return mapping;
}

/** Her register file as the flags give it (its sheet, --features beside a history, her column names). */
export async function registerFileSource(
  path: string,
  options: Record<string, string | true>,
  lists: Record<string, string[]>,
  seed: number,
): Promise<Extract<RegisterSource, { kind: 'file' }>> {
  const features = typeof options.features === 'string' ? options.features : undefined;
  const sheet = typeof options.sheet === 'string' ? options.sheet : undefined,
    featuresSheet = options['features-sheet'];
  const featuresFile = features && {
    ...(await namedFile(features)),
    ...(typeof featuresSheet === 'string' && { sheet: featuresSheet }),
  };
  const mapping = mappingFromFlags(options, lists);
  return {
    kind: 'file',
    ...(await namedFile(path)),
    ...(sheet && { sheet }),
    ...(featuresFile && { features: featuresFile }),
    seed,
    mapping,
  };
}

/** Whether any flag of her register file (--features or a column flag) is given. */
export function registerFileFlag(options: Record<string, string | true>): string | undefined {
  return ['features', ...Object.keys(COLUMN_OPTIONS)].find((k) => options[k] !== undefined);
}

/** Every file's mapping in one line per job, then what became of the features (text lines). */
export function columnLines(columns: readonly ColumnReport[]): string[] {
  const files = [...new Set(columns.map((c) => c.file))];
  return files.flatMap((file) => {
    const of = columns.filter((c) => c.file === file);
    const roles = ROLES.filter((r) => of.some((c) => c.use === r));
    const features = of.filter((c) => c.use === 'feature');
    const grouped = features.length
      ? [
          `${file}: features: ` +
            `${features.map((c) => (c.group ? `${c.name} (${c.buckets?.length ?? 0} buckets)` : c.name)).join(', ')}`,
        ]
      : [];
    return [...mappingLines(of, roles, file), ...grouped];
  });
}

/** The --json form: {"name", "use", "group"?, "buckets"?}, with its file and whether it was guessed. */
export function columnsJson(columns: readonly ColumnReport[]): Record<string, unknown>[] {
  return columns.map(({ file, name, use, guessed, group, buckets }) => ({
    name,
    use,
    ...(group !== undefined && { group, buckets }),
    file,
    guessed,
  }));
}
