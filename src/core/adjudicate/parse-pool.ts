// Reads a pool file (JSON, see pool.ts). Untrusted input: every field is checked, and an error
// names the file, line and column, and the JSON path.
import { jsonValueError, parseJsonFile } from '../datasets/json-place.ts';
import { CLAUSE_KINDS, type Pool, type PoolCandidate, type PoolClause, type PoolPolicy } from './pool.ts';

type Json = unknown;

export function parsePool(text: string, fileName = 'pool'): Pool {
  const data: Json = parseJsonFile(text, fileName, 'a pool: a JSON object with "clauses" and "candidates"');
  const fail = (path: string, what: string): never => {
    throw jsonValueError(text, fileName, path === 'the file' ? '' : path, `${path} ${what}`);
  };
  const obj = (v: Json, path: string) =>
    v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, Json>) : fail(path, 'must be an object');
  const arr = (v: Json, path: string) => (Array.isArray(v) ? v : fail(path, 'must be an array'));
  const str = (v: Json, path: string) =>
    typeof v === 'string' && v.trim() !== '' ? v : fail(path, 'must be a non-empty string');
  const num = (v: Json, path: string) =>
    typeof v === 'number' && Number.isFinite(v) ? v : fail(path, `must be a finite number, got ${JSON.stringify(v)}`);
  const optional = <T>(
    o: Record<string, Json>,
    key: string,
    path: string,
    read: (v: Json, p: string) => T,
  ): T | undefined => (o[key] === undefined ? undefined : read(o[key], `${path}.${key}`));
  const numbers = (v: Json, path: string) => {
    const o = obj(v, path);
    return Object.fromEntries(Object.keys(o).map((k) => [k, num(o[k], `${path}[${JSON.stringify(k)}]`)]));
  };
  const groups = (v: Json, path: string) => {
    const o = obj(v, path);
    return Object.fromEntries(
      Object.keys(o).map((k) => [
        k,
        arr(o[k], `${path}[${JSON.stringify(k)}]`).map((x, i) => num(x, `${path}[${JSON.stringify(k)}][${i}]`)),
      ]),
    );
  };
  const summary = (o: Record<string, Json>, path: string): PoolPolicy => {
    const s: PoolPolicy = {};
    const values = optional(o, 'values', path, numbers);
    const totalUtility = optional(o, 'totalUtility', path, num);
    const g = optional(o, 'groups', path, groups);
    if (values) s.values = values;
    if (totalUtility !== undefined) s.totalUtility = totalUtility;
    if (g) s.groups = g;
    return s;
  };

  const root = obj(data, 'the file');
  const clauses = arr(root.clauses, 'clauses').map((v, i): PoolClause => {
    const path = `clauses[${i}]`;
    const o = obj(v, path);
    const kind = o.kind ?? 'simulator';
    if (!CLAUSE_KINDS.includes(kind as PoolClause['kind']))
      fail(`${path}.kind`, `must be one of ${CLAUSE_KINDS.join(', ')}, got ${JSON.stringify(kind)}`);
    const clause: PoolClause = { name: str(o.name, `${path}.name`), kind: kind as PoolClause['kind'] };
    for (const key of ['text', 'expression', 'group'] as const) {
      const value = optional(o, key, path, str);
      if (value !== undefined) clause[key] = value;
    }
    if (clause.kind === 'shift' && clause.group === undefined)
      fail(`${path}.group`, 'is required for a shift clause (the feature group that must not shift)');
    if (o.target !== undefined) {
      const t = obj(o.target, `${path}.target`);
      const end = t.end;
      if (end !== 'top' && end !== 'bottom')
        fail(`${path}.target.end`, `must be "top" or "bottom", got ${JSON.stringify(end)}`);
      clause.target = { group: str(t.group, `${path}.target.group`), end: end as 'top' | 'bottom' };
    }
    return clause;
  });
  if (clauses.length === 0) fail('clauses', 'is empty: the pool needs at least one clause');
  const names = new Set<string>();
  clauses.forEach((c, i) => {
    if (names.has(c.name)) fail(`clauses[${i}].name`, `"${c.name}" is used twice; clause names must be distinct`);
    names.add(c.name);
  });
  const candidates = arr(root.candidates, 'candidates').map((v, i): PoolCandidate => {
    const path = `candidates[${i}]`;
    const o = obj(v, path);
    const c: PoolCandidate = { id: o.id === undefined ? String(i + 1) : str(o.id, `${path}.id`), ...summary(o, path) };
    const expression = optional(o, 'expression', path, str);
    if (expression !== undefined) c.expression = expression;
    const scores = optional(o, 'scores', path, numbers);
    if (scores) {
      for (const k of Object.keys(scores))
        if (!names.has(k)) fail(`${path}.scores`, `names the clause "${k}", which is not in clauses`);
      c.scores = scores;
    }
    return c;
  });
  if (candidates.length === 0) fail('candidates', 'is empty: the pool needs at least one candidate');
  const pool: Pool = { clauses, candidates };
  if (root.default !== undefined) pool.default = summary(obj(root.default, 'default'), 'default');
  return pool;
}
