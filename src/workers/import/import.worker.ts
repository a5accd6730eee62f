// The import worker: reads, parses and validates imported population files off the main thread
// (the page hands over the File; its text never crosses to the page).
import * as Comlink from 'comlink';
import {
  previewImport,
  readImportFile,
  type ImportKind,
  type ImportOptions,
  type ImportResult,
  type MappedFile,
} from './import-population.ts';

const api = {
  previewImport(main: MappedFile, kind?: ImportKind, features?: MappedFile) {
    return previewImport(main, kind, features);
  },
  async importFile(file: Blob, fileName: string, kind?: ImportKind, options?: ImportOptions): Promise<ImportResult> {
    const result = await readImportFile(file, fileName, kind, options);
    // The instance's arrays move to the page instead of being copied.
    return result.ok
      ? Comlink.transfer(result, [
          result.instance.transitions.buffer,
          result.instance.features.buffer,
          result.instance.initial.buffer,
        ] as ArrayBuffer[])
      : result;
  },
};

export type ImportWorkerApi = typeof api;

Comlink.expose(api);
