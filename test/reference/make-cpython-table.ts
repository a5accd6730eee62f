// Writes test/fixtures/reward-cpython-table.json: reward expressions (random trees from a fixed
// seed, and the edge cases issue 18 found) with what CPython computes for each over a small
// population, so that the comparison with CPython runs on machines without python3 too.
//   npx tsx test/reference/make-cpython-table.ts        (needs python3; rewrite after changing the list)
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { pythonOutcomes } from './python-reward.ts';
import { randomExpression, seededRandom } from './random-reward-expression.ts';

export const TABLE_PATH = fileURLToPath(new URL('../fixtures/reward-cpython-table.json', import.meta.url));

/** Columns [name, is float] and arms (one value per column); states 0..2. */
export const TABLE_COLUMNS: [string, boolean][] = [
  ['b0', false],
  ['n0', false],
  ['c0', true],
  ['c1', true],
];
export const TABLE_ARMS = [
  [0, -0, 0.3, 1e10],
  [1, 3, -2.5, -0],
  [0, 17, 1e-3, 7.25],
  [1, 45, 0, -3],
];
export const TABLE_STATES = 3;

/** Found by attacking allot (issue 18): each once computed something CPython does not. */
export const EDGE_CASES = [
  '0.5 ** 1e301',
  '(-0.5) ** 1e301',
  '2.0 ** 1e301',
  '0.3 ** 700.5',
  '1e-300 ** 1.01',
  '0.07 ** 270.3',
  '0.9 ** 7000.5',
  '2**1024 + 1.0/0',
  '2**1024 - 1.0/0',
  '2**1024 * (state / 0)',
  '2**1024 + 1.5',
  '(1.0/0) + 2**1024',
  'state * (1 + agent_feats[0])  # young\n+ 2 * state * agent_feats[1]',
  'state * 2  # a\r+ 1',
  'state * 2  # a\r\n+ 1',
  'state \\\r+ 1',
  '0.5 ** (1e301 * state)',
  '(agent_feats.c0 + 0.5) ** 1e300',
  '7e-320 ** 0.999',
  '5e-324 ** 0.5',
  '1e-310 * 0.5 ** 0.3',
];

function main(): void {
  const random = seededRandom(180118);
  const names = { features: TABLE_COLUMNS.map(([name]) => name) };
  const expressions = [
    ...EDGE_CASES,
    ...Array.from({ length: 1000 }, () => randomExpression(random, names, 1 + Math.floor(random() * 5))),
  ];
  const outcomes = pythonOutcomes(
    TABLE_COLUMNS,
    expressions.map((expr) => ({ expr, arms: TABLE_ARMS, states: TABLE_STATES })),
  );
  // Numbers as their repr text, so that -0.0 and exact values survive JSON.
  const cases = expressions.map((expr, k) => ({
    expr,
    python: outcomes[k].map((row) =>
      row.map((v) => (typeof v === 'number' ? (Object.is(v, -0) ? '-0.0' : String(v)) : `error: ${v.error}`)),
    ),
  }));
  writeFileSync(
    TABLE_PATH,
    JSON.stringify(
      {
        about: 'CPython results of reward expressions; written by test/reference/make-cpython-table.ts',
        columns: TABLE_COLUMNS,
        arms: TABLE_ARMS.map((a) => a.map((v) => (Object.is(v, -0) ? '-0.0' : String(v)))),
        states: TABLE_STATES,
        cases,
      },
      null,
      0,
    ) + '\n',
  );
  console.log(`wrote ${cases.length} expressions to ${TABLE_PATH}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
