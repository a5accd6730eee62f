// The layers of ARCHITECTURE.md, checked: imports point one way, and the core cannot reach I/O.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const src = join(root, 'src');

/** Which layers (folders of src/) each layer may import from; itself is always allowed. */
const ALLOWED: Record<string, string[]> = {
  core: [],
  engine: ['core'],
  // The plan worker hosts the plan use-case (pipeline/plan) and saves and reads plans itself
  // (storage's own code), off the page's thread.
  workers: ['engine', 'storage', 'pipeline', 'core'],
  llm: ['core'],
  storage: ['core'],
  pipeline: ['llm', 'core'],
  state: ['workers', 'llm', 'storage', 'pipeline', 'core'],
  charts: ['core'],
  components: ['charts', 'state', 'core'],
  cli: ['engine', 'llm', 'pipeline', 'core'],
  '(root)': ['components', 'workers'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.(ts|svelte|mjs)$/.test(e.name) ? [path] : [];
  });
}

const layerOf = (file: string) => {
  const rel = relative(src, file).split('/');
  return rel.length === 1 ? '(root)' : rel[0];
};

describe('the layers of src/', () => {
  test('every folder of src/ is a known layer', () => {
    const folders = readdirSync(src, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(folders.filter((f) => !(f in ALLOWED))).toEqual([]);
  });

  test('import only from the layers below them', () => {
    const violations: string[] = [];
    for (const file of sourceFiles(src)) {
      const layer = layerOf(file);
      const text = readFileSync(file, 'utf8');
      for (const [, spec] of text.matchAll(
        /(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g,
      )) {
        if (!spec?.startsWith('.')) continue;
        const target = resolve(dirname(file), spec);
        if (!target.startsWith(src)) continue; // assembly/ builds and package.json
        const to = layerOf(target);
        if (to !== layer && !ALLOWED[layer]?.includes(to))
          violations.push(`${relative(root, file)} imports ${spec} (${layer} -> ${to})`);
      }
    }
    expect(violations).toEqual([]);
  });

  test('no module imports itself back through a loop (type-only imports aside)', () => {
    const edges = new Map<string, string[]>();
    for (const file of sourceFiles(src)) {
      const text = readFileSync(file, 'utf8');
      const targets = [...text.matchAll(/^(?:import|export)(?!\s+type\b)[^'"]*?from\s*['"](\.[^'"]+)['"]/gm)].map((m) =>
        resolve(dirname(file), m[1]),
      );
      edges.set(file, targets);
    }
    const loops: string[] = [];
    const done = new Set<string>(),
      path: string[] = [];
    const visit = (file: string): void => {
      if (done.has(file)) return;
      const at = path.indexOf(file);
      if (at >= 0) {
        loops.push(
          path
            .slice(at)
            .concat(file)
            .map((f) => relative(src, f))
            .join(' -> '),
        );
        return;
      }
      path.push(file);
      for (const next of edges.get(file) ?? []) visit(next);
      path.pop();
      done.add(file);
    };
    for (const file of edges.keys()) visit(file);
    expect(loops).toEqual([]);
  });

  test('the core imports no package but pure ones', () => {
    const offenders = sourceFiles(join(src, 'core')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/from\s*['"]([^'".][^'"]*)['"]/g)].map(
        (m) => `${relative(root, file)}: ${m[1]}`,
      ),
    );
    expect(offenders).toEqual([]);
  });
});

describe('the core type check', () => {
  test('fails when a file in src/core uses fetch, document, indexedDB or process', { timeout: 60_000 }, async () => {
    const probe = join(src, 'core', `zz-io-probe-${process.pid}.ts`);
    writeFileSync(
      probe,
      "export const a = fetch('x');\nexport const b = document.title;\nexport const c = " +
        "indexedDB.open('x');\nexport const d = process.env;\n",
    );
    try {
      const output = await new Promise<string>((done) => {
        execFile(
          process.execPath,
          [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.core.json')],
          (_, stdout) => done(stdout),
        );
      });
      const errors = output.split('\n').filter((line) => line.includes('zz-io-probe'));
      expect(errors.map((line) => line.match(/Cannot find name '(\w+)'/)?.[1])).toEqual([
        'fetch',
        'document',
        'indexedDB',
        'process',
      ]);
    } finally {
      rmSync(probe, { force: true });
    }
  });
});

/** A file's code without comments, and a .svelte file's without its style block: its scripts and markup. */
function codeOf(file: string): string {
  const text = readFileSync(file, 'utf8')
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '');
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** The layer a relative import of `file` lands in (null: a package). */
const layerOfSpec = (file: string, spec: string) =>
  spec.startsWith('.') ? layerOf(resolve(dirname(file), spec)) : null;

/** The names of `{ a, type B, c as d }` that are values, as `a` and `c as d`. */
const valueNames = (braces: string) =>
  braces
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s && !s.startsWith('type '));

/** Names that the files of src/<dir> export with `export class|function|const|let` (`classes`: classes only). */
const exportedNames = (dir: string, classes = false) => {
  const any = /^export\s+(?:async\s+)?(?:function|class|const|let)\s+(\w+)/gm;
  const pattern = classes ? /^export\s+class\s+(\w+)/gm : any;
  const names = (file: string) => [...readFileSync(file, 'utf8').matchAll(pattern)].map((m) => m[1]);
  return new Set(sourceFiles(join(src, dir)).flatMap(names));
};

describe('the composition root (state/app-state.svelte.ts) alone builds what the screens run on', () => {
  test('state re-exports no value of workers, storage or llm (components get sessions, not their parts)', () => {
    const below = (file: string, spec: string) => ['workers', 'storage', 'llm'].includes(layerOfSpec(file, spec) ?? '');
    const offenders: string[] = [];
    for (const file of sourceFiles(join(src, 'state'))) {
      const text = readFileSync(file, 'utf8');
      // values imported from below, then exported again by name (`import { a } from ...; export { a }`)
      const imported = new Set<string>();
      for (const [, names, spec] of text.matchAll(/^import\s+(?!type\b)\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/gm)) {
        if (below(file, spec)) for (const n of valueNames(names)) imported.add(n.split(/\s+as\s+/).pop()!);
      }
      const exports = /^export\s+(?!type\b)(?:\*|\{([^}]*)\})\s*(?:from\s*['"]([^'"]+)['"])?/gm;
      for (const [line, names, spec] of text.matchAll(exports)) {
        const values = names === undefined ? ['*'] : valueNames(names);
        const local = (n: string) => imported.has(n.split(/\s+as\s+/)[0]);
        const again = spec ? (below(file, spec) ? values : []) : values.filter(local);
        if (again.length) offenders.push(`${relative(root, file)}: ${line.trim()}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  test('components reach no store, worker (or worker factory) or browser storage, and build no session', () => {
    // The values workers and storage export (a worker's client, a factory, a store), but for state's own
    // names (the page's PlanSession is state's); the classes of state, but for the root App.svelte builds.
    const own = exportedNames('state');
    const parts = [...exportedNames('workers'), ...exportedNames('storage')].filter((n) => !own.has(n));
    const sessions = [...exportedNames('state', true)].filter((c) => c !== 'AppState');
    const rules: [RegExp, string][] = [
      [/\b(?:localStorage|sessionStorage|indexedDB)\b/, 'browser storage'],
      [/\.store\b|\bStore\b|\brunRepository\b/, 'a store'],
      [/\bnew\s+(?:Shared)?Worker\b|\.engine\b|\[['"]engine['"]\]|\bworker[A-Z]\w*/, 'a worker'],
      [new RegExp(`\\b(?:${parts.join('|')})\\b`), 'a part of workers or storage'],
      [new RegExp(`\\bnew\\s+(?:${sessions.join('|')})\\b`), 'a session built here, not by the root'],
    ];
    const offenders = sourceFiles(join(src, 'components')).flatMap((file) => {
      const code = codeOf(file);
      return rules.flatMap(([pattern, what]) => {
        const found = code.match(pattern);
        return found ? [`${relative(root, file)}: ${what} (${found[0]})`] : [];
      });
    });
    expect(offenders).toEqual([]);
  });
});
