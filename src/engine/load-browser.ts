// Loads the release WASM in a browser or worker. Vite fingerprints the file and gives its URL
// relative to the bundle, so the site works from any sub-path.
import wasmUrl from '../../assembly/build/release.wasm?url';
import { Engine } from './engine.ts';
import { instantiateKernels } from './kernels.ts';

let modulePromise: Promise<WebAssembly.Module> | undefined;

/** Compiles the module once per worker; streaming when the server sends application/wasm. */
function compileModule(): Promise<WebAssembly.Module> {
  modulePromise ??= (async () => {
    const response = await fetch(wasmUrl);
    if (!response.ok) throw new Error(`Could not load the WASM core from ${wasmUrl}: HTTP ${response.status}`);
    // A plain file server may send another content type, which compileStreaming refuses.
    if (response.headers.get('content-type')?.startsWith('application/wasm')) {
      return WebAssembly.compileStreaming(response);
    }
    return WebAssembly.compile(await response.arrayBuffer());
  })();
  return modulePromise;
}

export async function loadEngine(): Promise<Engine> {
  return new Engine(await instantiateKernels(await compileModule()));
}
