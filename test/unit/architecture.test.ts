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
    const folders = readdirSync(src, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect(folders.filter((f) => !(f in ALLOWED))).toEqual([]);
  });

  test('import only from the layers below them', () => {
    const violations: string[] = [];
    for (const file of sourceFiles(src)) {
      const layer = layerOf(file);
      const text = readFileSync(file, 'utf8');
      for (const [, spec] of text.matchAll(/(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
        if (!spec?.startsWith('.')) continue;
        const target = resolve(dirname(file), spec);
        if (!target.startsWith(src)) continue; // assembly/ builds and package.json
        const to = layerOf(target);
        if (to !== layer && !ALLOWED[layer]?.includes(to)) violations.push(`${relative(root, file)} imports ${spec} (${layer} -> ${to})`);
      }
    }
    expect(violations).toEqual([]);
  });

  test('no module imports itself back through a loop (type-only imports aside)', () => {
    const edges = new Map<string, string[]>();
    for (const file of sourceFiles(src)) {
      const text = readFileSync(file, 'utf8');
      const targets = [...text.matchAll(/^(?:import|export)(?!\s+type\b)[^'"]*?from\s*['"](\.[^'"]+)['"]/gm)].map((m) => resolve(dirname(file), m[1]));
      edges.set(file, targets);
    }
    const loops: string[] = [];
    const done = new Set<string>(), path: string[] = [];
    const visit = (file: string): void => {
      if (done.has(file)) return;
      const at = path.indexOf(file);
      if (at >= 0) { loops.push(path.slice(at).concat(file).map((f) => relative(src, f)).join(' -> ')); return; }
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
      [...readFileSync(file, 'utf8').matchAll(/from\s*['"]([^'".][^'"]*)['"]/g)].map((m) => `${relative(root, file)}: ${m[1]}`),
    );
    expect(offenders).toEqual([]);
  });
});

describe('the core type check', () => {
  test('fails when a file in src/core uses fetch, document, indexedDB or process', { timeout: 60_000 }, async () => {
    const probe = join(src, 'core', `zz-io-probe-${process.pid}.ts`);
    writeFileSync(probe, "export const a = fetch('x');\nexport const b = document.title;\nexport const c = indexedDB.open('x');\nexport const d = process.env;\n");
    try {
      const output = await new Promise<string>((done) => {
        execFile(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.core.json')], (_, stdout) => done(stdout));
      });
      const errors = output.split('\n').filter((line) => line.includes('zz-io-probe'));
      expect(errors.map((line) => line.match(/Cannot find name '(\w+)'/)?.[1])).toEqual(['fetch', 'document', 'indexedDB', 'process']);
    } finally {
      rmSync(probe, { force: true });
    }
  });
});
