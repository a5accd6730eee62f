// The Start screen's form: the settings being edited, the language guess of the priority, the
// populations to choose from, and "Start" (which saves the run and opens its page).
import { GENERATORS, findGenerator } from '../../core/datasets/generators.ts';
import { guessLanguage } from '../../core/language/guess-language.ts';
import type { PopulationRecord } from '../../storage/records.ts';
import type { AppState } from '../app-state.svelte.ts';
import { createRun } from './create-run.svelte.ts';
import { DEFAULT_RUN_SETTINGS, settingsProblems, type RunSettings } from './run-settings.ts';
import { estimateRun } from './run-estimate.ts';
import { PROVIDERS, type ProviderKind } from '../../llm/provider-config.ts';

/** A run cannot start on a provider that needs a key without one, or without a model: it would only pause. */
export function providerProblems(p: { kind: ProviderKind; key: string; model: string }): string[] {
  const problems: string[] = [];
  const info = PROVIDERS[p.kind];
  if (info?.keyRequired && !p.key.trim())
    problems.push(
      `Provider: ${info.label} needs an API key. Enter it under “Your LLM provider” (it stays in this tab unless ` +
        `you ask to remember it).`,
    );
  if (!p.model.trim()) problems.push('Provider: name the model to use.');
  return problems;
}

export { GENERATORS };

export class StartForm {
  settings = $state<RunSettings>(structuredClone(DEFAULT_RUN_SETTINGS));
  /** Null until the user sets the rewriting toggle: then it follows the language guess. */
  rewriteChoice = $state<boolean | null>(null);
  stored = $state.raw<Pick<PopulationRecord, 'id' | 'name'>[]>([]);
  starting = $state(false);
  error = $state<string | null>(null);
  /** Problems are shown once the user tried to start. */
  tried = $state(false);

  readonly guess = $derived(guessLanguage(this.settings.prompt));
  readonly rewrite = $derived(this.rewriteChoice ?? this.guess.rewriteByDefault);
  private readonly settingsProblems = $derived(settingsProblems(this.settings));
  /** What the run will ask the LLM, shown before Start. */
  readonly estimate = $derived(estimateRun({ ...this.settings, rewrite: this.rewrite }));
  readonly generator = $derived(
    this.settings.population.kind === 'generator' ? findGenerator(this.settings.population.generator) : undefined,
  );

  constructor(private readonly app: AppState) {}

  get problems(): string[] {
    return [...this.settingsProblems, ...providerProblems(this.app.provider)];
  }

  async loadPopulations(): Promise<void> {
    this.stored = (await this.app.store.listPopulations()).map(({ id, name }) => ({ id, name }));
  }

  /** "builtin:<name>" or "stored:<id>". */
  get populationKey(): string {
    const p = this.settings.population;
    return p.kind === 'generator' ? `builtin:${p.generator}` : `stored:${p.id}`;
  }
  set populationKey(key: string) {
    const [source, ...rest] = key.split(':');
    const name = rest.join(':');
    this.settings.population =
      source === 'builtin'
        ? { kind: 'generator', generator: name, parameters: {}, seed: 0 }
        : { kind: 'stored', id: name, name: this.stored.find((p) => p.id === name)?.name ?? name };
  }

  parameter(name: string): number {
    const p = this.settings.population;
    return p.kind === 'generator'
      ? (p.parameters[name] ?? this.generator?.parameters.find((x) => x.name === name)?.default ?? NaN)
      : NaN;
  }
  setParameter(name: string, value: number): void {
    if (this.settings.population.kind === 'generator') this.settings.population.parameters[name] = value;
  }

  async start(): Promise<string | null> {
    this.tried = true;
    this.error = null;
    if (this.problems.length) return null;
    this.starting = true;
    try {
      const id = await createRun(this.app, { ...$state.snapshot(this.settings), rewrite: this.rewrite });
      this.app.navigate({ name: 'run', id });
      return id;
    } catch (error) {
      this.error = `The run could not be saved: ${error instanceof Error ? error.message : String(error)}`;
      return null;
    } finally {
      this.starting = false;
    }
  }
}
