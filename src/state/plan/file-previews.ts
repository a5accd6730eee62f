// The mapping step's view of her files, apart from PlanSession so that the session keeps to its steps:
// each file previewed by the plan worker, then again with her mapping when this device remembers one
// for its header (mapping-memory.ts).
import type { FilePreview } from '../../pipeline/plan/file-preview.ts';
import type { PlanClient } from '../../workers/plan/plan-client.ts';
import type { MappingMemory } from './mapping-memory.ts';

export type PreviewRequest = { file: File; features?: boolean; sheet?: string };

/** The previews of `files` (a register, and a features file beside a history), her remembered choices applied. */
export function previewFiles(
  client: PlanClient,
  memory: MappingMemory,
  files: PreviewRequest[],
): Promise<FilePreview[]> {
  return Promise.all(
    files.map(async ({ file, features, sheet }) => {
      const first = await client.previewFile(file, file.name, { features, sheet });
      const remembered = memory.recall(first.header);
      if (!remembered) return first;
      return {
        ...(await client.previewFile(file, file.name, { features, sheet, mapping: remembered })),
        remembered: true,
      };
    }),
  );
}
