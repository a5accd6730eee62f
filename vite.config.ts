import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Relative URLs everywhere, so dist/ works from any sub-path of any static file server.
  base: './',
  plugins: [svelte({ configFile: false })],
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    assetsInlineLimit: 0, // keep the .wasm a file of its own, fetched and compiled by the worker
  },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node' },
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
