// Which population a run or a what-if comparison uses, as it is saved with it: a built-in generator
// with its parameters and seed (regenerated bit for bit, never stored), or a population saved on
// the Data screen.
export type PopulationChoice =
  | { kind: 'generator'; generator: string; parameters: Record<string, number>; seed: number }
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
