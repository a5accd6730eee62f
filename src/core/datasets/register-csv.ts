// Register files for the weekly plan, read with the same CSV reader and population parser as every
// other import (csv.ts, population-csv.ts):
//   wide:    a population CSV (id, q00..q11 or p_s_a_t, optional init_s, features) with a `state`
//            column for the current state; the transition columns may be left out, and then the
//            transitions are estimated from the weeks the plan records (prior only at first);
//   history: a long CSV (id, week, state, called): one row per beneficiary and week, with a features
//            CSV (id and feature columns) beside it.
// A bad file gives nothing and a CsvError naming the file, line and column.
import type { Register } from '../plan/register.ts';
import type { SchemaFile } from './population-schema.ts';

export interface RegisterCsvOptions {
  fileName?: string;
  schema?: SchemaFile;
  /** Calls per week; default round(N / 10) (allot's choice, about ARMMAN's share of calls). */
  budget?: number;
  discount?: number;
  horizon?: number;
}

/** Which register format a CSV header is: `history` when it has week and called columns, else `wide`. */
export function registerCsvKind(headerLine: string): 'history' | 'wide' {
  const names = headerLine.split(',').map((h) => h.trim().replace(/^"|"$/g, ''));
  return names.includes('week') && names.includes('called') ? 'history' : 'wide';
}

/** A wide register CSV: a population CSV with a `state` column (transition columns optional). */
export function parseRegisterCsv(text: string, options: RegisterCsvOptions = {}): Register {
  void text; void options;
  throw new Error('parseRegisterCsv: not implemented yet');
}

/** A history CSV (id, week, state, called) with its features CSV (id, feature columns). */
export function parseHistoryCsv(historyText: string, featuresText: string, options: RegisterCsvOptions & { featuresFileName?: string } = {}): Register {
  void historyText; void featuresText; void options;
  throw new Error('parseHistoryCsv: not implemented yet');
}

