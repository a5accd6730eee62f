// The score matrix of a pool: each clause's column from the candidates' precomputed scores when
// every candidate has one, else from their policy summaries by the clause's kind.
import { llmScoreColumn } from './llm-score-column.ts';
import type { Pool, PoolClause } from './pool.ts';
import type { ScoreColumn } from './score-column.ts';
import { scoreMatrix, type ScoreMatrix } from './score-matrix.ts';
import { shiftScoreColumn } from './shift-score-column.ts';
import { simulatorScoreColumn } from './simulator-score-column.ts';
import { utilityScoreColumn } from './utility-score-column.ts';

export function poolScoreMatrix(pool: Pool): ScoreMatrix {
  return scoreMatrix(pool.clauses.map((clause) => clauseColumn(pool, clause)));
}

function clauseColumn(pool: Pool, clause: PoolClause): ScoreColumn {
  const { candidates } = pool;
  const { name, kind } = clause;
  const missing = (what: string, i: number) =>
    new RangeError(`clause "${name}" (${kind}): candidate ${candidates[i].id} has no ${what}`);
  const given = candidates.filter((c) => c.scores?.[name] !== undefined).length;
  if (given === candidates.length) {
    const scores = candidates.map((c) => c.scores![name]);
    return kind === 'llm'
      ? llmScoreColumn(name, scores)
      : { name, kind, values: Float64Array.from(scores), rule: 'given' };
  }
  if (given > 0 || kind === 'llm' || kind === 'given') {
    const i = candidates.findIndex((c) => c.scores?.[name] === undefined);
    throw missing(
      `score for it in ` +
        `"scores"${given > 0 ? ' (other candidates have one: give every candidate a score, or none)' : ''}`,
      i,
    );
  }
  if (kind === 'simulator') {
    const values = candidates.map((c, i) => c.values?.[name] ?? thrown(missing(`value for it in "values"`, i)));
    const base = pool.default?.values?.[name];
    if (base === undefined)
      throw new RangeError(`clause "${name}" (simulator): the default policy has no value for it in default.values`);
    return simulatorScoreColumn(name, values, base);
  }
  if (kind === 'utility') {
    return utilityScoreColumn(
      name,
      candidates.map((c, i) => c.totalUtility ?? thrown(missing('totalUtility', i))),
    );
  }
  const group = clause.group!;
  const base = pool.default?.groups?.[group];
  if (base === undefined)
    throw new RangeError(
      `clause "${name}" (shift): the default policy has no utility distribution for group "${group}" in default.groups`,
    );
  const { emd: _emd, ...column } = shiftScoreColumn(
    name,
    candidates.map(
      (c, i) => c.groups?.[group] ?? thrown(missing(`utility distribution for group "${group}" in "groups"`, i)),
    ),
    base,
  );
  return column;
}

function thrown(error: Error): never {
  throw error;
}
