// What-if keeps unsaved work, clears it on request and does not chart a whole pool at once.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createNodeSimulator, type NodeSimulator } from '../../../src/cli/node-simulate.ts';
import { MemoryStore } from '../../../src/storage/memory-store.ts';
import { settle } from './what-if-fixture.ts';
import { inThreadWhatIf } from '../../../src/workers/population/what-if-backend.ts';
import { WhatIfState, type DraftStore, type WhatIfConfig } from '../../../src/state/what-if.svelte.ts';
import { comparePolicies } from '../../../src/core/measures/compare-policies.ts';

let node: NodeSimulator;
beforeAll(async () => {
  node = await createNodeSimulator(1);
});
afterAll(async () => {
  await node?.close();
});

function memoryDrafts(): DraftStore & { value: WhatIfConfig | null } {
  const store = {
    value: null as WhatIfConfig | null,
    load: () => store.value && structuredClone(store.value),
    save: (d: WhatIfConfig) => void (store.value = structuredClone(d)),
  };
  return store;
}

describe('what-if drafts, clear-all and the example pool', () => {
  test('unsaved expressions come back in a new session (a reload), with what was compared', async () => {
    const drafts = memoryDrafts();
    const first = new WhatIfState(inThreadWhatIf(node.simulate), () => new MemoryStore(), 0, drafts);
    await first.usePopulation(first.choice);
    const c = first.add('state');
    first.setText(c, 'state * (1 + agent_feats[11])');
    first.add('state * 2').compared = false;
    first.keepDraft();
    const second = new WhatIfState(inThreadWhatIf(node.simulate), () => new MemoryStore(), 0, drafts);
    const draft = second.savedDraft()!;
    await second.open(draft);
    expect(second.candidates.map((x) => x.text)).toEqual(['state', 'state * (1 + agent_feats[11])', 'state * 2']);
    expect(second.candidates.map((x) => x.compared)).toEqual([true, true, false]);
    expect(second.candidates[0].reference).toBe(true);
  });

  test('clear-all keeps only the default', async () => {
    const whatIf = new WhatIfState(inThreadWhatIf(node.simulate), () => new MemoryStore(), 0);
    await whatIf.usePopulation(whatIf.choice);
    whatIf.add('state * 2');
    whatIf.add('state * 3');
    whatIf.clearAll();
    expect(whatIf.candidates.map((c) => c.text)).toEqual(['state']);
  });

  test('the 100 published rewards are added but not compared, so the charts keep the default readable', async () => {
    const whatIf = new WhatIfState(inThreadWhatIf(node.simulate), () => new MemoryStore(), 0);
    await whatIf.usePopulation(whatIf.choice);
    whatIf.settings.trials = 5;
    expect(whatIf.loadExamplePool()).toMatch(/Tick “Compare”/);
    expect(whatIf.candidates.length).toBeGreaterThan(50);
    expect(whatIf.candidates.filter((c) => c.compared).length).toBe(1);
    whatIf.clearAll();
  });

  test("a candidate's result carries per-trial calls per bucket, comparable with the default's", async () => {
    const whatIf = new WhatIfState(inThreadWhatIf(node.simulate), () => new MemoryStore(), 0);
    whatIf.settings.trials = 20;
    await whatIf.usePopulation(whatIf.choice);
    whatIf.add('state * (1 + 5 * agent_feats[11])');
    await settle(whatIf);
    const [base, other] = whatIf.candidates.map((c) => c.result!.counts!);
    const comparison = comparePolicies(base, other);
    const ages = comparison.groups.find((g) => g.group === 'Ages')!;
    // agent_feats[11] is "Ages 51-60": its share of calls rises, measurably
    expect(ages.buckets[4].callShare.diff).toBeGreaterThan(0);
    expect(ages.buckets[4].callShare.measurable).toBe(true);
  });
});
