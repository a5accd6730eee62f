// The malformed-file corpus (test/fixtures/malformed) through the command line, in process: every
// file is refused with exit 1 and a located error in words on stderr, as in the app.
import { describe, expect, test } from 'vitest';
import { corpusPath, expectLocatedError, malformedCases, type MalformedCase } from '../../fixtures/malformed/corpus.ts';
import { runMain } from './run-main.ts';

const cases = (folder: string) => malformedCases(folder).map((c) => [c.path, c] as [string, MalformedCase]);

async function refused(argv: string[], c: MalformedCase) {
  const r = await runMain(argv);
  expect(r.code, `${c.path}: ${r.stderr}`).toBe(1);
  expect(r.stdout).toBe('');
  expectLocatedError(c, r.stderr);
}

describe('allot refuses every malformed file with exit 1 and a located error in words', () => {
  test.each([...cases('population-csv'), ...cases('instance-json')])('dataset validate %s', async (path, c) => {
    await refused(['dataset', 'validate', corpusPath(path)], c);
  });
  test.each(cases('schema'))('dataset validate with --schema %s', async (path, c) => {
    await refused(['dataset', 'validate', corpusPath('schema/population.csv'), '--schema', corpusPath(path)], c);
  });
  test.each(cases('trajectories'))('dataset estimate %s', async (path, c) => {
    await refused(['dataset', 'estimate', corpusPath(path), '--out', '/dev/null'], c);
  });
  test.each(cases('pool'))('adjudicate --pool %s', async (path, c) => {
    await refused(['adjudicate', '--pool', corpusPath(path)], c);
  });
  test.each(cases('arms'))('indices --arms %s', async (path, c) => {
    await refused(['indices', '--arms', corpusPath(path)], c);
  });
});
