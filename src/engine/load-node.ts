// Loads the WASM in Node (command line, tests): the same files the app loads.
import { readFile } from 'node:fs/promises';
import { Engine } from './engine.ts';
import { instantiateKernels, type Kernels } from './kernels.ts';

/** release: optimized, as the app uses it; debug: with assertions, for tests. */
export type WasmVariant = 'release' | 'debug';

export function wasmPath(variant: WasmVariant = 'release'): URL {
  return new URL(`../../assembly/build/${variant}.wasm`, import.meta.url);
}

export async function loadKernelsNode(variant: WasmVariant = 'release'): Promise<Kernels> {
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = new Uint8Array(await readFile(wasmPath(variant)));
  } catch {
    throw new Error(`The WASM core is not built (${wasmPath(variant).pathname} is missing): run "npm run build:wasm".`);
  }
  return instantiateKernels(await WebAssembly.compile(bytes));
}

export async function loadEngineNode(variant: WasmVariant = 'release'): Promise<Engine> {
  return new Engine(await loadKernelsNode(variant));
}
