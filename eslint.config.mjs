// The house rules a reviewer should not have to check by eye, run by `npm run lint` (part of `npm test`):
// which packages each layer may import (test/unit/architecture.test.ts checks the imports between layers; the
// packages are checked here), no evaluated code anywhere in src/ (LLM output is data), lines of at most 120
// characters, and no source file over 300 lines. assembly/ is not TypeScript to a parser (decorators on
// functions): test/unit/house-rules.test.ts holds its lines to 120 characters.
// Formatting itself is prettier's (.prettierrc.json); these rules do not restate it.
import svelte from 'eslint-plugin-svelte';
import tseslint from 'typescript-eslint';

/** The packages each layer of src/ may import; every other package is refused there. Node's modules are `node:`. */
const PACKAGES = {
  core: [],
  engine: ['node:fs/promises'], // engine/load-node.ts reads the .wasm file when the CLI runs the engine
  workers: ['comlink'],
  llm: [],
  storage: ['idb'],
  pipeline: ['read-excel-file/universal'],
  state: ['svelte'],
  charts: ['d3', 'svelte'],
  components: ['d3', 'svelte'],
  cli: ['node:*', 'tsx/esm/api'],
  '(root)': ['svelte'],
};

/** A pattern matching every import specifier that is neither relative nor one of `allowed`. */
const refusedPackages = (allowed) => {
  const escape = (name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace('\\*', '.*');
  const ok = ['\\.', ...allowed.map((name) => `${escape(name)}$`)].join('|');
  return `^(?!(?:${ok}))`;
};

const layerRules = Object.entries(PACKAGES).map(([layer, allowed]) => ({
  files: layer === '(root)' ? ['src/*.{ts,mjs,svelte}'] : [`src/${layer}/**/*.{ts,mjs,svelte}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: refusedPackages(allowed),
            message:
              `src/${layer === '(root)' ? '' : layer} may import only ${allowed.join(', ') || 'no package'}: ` +
              'see the layers in docs/ARCHITECTURE.md (a new package is a decision: add it to eslint.config.mjs).',
          },
        ],
      },
    ],
  },
}));

export default [
  { ignores: ['assembly/**', 'dist/**', 'node_modules/**', 'test-results/**', 'coverage/**', 'build/**'] },
  { ...tseslint.configs.base, files: ['**/*.{ts,mts,mjs}'] },
  ...svelte.configs['flat/base'],
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'] } },
  },
  {
    files: ['**/*.{ts,mts,mjs,svelte}'],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'max-len': ['error', { code: 120, tabWidth: 2, ignoreUrls: true }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['src/**/*.{ts,mjs,svelte}'],
    rules: {
      'max-lines': ['error', { max: 300 }],
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
    },
  },
  ...layerRules,
];
