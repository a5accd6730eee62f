// Every file of the malformed corpus (test/fixtures/malformed) read by the app's readers, exactly as
// the import worker and the other screens read them: each is refused with an error in words that
// names the file, its line and column. No raw JavaScript message ("Cannot read properties of null").
import { describe, expect, test } from 'vitest';
import { parsePool } from '../../../../src/core/adjudicate/parse-pool.ts';
import { parseArmsCsv } from '../../../../src/core/datasets/arms-csv.ts';
import { CsvError } from '../../../../src/core/datasets/csv.ts';
import { parseOutcomesCsv } from '../../../../src/core/datasets/outcomes-csv.ts';
import { parsePolicyUtilities } from '../../../../src/core/datasets/policy-utilities-csv.ts';
import { parsePopulationCsv } from '../../../../src/core/datasets/population-csv.ts';
import { parseSchemaFile } from '../../../../src/core/datasets/population-schema.ts';
import { readImportFile, type ImportKind } from '../../../../src/workers/import/import-population.ts';
import {
  corpusBytes,
  corpusText,
  expectLocatedError,
  malformedCases,
  undescribedFiles,
  type MalformedCase,
} from '../../../fixtures/malformed/corpus.ts';
import { packIds } from '../../../../src/core/plan/packed-ids.ts';

function thrown(read: () => unknown): { message: string; line?: number; column?: number } {
  try {
    read();
  } catch (error) {
    const e = error as Error;
    return { message: e.message, ...(error instanceof CsvError ? { line: error.line, column: error.column } : {}) };
  }
  throw new Error('expected the file to be refused');
}

test('every file of the corpus is described in cases.json, and the corpus holds over a hundred files', () => {
  expect(undescribedFiles()).toEqual([]);
  const all = [
    'population-csv',
    'trajectories',
    'instance-json',
    'schema',
    'pool',
    'policy-utilities',
    'arms',
    'outcomes',
  ].flatMap(malformedCases);
  expect(all.length).toBeGreaterThan(100);
});

describe.each<[string, ImportKind]>([
  ['population-csv', 'population-csv'],
  ['trajectories', 'trajectories'],
  ['instance-json', 'instance-json'],
])('the import worker refuses every malformed %s file with a located error in words', (folder, kind) => {
  test.each(malformedCases(folder).map((c) => [c.path, c] as [string, MalformedCase]))('%s', async (_, c) => {
    const name = c.path.split('/').pop()!;
    const result = await readImportFile(new Blob([corpusBytes(c.path)]), name, kind);
    expect(result.ok, c.path).toBe(false);
    if (result.ok) return;
    expectLocatedError(c, result.error.message, result.error);
  });
});

describe('other readers refuse every malformed file with a located error in words', () => {
  const population = corpusText('schema/population.csv');
  test.each(malformedCases('schema').map((c) => [c.path, c] as [string, MalformedCase]))('schema file %s', (_, c) => {
    const name = c.path.split('/').pop()!;
    const e = thrown(() =>
      parsePopulationCsv(population, { fileName: 'population.csv', schema: parseSchemaFile(corpusText(c.path), name) }),
    );
    expectLocatedError(c, e.message, e);
  });
  test.each(malformedCases('pool').map((c) => [c.path, c] as [string, MalformedCase]))('pool %s', (_, c) => {
    const e = thrown(() => parsePool(corpusText(c.path), c.path.split('/').pop()));
    expectLocatedError(c, e.message, e);
  });
  test.each(malformedCases('policy-utilities').map((c) => [c.path, c] as [string, MalformedCase]))(
    'policy utilities %s',
    (_, c) => {
      const e = thrown(() => parsePolicyUtilities(corpusText(c.path), c.path.split('/').pop()));
      expectLocatedError(c, e.message, e);
    },
  );
  test.each(malformedCases('outcomes').map((c) => [c.path, c] as [string, MalformedCase]))(
    'week outcomes %s (for a register of "a" and "b")',
    (_, c) => {
      const result = parseOutcomesCsv(corpusText(c.path), packIds(['a', 'b']), 2, c.path.split('/').pop());
      expect(result.ok).toBe(false);
      if (!result.ok) expectLocatedError(c, result.errors[0]);
    },
  );
  test.each(malformedCases('arms').map((c) => [c.path, c] as [string, MalformedCase]))('arms %s', (_, c) => {
    const e = thrown(() => parseArmsCsv(corpusText(c.path), c.path.split('/').pop()));
    expectLocatedError(c, e.message, e);
  });
});
