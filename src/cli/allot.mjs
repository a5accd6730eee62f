#!/usr/bin/env node
// The `allot` command: runs the TypeScript sources directly (through tsx), so the command line
// and the app share one code base with no separate build.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./main.ts');
process.exitCode = await main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr });
