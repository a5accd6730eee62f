// What a run needs of the app: AppState on the page; the in-memory store, the Node engine and a
// scripted or replayed provider in tests.
import type { Instance } from '../../core/instance/types.ts';
import type { Simulate } from '../../core/simulation/simulate-port.ts';
import type { LlmProvider } from '../../llm/llm-provider.ts';
import type { ProviderIdentity } from '../../llm/provider-identity.ts';
import type { Transcript } from '../../llm/transcript.ts';
import type { Store } from '../../storage/store.ts';

export interface RunHost {
  readonly store: Store;
  readonly simulate: Simulate;
  /**
   * The user's provider, recording its calls into a run's transcript; commitKey hands the typed key to the key store
   * (storage refuses records holding it).
   */
  readonly provider: {
    commitKey(): void;
    providerFor(transcript: Transcript): LlmProvider;
    /**
     * The provider the settings name now, and pointing them at a run's (the page; absent in tests with a scripted
     * provider).
     */
    identity?(): ProviderIdentity;
    useIdentity?(id: ProviderIdentity): void;
  };
  /** A built-in population, sampled for `sampleSeed` (the page generates it in a worker). */
  generatePopulation(
    name: string,
    parameters: Record<string, number>,
    seed: number,
    sampleSeed: number,
  ): Promise<Instance>;
  reportStorageError(error: unknown): void;
}
