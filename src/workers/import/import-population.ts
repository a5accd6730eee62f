// Turns an imported file into a validated Instance, or an error as data (file, line, column and
// how to fix it): population CSV, JSON instance, trajectories (arm,step,state,action) whose
// transitions are estimated, or her register (a history with its features, or a CSV with a state
// column) whose transitions the weekly plan's estimator estimates. Runs in the import worker so a 100,000-arm file does
// not block the page.
import { CsvError } from '../../core/datasets/csv.ts';
import { parseInstanceJson } from '../../core/datasets/instance-json.ts';
import { FILE_DEFAULTS, parsePopulationCsv } from '../../core/datasets/population-csv.ts';
import { defaultBudget } from '../../core/limits/default-budget.ts';
import { transitionsFromTrajectories } from '../../core/datasets/trajectories.ts';
import { contentHash } from '../../core/datasets/content-hash.ts';
import { readText } from '../../pipeline/read-text.ts';
import { createInstance } from '../../core/instance/create-instance.ts';
import type { Instance } from '../../core/instance/types.ts';
import { summarizePopulation, type PopulationSummary } from '../../core/instance/population-summary.ts';
import type { TextChoices } from '../../core/datasets/text-columns.ts';
import { unbanded } from '../../core/plan/band-numeric.ts';
import { defaultPriorGroup } from '../../core/plan/plan-settings.ts';
import { planPosterior } from '../../core/plan/plan-state.ts';
import { registerPopulation } from '../../core/plan/register-population.ts';
import { readRegister } from '../../pipeline/plan/register-source.ts';
import { previewFile, type FilePreview } from '../../pipeline/plan/file-preview.ts';
import { isSpreadsheet } from '../../pipeline/files/read-table.ts';
import { hasTransitions } from '../../core/datasets/register-csv.ts';
import { MAX_IMPORT_BYTES } from '../../core/datasets/import-limits.ts';
import type { ColumnMapping } from '../../core/datasets/column-mapping.ts';

export type ImportKind = 'population-csv' | 'instance-json' | 'trajectories' | 'register';

/** A file with the name it was chosen under; a workbook's sheet; her names for its columns (the mapping step). */
export interface MappedFile {
  file: Blob;
  fileName: string;
  sheet?: string;
  mapping?: ColumnMapping;
}

/** How to read: text columns grouped as chosen; a register's sheet and mapping; a history's features file. */
export interface ImportOptions {
  text?: TextChoices;
  features?: MappedFile;
  sheet?: string;
  mapping?: ColumnMapping;
}

export interface ImportProblem {
  message: string;
  line?: number;
  column?: number;
  columnName?: string;
}

export type ImportOutcome =
  | { ok: true; instance: Instance; summary: PopulationSummary; parseMs: number }
  | { ok: false; error: ImportProblem; parseMs: number };

/** What the worker returns: the outcome, the kind it was read as, and the time spent reading the file. */
export type ImportResult = ImportOutcome & { kind: ImportKind; readMs: number };

/**
 * The kind a file name suggests: .json is an instance; a CSV whose header has arm,step,state,action
 * holds trajectories; one with a `state` column is a register (a history id,week,state,called, or her
 * beneficiaries with their current state); else a population CSV.
 */
export function guessKind(fileName: string, text: string): ImportKind {
  if (/\.json$/i.test(fileName)) return 'instance-json';
  const header = text
    .slice(0, text.indexOf('\n') === -1 ? text.length : text.indexOf('\n'))
    .split(',')
    .map((h) => h.trim().replace(/^"|"$/g, ''));
  if (['arm', 'step', 'state', 'action'].every((c) => header.includes(c))) return 'trajectories';
  return header.includes('state') ? 'register' : 'population-csv';
}

export function importPopulation(
  kind: Exclude<ImportKind, 'register'>,
  text: string,
  fileName: string,
  options: ImportOptions = {},
): ImportOutcome {
  const started = performance.now();
  try {
    const instance =
      kind === 'instance-json'
        ? parseInstanceJson(text, fileName)
        : kind === 'trajectories'
          ? fromTrajectories(text, fileName)
          : parsePopulationCsv(text, { fileName, text: options.text });
    return { ok: true, instance, summary: summarizePopulation(instance), parseMs: performance.now() - started };
  } catch (error) {
    return { ok: false, error: problemOf(error, fileName), parseMs: performance.now() - started };
  }
}

/**
 * Reads a file the page handed over: its size is checked before a byte is read (a 700 MB file is
 * "too big", never read into a string that fails), then decoded as UTF-8 or UTF-16 as the command
 * line does, and imported as `kind` (default: guessed from the name and header).
 */
