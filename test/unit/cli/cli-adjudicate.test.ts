import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { main } from '../../../src/cli/main.ts';

async function runCli(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
  });
  return { code, stdout, stderr };
}

describe('allot adjudicate', () => {
  const dir = mkdtempSync(join(tmpdir(), 'allot-adjudicate-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, data: unknown) => {
    const file = join(dir, name);
    writeFileSync(file, typeof data === 'string' ? data : JSON.stringify(data));
    return file;
  };
  // Precomputed scores: "lopsided" has the best sum, "balanced" the best minimum, "dominated" neither.
  const scored = write('scored.json', {
    clauses: [{ name: 'low income' }, { name: 'old' }],
    candidates: [
      { id: 'lopsided', expression: 'state * agent_feats[40]', scores: { 'low income': 1.6, old: 0.6 } },
      { id: 'balanced', scores: { 'low income': 1.0, old: 1.0 } },
      { id: 'dominated', scores: { 'low income': 0.9, old: 0.9 } },
    ],
  });

  test('reads the pool of an SCLM run exported from History, and says when an exported run has none', async () => {
    const pool = {
      clauses: [{ name: 'low income' }, { name: 'old' }],
      candidates: [
        { id: 'a', scores: { 'low income': 1, old: 2 } },
        { id: 'b', scores: { 'low income': 2, old: 1.5 } },
      ],
    };
    const exported = (run: object) => ({ format: 'allot-run', version: 1, run, candidates: [], result: null });
    const direct = await runCli(['adjudicate', '--pool', write('direct.json', pool), '--json']);
    const fromRun = await runCli([
      'adjudicate',
      '--pool',
      write('run.json', exported({ kind: 'sclm', checkpoint: { sclm: { result: { pool } } } })),
      '--json',
    ]);
    expect(fromRun.code).toBe(0);
    expect(fromRun.stdout).toBe(direct.stdout);
    const dlm = await runCli([
      'adjudicate',
      '--pool',
      write('dlm-run.json', exported({ kind: 'dlm', checkpoint: {} })),
    ]);
    expect(dlm.code).toBe(1);
    expect(dlm.stderr).toContain('an exported dlm run with no SCLM result; only a finished SCLM run carries a pool');
  });

  test(
    'prints utilitarian, Nash and egalitarian selections side by side, an extra p, the Pareto front and the ' +
      'regret bound as JSON',
    async () => {
      const { code, stdout } = await runCli([
        'adjudicate',
        '--pool',
        scored,
        '--p',
        '-2',
        '--pareto',
        'low income,old',
        '--epsilon',
        '0.2',
        '--json',
      ]);
      expect(code).toBe(0);
      const out = JSON.parse(stdout);
      expect(Object.keys(out)).toEqual(['clauses', 'candidates', 'scores', 'selections', 'regret', 'pareto']);
      expect(out.clauses).toEqual([
        { name: 'low income', kind: 'simulator', rule: 'given' },
        { name: 'old', kind: 'simulator', rule: 'given' },
      ]);
      expect(
        out.selections.map((s: { label: string; p: number | string; candidate: string }) => [
          s.label,
          s.p,
          s.candidate,
        ]),
      ).toEqual([
        ['utilitarian', 1, 'lopsided'],
        ['nash', 0, 'balanced'],
        ['egalitarian', '-inf', 'balanced'],
        ['p = -2', -2, 'balanced'],
      ]);
      expect(out.selections[0].welfare).toEqual([1.1, 1, 0.9]);
      expect(out.regret).toEqual({ epsilon: 0.2, bound: 0.4 / 1.2 });
      expect(out.pareto).toEqual({ clauses: ['low income', 'old'], front: ['lopsided', 'balanced'] });
    },
  );

  test('weights apply to every welfare function, and the text output names candidates by id', async () => {
    const { code, stdout } = await runCli(['adjudicate', '--pool', scored, '--weights', '0.9,0.1']);
    expect(code).toBe(0);
    expect(stdout).toContain('Selection (weights 0.9, 0.1):');
    expect(stdout).toMatch(/nash +lopsided: lopsided has the highest welfare, 1.451/);
    // the minimum over clauses with positive weight ignores the weights' sizes
    expect(stdout).toMatch(/egalitarian +balanced:/);
    expect(stdout).toContain('within 18.18% of the best');
  });

  test("computes scores from summaries and reports SCLM's evaluation of the selected candidates", async () => {
    const file = write('summaries.json', {
      clauses: [
        { name: 'low income', kind: 'simulator', target: { group: 'Income', end: 'bottom' } },
        { name: 'no age shift', kind: 'shift', group: 'Age' },
      ],
      default: { values: { 'low income': 10 }, totalUtility: 100, groups: { Income: [20, 80], Age: [50, 50] } },
      candidates: [
        { id: 'a', values: { 'low income': 15 }, totalUtility: 90, groups: { Income: [30, 60], Age: [70, 20] } },
        { id: 'b', values: { 'low income': 12 }, totalUtility: 99, groups: { Income: [24, 75], Age: [50, 49] } },
      ],
    });
    const out = JSON.parse((await runCli(['adjudicate', '--pool', file, '--json'])).stdout);
    expect(out.scores).toEqual([
      [1.5, 0],
      [1.2, 1],
    ]);
    expect(out.selections.map((s: { candidate: string }) => s.candidate)).toEqual(['b', 'b', 'b']);
    expect(out.evaluation.b).toMatchObject({ unmentioned: ['Age'], utilityDrop: 1 });
    expect(out.evaluation.b.clauses[0].change[0]).toBeCloseTo(20, 12);
  });

  test('explains a one-candidate pool', async () => {
    const file = write('one.json', {
      clauses: [{ name: 'x', kind: 'llm' }],
      candidates: [{ id: 'only', scores: { x: 4 } }],
    });
    const out = JSON.parse((await runCli(['adjudicate', '--pool', file, '--json'])).stdout);
    expect(out.selections[0]).toMatchObject({
      candidate: 'only',
      robust_to: null,
      explanation: 'The pool has one candidate: it is selected under every welfare function (welfare 4).',
    });
  });

  test('exits 2 for bad options and 1 with the file and JSON path for a bad pool', async () => {
    expect((await runCli(['adjudicate'])).code).toBe(2);
    expect((await runCli(['adjudicate', '--pool', scored, '--weights', '1'])).stderr).toContain(
      "--weights gives 1 weights for the pool's 2 clauses (low income, old)",
    );
    expect((await runCli(['adjudicate', '--pool', scored, '--weights', '0.5,0.6'])).stderr).toContain(
      'the weights sum to 1.1',
    );
    expect((await runCli(['adjudicate', '--pool', scored, '--pareto', 'old'])).stderr).toContain(
      '--pareto needs two clause names',
    );
    expect((await runCli(['adjudicate', '--pool', scored, '--pareto', 'old,young'])).stderr).toContain(
      'no clause is named "young"',
    );
    expect((await runCli(['adjudicate', '--pool', scored, '--p', '2'])).stderr).toContain('p = 2 is above 1');
    expect((await runCli(['adjudicate', '--pool', scored, '--epsilon', '1'])).code).toBe(2);
    const bad = write('bad.json', { clauses: [{ name: 'x', kind: 'llm' }], candidates: [{ scores: { x: 7 } }] });
    const result = await runCli(['adjudicate', '--pool', bad]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('clause "x": candidate 1 is rated 7, not a whole number from 1 to 5');
    const broken = write('broken.json', '{"clauses": [}');
    expect((await runCli(['adjudicate', '--pool', broken, '--json'])).stdout).toContain(
      'broken.json, line 1, column 14: not valid JSON',
    );
  });

  test('documents the pool format and the --json fields in --help', async () => {
    const { stdout } = await runCli(['adjudicate', '--help']);
    for (const word of [
      '"clauses"',
      '"candidates"',
      '"scores"',
      'kind: simulator',
      '"selections"',
      '"regret"',
      '"pareto"',
      '"evaluation"',
    ])
      expect(stdout).toContain(word);
  });
});
