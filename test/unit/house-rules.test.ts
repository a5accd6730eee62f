// The house rules that tools enforce (eslint.config.mjs, .prettierrc.json), each shown to fail on a file that
// breaks it, so a rule switched off by mistake fails here; assembly/'s line length, which no parser reads; and
// no prettier-ignore in src/.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import * as prettier from 'prettier';
import { describe, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The rules ESLint reports for `text` as if it were the file at `path` (the file need not exist). */
async function rulesBroken(path: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: join(root, path) });
  return [...new Set(result.messages.map((m) => m.ruleId ?? m.message))];
}

describe('the linter (npm run lint)', () => {
  test('refuses a line over 120 characters', async () => {
    const line = `export const words = '${'a'.repeat(120)}';\n`;
    expect(await rulesBroken('src/core/zz-probe.ts', line)).toEqual(['max-len']);
    expect(await rulesBroken('test/unit/zz-probe.test.ts', line)).toEqual(['max-len']);
    expect(await rulesBroken('src/components/ZzProbe.svelte', `<p>${'a'.repeat(120)}</p>\n`)).toEqual(['max-len']);
  });

  test('refuses a source file over 300 lines, in src/ only', async () => {
    const long = Array.from({ length: 301 }, (_, i) => `export const a${i} = ${i};`).join('\n') + '\n';
    expect(await rulesBroken('src/core/zz-probe.ts', long)).toEqual(['max-lines']);
    expect(await rulesBroken('test/unit/zz-probe.test.ts', long)).toEqual([]);
  });

  test('refuses a package a layer may not import, and allows the ones it may', async () => {
    const imports = (spec: string) => `import { a } from '${spec}';\nexport const b = a;\n`;
    expect(await rulesBroken('src/core/zz-probe.ts', imports('d3'))).toEqual(['no-restricted-imports']);
    expect(await rulesBroken('src/components/zz-probe.ts', imports('idb'))).toEqual(['no-restricted-imports']);
    expect(await rulesBroken('src/pipeline/zz-probe.ts', imports('node:fs'))).toEqual(['no-restricted-imports']);
    expect(await rulesBroken('src/storage/zz-probe.ts', imports('idb'))).toEqual([]);
    expect(await rulesBroken('src/cli/zz-probe.ts', imports('node:fs'))).toEqual([]);
    expect(await rulesBroken('src/core/zz-probe.ts', imports('./near.ts'))).toEqual([]);
  });

  test('refuses evaluated code in src/ (LLM output is data) and loose equality', async () => {
    expect(await rulesBroken('src/core/zz-probe.ts', 'export const a = eval("1");\n')).toEqual(['no-eval']);
    expect(await rulesBroken('src/core/zz-probe.ts', 'export const a = new Function("return 1");\n')).toEqual([
      'no-new-func',
    ]);
    expect(await rulesBroken('src/core/zz-probe.ts', 'export const a = (x: unknown) => x == 1;\n')).toEqual(['eqeqeq']);
  });
});

describe('the formatter (prettier --check, in npm run lint)', () => {
  test('refuses code it would write differently, and accepts its own output', async () => {
    const options = { ...(await prettier.resolveConfig(join(root, 'src/core/zz-probe.ts'))), filepath: 'zz.ts' };
    expect(await prettier.check('export const a = {b:1}\n', options)).toBe(false);
    expect(await prettier.check(await prettier.format('export const a = {b:1}\n', options), options)).toBe(true);
  });
});

describe('assembly/', () => {
  test('has no line over 120 characters', () => {
    const dir = join(root, 'assembly');
    const long = readdirSync(dir)
      .filter((name) => name.endsWith('.ts'))
      .flatMap((name) =>
        readFileSync(join(dir, name), 'utf8')
          .split('\n')
          .flatMap((line, i) => (line.length > 120 ? [`assembly/${name}:${i + 1} (${line.length})`] : [])),
      );
    expect(long).toEqual([]);
  });
});

describe('src/', () => {
  // prettier-plugin-svelte mis-measures markup text, so a long sentence lives in the script (components/README.md):
  // an ignore comment would let the formatter's check pass over the whole element instead
  test('has no prettier-ignore', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(join(dir, e.name)) : /\.(ts|svelte|css)$/.test(e.name) ? [join(dir, e.name)] : [],
      );
    const ignored = files(join(root, 'src')).filter((f) => readFileSync(f, 'utf8').includes('prettier-ignore'));
    expect(ignored.map((f) => f.slice(root.length))).toEqual([]);
  });
});
