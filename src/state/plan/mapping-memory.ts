// Her mapping remembered for that register: what she said about a file's columns is kept on this device
// under the file's header (its column names, compared as the guesses compare them), so that next
// month's export of the same register opens the mapping step with her choices, not the guesses again.
import { normalName, type ColumnMapping } from '../../core/datasets/column-mapping.ts';

const PREFIX = 'allot.register-columns.';
/** Headers remembered at most: the oldest is forgotten first. */
const KEEP = 50;

/** The storage key of a header. */
export const headerKey = (header: readonly string[]) => PREFIX + header.map(normalName).join('|');

export interface MappingMemory {
  recall(header: readonly string[]): ColumnMapping | null;
  remember(header: readonly string[], mapping: ColumnMapping): void;
}

/** The memory in `storage` (localStorage), or none when the browser refuses it. */
export function mappingMemory(storage: Storage | null): MappingMemory {
  return {
    recall(header) {
      try {
        const saved = storage?.getItem(headerKey(header));
        return saved ? (JSON.parse(saved).mapping as ColumnMapping) : null;
      } catch {
        return null;
      }
    },
    remember(header, mapping) {
      if (!storage) return;
      try {
        storage.setItem(headerKey(header), JSON.stringify({ mapping, at: Date.now() }));
        const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)!).filter((k) =>
          k.startsWith(PREFIX),
        );
        if (keys.length > KEEP) {
          const at = (k: string) => JSON.parse(storage.getItem(k) ?? '{}').at ?? 0;
          keys
            .sort((a, b) => at(a) - at(b))
            .slice(0, keys.length - KEEP)
            .forEach((k) => storage.removeItem(k));
        }
      } catch {
        // a full or refused storage forgets; the mapping step still works
      }
    },
  };
}

/** The mapping the step's choices make: a use per column and the state's two labels. */
export function mappingOfUses(uses: Record<string, string>, stateValues: [string, string] | null): ColumnMapping {
  const mapping: ColumnMapping = { carry: [], ignore: [], feature: [] };
  for (const [name, use] of Object.entries(uses)) {
    if (use === 'id' || use === 'state' || use === 'week' || use === 'called') mapping[use] = name;
    else if (use === 'carry') mapping.carry!.push(name);
    else if (use === 'ignored') mapping.ignore!.push(name);
    else if (use === 'feature') mapping.feature!.push(name);
  }
  if (stateValues) mapping.stateValues = stateValues;
  return mapping;
}
