// Turns an imported file into a validated Instance, or an error as data (file, line, column and
// how to fix it): population CSV, JSON instance, or trajectories (arm,step,state,action) whose
// transitions are estimated. Runs in the import worker so a 100,000-arm file does not block the page.
import { CsvError } from '../../core/datasets/csv.ts';
import { parseInstanceJson } from '../../core/datasets/instance-json.ts';
import { FILE_DEFAULTS, parsePopulationCsv } from '../../core/datasets/population-csv.ts';
import { transitionsFromTrajectories } from '../../core/datasets/trajectories.ts';
import { contentHash } from '../../core/datasets/content-hash.ts';
import { readText } from '../../pipeline/read-text.ts';
import { createInstance } from '../../core/instance/create-instance.ts';
import type { Instance } from '../../core/instance/types.ts';
import { summarizePopulation, type PopulationSummary } from '../../core/instance/population-summary.ts';

export type ImportKind = 'population-csv' | 'instance-json' | 'trajectories';

export interface ImportProblem {
  message: string;
  line?: number;
  column?: number;
  columnName?: string;
}

export type ImportOutcome = { ok: true; instance: Instance; summary: PopulationSummary; parseMs: number } | { ok: false; error: ImportProblem; parseMs: number };

/** What the worker returns: the outcome, the kind it was read as, and the time spent reading the file. */
export type ImportResult = ImportOutcome & { kind: ImportKind; readMs: number };

/** The kind a file name suggests: .json is an instance; a CSV whose header has arm,step,state,action holds trajectories. */
export function guessKind(fileName: string, text: string): ImportKind {
  if (/\.json$/i.test(fileName)) return 'instance-json';
  const header = text.slice(0, text.indexOf('\n') === -1 ? text.length : text.indexOf('\n')).split(',').map((h) => h.trim().replace(/^"|"$/g, ''));
  return ['arm', 'step', 'state', 'action'].every((c) => header.includes(c)) ? 'trajectories' : 'population-csv';
}

export function importPopulation(kind: ImportKind, text: string, fileName: string): ImportOutcome {
  const started = performance.now();
  try {
    const instance = kind === 'instance-json' ? parseInstanceJson(text, fileName) : kind === 'trajectories' ? fromTrajectories(text, fileName) : parsePopulationCsv(text, { fileName });
    return { ok: true, instance, summary: summarizePopulation(instance), parseMs: performance.now() - started };
  } catch (error) {
    const problem: ImportProblem = error instanceof CsvError
      ? { message: error.message, line: error.line, column: error.column, columnName: error.columnName }
      : { message: inWords(error, fileName) };
    return { ok: false, error: problem, parseMs: performance.now() - started };
  }
}

/**
 * Reads a file the page handed over: its size is checked before a byte is read (a 700 MB file is
 * "too big", never read into a string that fails), then decoded as UTF-8 or UTF-16 as the command
 * line does, and imported as `kind` (default: guessed from the name and header).
 */
export async function readImportFile(file: Blob, fileName: string, kind?: ImportKind): Promise<ImportResult> {
  const started = performance.now();
  let text: string;
  try {
    text = await readText(file, fileName);
  } catch (error) {
    return { ok: false, error: { message: (error as Error).message }, parseMs: 0, kind: kind ?? (/\.json$/i.test(fileName) ? 'instance-json' : 'population-csv'), readMs: 0 };
  }
  const readMs = performance.now() - started;
  const k = kind ?? guessKind(fileName, text);
  return { ...importPopulation(k, text, fileName), kind: k, readMs };
}

/** Our own errors are sentences; an engine error (TypeError...) is a bug in allot and is said to be one. */
function inWords(error: unknown, fileName: string): string {
  if (error instanceof TypeError || error instanceof RangeError || error instanceof ReferenceError || !(error instanceof Error)) {
    console.error(error);
    return `${fileName}: allot could not read this file because of an error in allot itself, not in the file; please report it (with the file if you can)`;
  }
  return error.message;
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
    budget: Math.max(1, Math.round(numArms * FILE_DEFAULTS.budgetShare)),
    horizon: FILE_DEFAULTS.horizon,
    discount: FILE_DEFAULTS.discount,
    provenance: { kind: 'file', fileName, contentHash: contentHash(text), format: 'allot-trajectories' },
    warnings: estimate.warnings,
  });
}
