import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/** Emits sw.js (src/workers/service-worker.js) with the list of this build's files to precache. */
function precache(): Plugin {
  return {
    name: 'precache',
    apply: 'build',
    generateBundle(_, bundle) {
      const files = [
        './',
        ...Object.keys(bundle)
          .filter((f) => !f.endsWith('.map'))
          .map((f) => `./${f}`),
        './favicon.svg',
      ];
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
      const source = readFileSync(new URL('./src/workers/service-worker.js', import.meta.url), 'utf8');
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: source.replace("/* manifest */ { version: 'dev', files: [] }", JSON.stringify({ version, files })),
      });
    },
  };
}

// File names carry an optional tag (ALLOT_BUILD_TAG), so that a test can serve two builds whose
// chunks have different names one after the other, as a deploy does (test/e2e/deploy.test.ts).
const tag = process.env.ALLOT_BUILD_TAG ? `${process.env.ALLOT_BUILD_TAG}-` : '';
const output = {
  entryFileNames: `assets/${tag}[name]-[hash].js`,
  chunkFileNames: `assets/${tag}[name]-[hash].js`,
  assetFileNames: `assets/${tag}[name]-[hash][extname]`,
};

export default defineConfig({
  // Relative URLs everywhere, so dist/ works from any sub-path of any static file server.
  base: './',
  plugins: [svelte({ configFile: false }), precache()],
  worker: { format: 'es', rollupOptions: { output } },
  build: {
    target: 'es2022',
    rollupOptions: { output },
    assetsInlineLimit: 0, // keep the .wasm a file of its own, fetched and compiled by the worker
  },
  test: {
    projects: [
      {
        extends: true,
        // Command-line tests start node + tsx subprocesses: seconds each on a loaded 2-core machine.
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node', testTimeout: 30_000 },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
    reporters: ['default', './test/summary-reporter.ts'],
  },
});
