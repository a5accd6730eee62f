// `allot adjudicate --pool FILE`: SCLM's selection on an exported pool, under utilitarian, Nash and
// egalitarian welfare side by side (plus --p/--weights), with the Pareto front of two clauses and
// the regret bound under score noise.
import { adjudicate, CLASSIC_WELFARE, type WelfareChoice } from '../../core/adjudicate/adjudicate.ts';
import { evaluatePolicy } from '../../core/adjudicate/evaluate-policy.ts';
import { parsePool } from '../../core/adjudicate/parse-pool.ts';
import { poolScoreMatrix } from '../../core/adjudicate/pool-score-matrix.ts';
import { poolText } from '../../core/adjudicate/pool-text.ts';
import { clauseIndex } from '../../core/adjudicate/score-matrix.ts';
import { selectionRecord } from '../../core/adjudicate/selection-record.ts';
import { paretoFront } from '../../core/measures/pareto-front.ts';
import { parseP } from '../../core/welfare/parse-p.ts';
import { UsageError } from '../args.ts';
import { readTextFile } from '../read-text-file.ts';
import type { Command } from '../command.ts';
import { RANGES } from '../../core/limits/setting-ranges.ts';
import { numberOption, parseNumber } from '../number-option.ts';
import { signedPercent } from '../../core/words/percent.ts';

