// Every folder's README lists its modules (issue 27: a README in every layer folder, true to its files): each
// file under src/ is named in its nearest README (its folder's, or else the closest one up the tree); no README,
// nor CONTRIBUTING.md or docs/, names a source file that does not exist or points at a file outside the repository.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Every file under `dir` (relative to the repository), skipping the folders a build or an install makes. */
function filesUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const path = dir === '' ? e.name : `${dir}/${e.name}`;
    if (!e.isDirectory()) return [path];
    return ['node_modules', 'dist', '.git', 'tmp'].includes(e.name) ? [] : filesUnder(path);
  });
}

const repoFiles = filesUnder('');
const readmes = repoFiles.filter((f) => basename(f) === 'README.md' && (f === 'README.md' || f.startsWith('src/')));
/** What a reader is sent to: the READMEs above, CONTRIBUTING.md and docs/. */
const documents = [...readmes, 'CONTRIBUTING.md', ...repoFiles.filter((f) => f.startsWith('docs/'))];

/** The modules a README must name: source files, not declarations or data (.json) or the READMEs themselves. */
const modules = repoFiles.filter(
  (f) => f.startsWith('src/') && /\.(ts|svelte|mjs|js|css)$/.test(f) && !/\.d\.ts$/.test(f),
);

/** The README.md of the file's folder, or else of the closest folder up the tree (the repository's at the top). */
function nearestReadme(file: string): string {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    const readme = dir === '.' ? 'README.md' : `${dir}/README.md`;
    if (existsSync(join(root, readme))) return readme;
    if (dir === '.') throw new Error(`no README above ${file}`);
  }
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether the README's code spans (`...`) name the module: its name without the extension (`policy-value`,
 * `SavedPlans`, `plan.worker`, `app-state.svelte`) as a whole word of a span, alone, with its extension or at the
 * end of a path. A name in prose does not count, so `pool` is not named by "the pool" nor by `pool-text.ts`.
 */
function names(spans: string, file: string): boolean {
  const stem = basename(file).replace(/\.(ts|svelte|mjs|js|css)$/, '');
  return new RegExp(`(?<![\\w.-])${escape(stem)}(?![\\w-])`).test(spans);
}

const codeSpans = (text: string) => [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]);

describe('the READMEs', () => {
  test('name every module under src/ in the nearest README', () => {
    const spans = new Map(readmes.map((r) => [r, codeSpans(readFileSync(join(root, r), 'utf8')).join('\n')]));
    const missing = modules.flatMap((file) => {
      const readme = nearestReadme(file);
      return names(spans.get(readme) ?? '', file) ? [] : [`${file} (not in ${readme})`];
    });
    expect(missing).toEqual([]);
  });

  test('name no source file that does not exist, nor do CONTRIBUTING.md and docs/', () => {
    // A path is checked as written against every file of the repository: `core/plan/json-pieces.ts` is
    // src/core/plan/json-pieces.ts, a bare `plan.ts` any file of that name. Globs (`*.worker.ts`) are not paths.
    const ends = new Set(repoFiles.flatMap((f) => f.split('/').map((_, i, parts) => parts.slice(i).join('/'))));
    const gone = documents.flatMap((readme) =>
      codeSpans(readFileSync(join(root, readme), 'utf8')).flatMap((span) =>
        [...span.matchAll(/(?<![\w./*-])([\w.-]+\/)*\w[\w.-]*\.(ts|svelte|mjs|js)(?![\w.-])/g)]
          .map((m) => m[0].replace(/^(\.\/|\.\.\/)+/, '').replace(/^\/+/, ''))
          .filter((path) => !ends.has(path))
          .map((path) => `${readme}: ${path}`),
      ),
    );
    expect(gone).toEqual([]);
  });

  test('send no reader to a file outside the repository', () => {
    // The README may say that tests and benchmarks read reference data from ../shared; no document points at a
    // file there for the reader to open.
    const outside = documents.filter((doc) => /(\.\.|\/work)\/shared\/\w/.test(readFileSync(join(root, doc), 'utf8')));
    expect(outside).toEqual([]);
  });
});
