// A built-in generator with its parameters and seed (regenerated bit for bit, never stored), the one form
// shared by a run's or a what-if comparison's population choice, an instance's provenance and the Plan
// screen's register source; or a population saved on the Data screen. Older saved forms are upgraded on read.
export interface GeneratedPopulation {
  kind: 'generator';
  /** The generator's name in GENERATORS (core/datasets/generators.ts). */
  generator: string;
  parameters: Record<string, number>;
  seed: number;
}

/** Which population a run or a what-if comparison uses, as it is saved with it. */
export type PopulationChoice =
  | GeneratedPopulation
  | { kind: 'stored'; id: string; /** Its name when chosen, for messages once it is deleted. */ name: string };

/** The record field RunRecord.populationId of a choice. */
export function populationIdOf(choice: PopulationChoice): string {
  return choice.kind === 'generator' ? `builtin:${choice.generator}` : choice.id;
}

/**
 * A choice as an older allot saved it in a run's settings ({ source: 'generator' | 'stored' }),
 * in the current shape; a current choice as it is.
 */
export function upgradePopulationChoice(saved: unknown): PopulationChoice {
  const old = saved as {
    source?: string;
    id?: string;
    generator?: string;
    parameters?: Record<string, number>;
    seed?: number;
  };
  if (old.source === 'stored') return { kind: 'stored', id: old.id!, name: old.id! };
  if (old.source === 'generator')
    return { kind: 'generator', generator: old.generator!, parameters: old.parameters ?? {}, seed: old.seed ?? 0 };
  return saved as PopulationChoice;
}

/**
 * A generated source as the Plan screen's saved draft held it before the forms were one
 * ({ kind: 'generator', name, ... }), with `generator` for `name` and its other fields kept;
 * any other value as it is.
 */
export function upgradeGeneratedSource<T>(saved: T): T {
  const old = saved as { kind?: unknown; name?: unknown; generator?: unknown } | null;
  if (!old || typeof old !== 'object' || old.kind !== 'generator' || old.generator !== undefined) return saved;
  if (typeof old.name !== 'string') return saved;
  const { name, ...rest } = old;
  return { ...rest, generator: name } as T;
}
