// Entry of a Node worker thread of the engine pool when the sources run unbundled (tests, the tsx fallback of
// allot.mjs): registers tsx so the thread runs the same TypeScript engine as the command line, then starts the
// thread's message loop. The bundled command line starts the bundle of engine-thread.ts instead (bundle.mjs).
import { register } from 'tsx/esm/api';

register();
await import('./engine-thread.ts');
