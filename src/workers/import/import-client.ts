// The page's handle on the import worker (started on first use, stopped when idle).
import { WorkerBridge } from '../worker-bridge.ts';
import type { ImportKind, ImportOptions, ImportResult, MappedFile, previewImport } from './import-population.ts';
import type { ImportWorkerApi } from './import.worker.ts';

export type {
  ImportKind,
  ImportOptions,
  ImportOutcome,
  ImportProblem,
  ImportResult,
  MappedFile,
} from './import-population.ts';

export class ImportClient {
  private readonly bridge = new WorkerBridge<ImportWorkerApi>(
    () => new Worker(new URL('./import.worker.ts', import.meta.url), { type: 'module', name: 'allot-import' }),
    { label: 'the file importer', idleTimeoutMs: 30_000 },
  );

  /** Reads and validates `file` in the worker; `kind` defaults to a guess from its name and header. */
  importFile(
    file: Blob,
    fileName: string,
    kind?: ImportKind,
    options?: ImportOptions,
    signal?: AbortSignal,
  ): Promise<ImportResult> {
    // Comlink's Remote type splits the union result into a union of promises; it is one promise.
    return this.bridge.call(signal, (api) => api.importFile(file, fileName, kind, options) as Promise<ImportResult>);
  }

  /** What a file is and, for a register, the mapping step's previews of its files (import-population.ts). */
  previewImport(main: MappedFile, kind?: ImportKind, features?: MappedFile): ReturnType<typeof previewImport> {
    return this.bridge.call(undefined, (api) => api.previewImport(main, kind, features));
  }

  /** Stops the worker now (a pending import rejects with an AbortError). */
  terminate(): void {
    this.bridge.terminate();
  }
}