export const adjudicateCommand: Command = {
  name: 'adjudicate',
  summary: 'select from a candidate pool by welfare (SCLM): utilitarian, Nash, egalitarian side by side',
  usage: '--pool FILE.json [--p P] [--weights W1,W2,...] [--pareto A,B] [--epsilon E] [--json]',
  options: {
    pool: {
      type: 'string',
      value: 'FILE.json',
      description: 'the pool: clauses and candidates (format below), or an SCLM run exported from History',
    },
    p: {
      type: 'string',
      value: 'P',
      description: 'also select with this p-mean: a number <= 1, -inf, utilitarian, nash or egalitarian',
    },
    weights: {
      type: 'string',
      value: 'W1,W2,...',
      description: 'clause weights in clause order, >= 0, summing to 1; apply to every welfare function',
      default: 'equal weights',
    },
    pareto: {
      type: 'string',
      value: 'A,B',
      description: 'print the Pareto front of the pool on the clauses named A and B',
    },
    epsilon: {
      type: 'string',
      value: 'E',
      description: 'assumed multiplicative score noise for the regret bound',
      default: '0.1',
      range: RANGES.epsilon,
    },
  },
  details: [
    'Pool file (JSON):',
    '  {"clauses": [{"name": "low income", "kind": "simulator", "text": "...", "expression": "...",',
    '                "target": {"group": "Income", "end": "bottom"}},',
    '               {"name": "no education shift", "kind": "shift", "group": "Education"},',
    '               {"name": "total", "kind": "utility"}, {"name": "rated", "kind": "llm"}],',
    '   "default": {"values": {"low income": 12.5}, "totalUtility": 310, "groups": {"Education": [40, 90, 60]}},',
    '   "candidates": [{"id": "r0/c0", "expression": "...", "scores": {"rated": 4},',
    '                   "values": {"low income": 14.1}, "totalUtility": 301, "groups": {"Education": [35, 92, 61], ' +
      '"Income": [...]}}]}',
    "kind: simulator (default), llm (1-5 rating), shift, utility or given. A clause's column comes from the " +
      "candidates'",
    '"scores" when every candidate has one (used as they are; llm ratings must be 1-5), otherwise from their ' +
      'summaries:',
    "simulator = values[name] / default.values[name] (min-max normalized over the pool when the default's " +
      'value is <= 0',
    'or a value is negative, with a note); shift = EMD between default.groups[group] and groups[group], min-max',
    'normalized and inverted; utility = totalUtility, min-max normalized. "target" and the default\'s "groups" and',
    '"totalUtility" feed the evaluation (SCLM\'s measures): % change of the top/bottom 1, 2, 3 buckets, their sum and',
    'minimum, average EMD over groups no clause targets, % drop in total utility.',
    '',
    "Regret: if observed scores are within a factor (1 +- E) of the truth, the selection's welfare is within",
    '2E/(1+E) of the best (SCLM Proposition 1); "robust to" is the noise below which a choice cannot change.',
    '',
    '--json prints {"clauses": [{"name", "kind", "rule", "note"?}], "candidates": [ids], "scores": [[per clause] per',
    'candidate], "selections": [{"label", "p" (-inf as the string "-inf"), "weights"?, "index", "candidate", "tied",',
    '"welfare": [per candidate], "robust_to", "explanation"}], "regret": {"epsilon", "bound"}, "pareto"?:',
    '{"clauses": [A, B], "front": [ids]}, "evaluation": {candidate id: {"clauses", "summary", "averageEmd",',
    '"unmentioned", "utilityDrop"}} for the selected candidates when the pool has a default}.',
  ].join('\n'),
  async run({ options }, io) {
    if (typeof options.pool !== 'string') throw new UsageError('--pool is required');
    const epsilon = numberOption(options, 'epsilon', RANGES.epsilon, 0.1);
    const extraP = typeof options.p === 'string' ? usage(() => parseP(options.p as string)) : undefined;
    const pool = parsePool(poolText(await readTextFile(options.pool), options.pool), options.pool);
    const matrix = poolScoreMatrix(pool);
    const m = matrix.clauses.length;
    let weights: number[] | undefined;
    if (typeof options.weights === 'string') {
      weights = options.weights.split(',').map((item, i) => {
        const x = parseNumber(item);
        if (!Number.isFinite(x)) throw new UsageError(`--weights: item ${i + 1} ("${item.trim()}") is not a number`);
        return x;
      });
      if (weights.length !== m)
        throw new UsageError(
          `--weights gives ${weights.length} weights for the pool's ${m} clauses ` +
            `(${matrix.clauses.map((c) => c.name).join(', ')})`,
        );
    }
    const choices: WelfareChoice[] = CLASSIC_WELFARE.map((c) => ({ ...c, ...(weights && { weights }) }));
    if (extraP !== undefined) choices.push({ label: `p = ${extraP}`, p: extraP, ...(weights && { weights }) });
    const ids = pool.candidates.map((c) => c.id);
    const result = usage(() => adjudicate(matrix, choices, epsilon, ids));
    let pareto: { clauses: [string, string]; front: number[] } | undefined;
    if (typeof options.pareto === 'string') {
      const names = options.pareto.split(',').map((s) => s.trim());
      if (names.length !== 2) throw new UsageError(`--pareto needs two clause names, A,B; got "${options.pareto}"`);
      const [x, y] = names.map((n) => usage(() => clauseIndex(matrix, n)));
      pareto = { clauses: [names[0], names[1]], front: paretoFront(matrix.scores, m, x, y) };
    }
    const selected = [...new Set(result.outcomes.map((o) => o.index))];
    const evaluation = pool.default
      ? Object.fromEntries(selected.map((i) => [ids[i], evaluatePolicy(pool, pool.candidates[i])]))
      : undefined;
    const row = (i: number) => Array.from(matrix.scores.subarray(i * m, (i + 1) * m));

    if (options.json) {
      const output = {
        clauses: matrix.clauses,
        candidates: ids,
        scores: ids.map((_, i) => row(i)),
        selections: result.outcomes.map((o) => {
          const { label, robustTo, explanation, ...chosen } = selectionRecord(o, ids);
          return {
            label,
            p: o.p === -Infinity ? '-inf' : o.p,
            ...(o.weights && { weights: o.weights }),
            ...chosen,
            robust_to: robustTo,
            explanation,
          };
        }),
        regret: result.regret,
        ...(pareto && { pareto: { clauses: pareto.clauses, front: pareto.front.map((i) => ids[i]) } }),
        ...(evaluation && { evaluation }),
      };
      io.stdout.write(`${JSON.stringify(output)}\n`);
      return 0;
    }
    const out: string[] = [];
    out.push(`${ids.length} candidate${ids.length === 1 ? '' : 's'} x ${m} clause${m === 1 ? '' : 's'}:`);
    for (const c of matrix.clauses) out.push(`  ${c.name} (${c.kind}, ${c.rule})${c.note ? `: ${c.note}` : ''}`);
    out.push('', 'Scores:');
    const idWidth = Math.max(...ids.map((s) => s.length), 9);
    out.push(
      `  ${'candidate'.padEnd(idWidth)}  ` +
        `${matrix.clauses.map((c) => c.name.padStart(Math.max(8, c.name.length))).join('  ')}`,
    );
    ids.forEach((id, i) =>
      out.push(
        `  ${id.padEnd(idWidth)}  ${row(i)
          .map((x, j) => x.toFixed(4).padStart(Math.max(8, matrix.clauses[j].name.length)))
          .join('  ')}`,
      ),
    );
    out.push('', weights ? `Selection (weights ${weights.join(', ')}):` : 'Selection:');
    for (const o of result.outcomes) out.push(`  ${o.label.padEnd(12)} ${ids[o.index]}: ${o.explanation}`);
    out.push(
      '',
      `Regret bound: with scores within a factor 1 +- ${epsilon} of the truth, each selection's welfare is within ` +
        `${(100 * result.regret.bound).toFixed(2)}% of the best (2e/(1+e), SCLM Proposition 1).`,
    );
    if (pareto)
      out.push(
        '',
        `Pareto front on "${pareto.clauses[0]}" and "${pareto.clauses[1]}": ` +
          `${pareto.front.map((i) => ids[i]).join(', ')}`,
      );
    if (evaluation) {
      out.push('', 'Evaluation against the default policy:');
      for (const [id, e] of Object.entries(evaluation)) {
        const parts = e.clauses.map((c) => `${c.name} ${c.end} 1/2/3: ${c.change.map(pct).join(' / ')}`);
        const sums = e.summary.map((s) => (s ? `${pct(s.sum)} (min ${pct(s.min)})` : 'n/a'));
        out.push(
          `  ${id}: ${parts.join('; ') || 'no targeted clause'}` +
            `${e.clauses.length ? `; sum 1/2/3: ${sums.join(' / ')}` : ''}`,
        );
        out.push(
          `  ${' '.repeat(id.length)}  average EMD over ${e.unmentioned.join(', ') || 'no group'}: ` +
            `${e.averageEmd === null ? 'n/a' : e.averageEmd.toFixed(4)}; utility drop: ` +
            `${e.utilityDrop === null ? 'n/a' : pct(e.utilityDrop)}`,
        );
      }
    }
    io.stdout.write(out.join('\n') + '\n');
    return 0;
  },
};

/** The adjudicator's changes are in percent already. */
const pct = (x: number | null) => (x === null ? 'n/a' : signedPercent(x / 100, 2));

/** Errors in what the user typed (p, weights, clause names) are usage errors. */
function usage<T>(f: () => T): T {
  try {
    return f();
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}