export async function readImportFile(
  file: Blob,
  fileName: string,
  kind?: ImportKind,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const started = performance.now();
  // a workbook is a register, read by the plan's reader (the same decoder as the Plan screen and `allot plan`)
  if (kind === 'register' || (kind === undefined && file.size <= MAX_IMPORT_BYTES && (await isSpreadsheet(file)))) {
    return { ...(await importRegister(file, fileName, options)), kind: 'register', readMs: 0 };
  }
  let text: string;
  try {
    text = await readText(file, fileName);
  } catch (error) {
    return {
      ok: false,
      error: { message: (error as Error).message },
      parseMs: 0,
      kind: kind ?? (/\.json$/i.test(fileName) ? 'instance-json' : 'population-csv'),
      readMs: 0,
    };
  }
  const readMs = performance.now() - started;
  const k = kind ?? guessKind(fileName, text);
  if (k === 'register') return { ...(await importRegister(file, fileName, options)), kind: k, readMs };
  return { ...importPopulation(k, text, fileName, options), kind: k, readMs };
}

/**
 * Her register as a population (core/plan/register-population.ts), read by the weekly plan's own
 * reader: a history CSV with its features CSV, or her beneficiaries with their current state. Its
 * numeric columns come back unbanded, to be banded on the preview as any import's.
 */
export async function importRegister(
  file: Blob,
  fileName: string,
  options: ImportOptions = {},
): Promise<ImportOutcome> {
  const started = performance.now();
  try {
    const { features, text, sheet, mapping } = options;
    const register = await readRegister({
      kind: 'file',
      file,
      fileName,
      seed: 0,
      ...(features && { features }),
      ...(text && { text }),
      ...(sheet && { sheet }),
      ...(mapping && { mapping }),
    });
    const instance = registerPopulation(register, planPosterior(register, defaultPriorGroup(register.schema)));
    const population = { ...instance, schema: unbanded(instance.schema) };
    return {
      ok: true,
      instance: population,
      summary: summarizePopulation(population),
      parseMs: performance.now() - started,
    };
  } catch (error) {
    return { ok: false, error: problemOf(error, fileName), parseMs: performance.now() - started };
  }
}

function problemOf(error: unknown, fileName: string): ImportProblem {
  return error instanceof CsvError
    ? { message: error.message, line: error.line, column: error.column, columnName: error.columnName }
    : { message: inWords(error, fileName) };
}

/** Our own errors are sentences; an engine error (TypeError...) is a bug in allot and is said to be one. */
function inWords(error: unknown, fileName: string): string {
  if (
    error instanceof TypeError ||
    error instanceof RangeError ||
    error instanceof ReferenceError ||
    !(error instanceof Error)
  ) {
    console.error(error);
    return (
      `${fileName}: allot could not read this file because of an error in allot itself, not in the file; ` +
      `please report it (with the file if you can)`
    );
  }
  return error.message;
}

/**
 * What a file is, before it is read, for the Data screen's mapping step: a register (a workbook, a
 * file with a column guessed as her state, or a history beside its features file) comes with the
 * mapping step's previews of its files; any other kind with none (it has no columns to map).
 */
export async function previewImport(
  main: MappedFile,
  kind?: ImportKind,
  features?: MappedFile,
): Promise<{ kind: ImportKind; previews: FilePreview[] | null }> {
  if (kind !== undefined && kind !== 'register') return { kind, previews: null };
  if (kind === undefined && /\.json$/i.test(main.fileName)) return { kind: 'instance-json', previews: null };
  const first = await previewFile(main.file, main.fileName, { sheet: main.sheet, mapping: main.mapping });
  if (kind === undefined && !features && !(await isSpreadsheet(main.file))) {
    const header = first.header;
    if (['arm', 'step', 'state', 'action'].every((c) => header.includes(c)))
      return { kind: 'trajectories', previews: null };
    if (hasTransitions(header) && !header.includes('state')) return { kind: 'population-csv', previews: null };
    if (!first.columns.some((c) => c.use === 'state')) return { kind: 'population-csv', previews: null };
  }
  const beside = features
    ? [
        await previewFile(features.file, features.fileName, {
          features: true,
          sheet: features.sheet,
          mapping: features.mapping,
        }),
      ]
    : [];
  return { kind: 'register', previews: [first, ...beside] };
}

/** Estimated transitions and no features; budget, horizon and discount are allot's file defaults. */
function fromTrajectories(text: string, fileName: string): Instance {
  const estimate = transitionsFromTrajectories(text, { fileName });
  const numArms = estimate.ids.length;
  return createInstance({
    numArms,
    numStates: estimate.numStates,
    ids: estimate.ids,
    transitions: estimate.transitions,
    schema: { columns: [], groups: [] },
    features: new Float64Array(0),
    budget: defaultBudget(numArms),
    horizon: FILE_DEFAULTS.horizon,
    discount: FILE_DEFAULTS.discount,
    provenance: { kind: 'file', fileName, contentHash: contentHash(text), format: 'allot-trajectories' },
    warnings: estimate.warnings,
  });
}
