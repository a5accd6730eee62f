// Which LLM provider and model a run used, read from its transcript (every call is recorded with
// both): the run's pages say it, so a result can be traced to the model that proposed it.
export interface ProviderUse {
  provider: string;
  model: string;
  calls: number;
}

/** Distinct (provider, model) pairs in call order, with the number of calls each answered. */
export function providersUsed(entries: readonly { provider?: string; model?: string }[]): ProviderUse[] {
  const out: ProviderUse[] = [];
  for (const e of entries) {
    const provider = e.provider ?? 'unknown provider',
      model = e.model ?? 'unknown model';
    const known = out.find((u) => u.provider === provider && u.model === model);
    if (known) known.calls++;
    else out.push({ provider, model, calls: 1 });
  }
  return out;
}
