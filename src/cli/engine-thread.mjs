// Entry of a Node worker thread of the engine pool: registers tsx so the thread runs the same
// TypeScript engine as the command line, then starts the thread's message loop.
import { register } from 'tsx/esm/api';

register();
await import('./engine-thread.ts');
