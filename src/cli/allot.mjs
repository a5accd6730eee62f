#!/usr/bin/env node
// The `allot` command: runs the TypeScript sources, bundled into one module when they change (bundle.mjs) or
// through tsx when they cannot be bundled, so the command line and the app share one code base with no
// separate build step.
import { writeFileSync } from 'node:fs';
import { bundledMain } from './bundle.mjs';

// For benchmarks (test/bench/speed-readme.ts): this process's CPU time and peak memory, worker threads included.
if (process.env.ALLOT_RESOURCES) {
  const file = process.env.ALLOT_RESOURCES;
  process.on('exit', () => {
    const { userCPUTime, systemCPUTime, maxRSS } = process.resourceUsage();
    writeFileSync(file, JSON.stringify({ cpu_ms: (userCPUTime + systemCPUTime) / 1000, peak_mb: maxRSS / 1024 }));
  });
}

const bundle = await bundledMain();
if (!bundle) (await import('tsx/esm/api')).register();
const { main } = await import(bundle ?? './main.ts');
process.exitCode = await main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr });
