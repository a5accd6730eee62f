// The week's outcomes for a plan: a CSV with columns id, called (0/1) and engaged (0/1) (or `state`
// for registers of more than 2 states), and optionally week. Every id must be in the register and
// appear once; every beneficiary of the register must appear (her new state is needed). Errors name
// the file, line and column; all of them are collected (up to 20), so one pass shows what to fix.
import type { WeekOutcomes } from '../plan/apply-outcomes.ts';

/** Parses the outcomes against the register's ids; returns the outcomes or the errors. */
export function parseOutcomesCsv(text: string, ids: readonly string[], numStates: number, fileName = 'the outcomes file'): { ok: true; outcomes: WeekOutcomes } | { ok: false; errors: string[] } {
  void text; void ids; void numStates; void fileName;
  throw new Error('parseOutcomesCsv: not implemented yet');
}

/** A list of ids (the exclusion list): a CSV with an `id` column, or one id per line without a header. */
export function parseIdList(text: string, fileName = 'the id list'): string[] {
  void text; void fileName;
  throw new Error('parseIdList: not implemented yet');
}
