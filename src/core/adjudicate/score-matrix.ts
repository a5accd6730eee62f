// The adjudicator's input: every candidate scored against every clause.
import type { ClauseKind, ScoreColumn, ScoreRule } from './score-column.ts';

export interface ClauseInfo {
  name: string;
  kind: ClauseKind;
  rule: ScoreRule;
  note?: string;
}

/** scores: Float64Array, numCandidates x numClauses, row-major; every entry finite and >= 0. */
export interface ScoreMatrix {
  numCandidates: number;
  clauses: ClauseInfo[];
  scores: Float64Array;
}

/** Puts columns side by side; they must have one value per candidate, distinct names and scores >= 0. */
export function scoreMatrix(columns: readonly ScoreColumn[]): ScoreMatrix {
  if (columns.length === 0) throw new RangeError('no clauses to score against');
  const n = columns[0].values.length;
  if (n === 0) throw new RangeError('no candidates to score');
  const seen = new Set<string>();
  columns.forEach((c) => {
    if (seen.has(c.name)) throw new RangeError(`two clauses are named "${c.name}"; clause names must be distinct`);
    seen.add(c.name);
    if (c.values.length !== n)
      throw new RangeError(`clause "${c.name}" scores ${c.values.length} candidates, clause "${columns[0].name}" ${n}`);
  });
  const m = columns.length;
  const scores = new Float64Array(n * m);
  for (let j = 0; j < m; j++) {
    for (let i = 0; i < n; i++) {
      const x = columns[j].values[i];
      if (!(x >= 0) || x === Infinity)
        throw new RangeError(
          `clause "${columns[j].name}": candidate ${i + 1} scores ${x}; scores must be finite and >= 0`,
        );
      scores[i * m + j] = x;
    }
  }
  const clauses = columns.map(({ name, kind, rule, note }) =>
    note === undefined ? { name, kind, rule } : { name, kind, rule, note },
  );
  return { numCandidates: n, clauses, scores };
}

/** Index of the clause called `name`; the error lists the names there are. */
export function clauseIndex(matrix: Pick<ScoreMatrix, 'clauses'>, name: string): number {
  const i = matrix.clauses.findIndex((c) => c.name === name);
  if (i < 0)
    throw new RangeError(
      `no clause is named "${name}"; the clauses are ${matrix.clauses.map((c) => `"${c.name}"`).join(', ')}`,
    );
  return i;
}
