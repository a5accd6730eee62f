// The side-by-side pair (Left and Right) is kept with a saved What-if comparison: written into the
// run record in IndexedDB (fake-indexeddb), read back after the store is closed and opened again (a
// reload), and chosen again on reopening; kept in the unsaved draft as well. A record saved before the
// pair was kept opens as before.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createNodeSimulator, type NodeSimulator } from '../../../src/cli/node-simulate.ts';
import { openStore } from '../../../src/storage/open-store.ts';
import type { Store } from '../../../src/storage/store.ts';
import { runRepository } from '../../../src/state/run-records.ts';
import { MemoryStore } from '../../../src/storage/memory-store.ts';
import { WhatIfState, type WhatIfConfig } from '../../../src/state/what-if.svelte.ts';
import { inThreadWhatIf } from '../../../src/workers/population/what-if-backend.ts';
import { settle } from './what-if-fixture.ts';

const NAME = `allot-what-if-pair-${process.pid}`;
let node: NodeSimulator;
beforeAll(async () => {
  node = await createNodeSimulator(1);
});
afterAll(async () => {
  await node?.close();
});

const open = async () => (await openStore({ name: NAME })).store;
const whatIfOn = (store: Store) => new WhatIfState(inThreadWhatIf(node.simulate), () => store, 0);

describe('the side-by-side pair of a saved What-if comparison', () => {
  test('is written with the record and chosen again when the comparison is reopened after a reload', async () => {
    const store = await open();
    const whatIf = whatIfOn(store);
    whatIf.settings.trials = 3;
    await whatIf.usePopulation(whatIf.choice);
    whatIf.add('state * 2', 'Doubled');
    const third = whatIf.add('state * (1 + agent_feats[11])', 'Older');
    whatIf.add('state * 3', 'Tripled');
    await settle(whatIf);
    // Left: the default; Right: the third candidate (not the first two after the default, the pair's own choice).
    whatIf.pair = [whatIf.candidates[0].id, third.id];
    const id = await whatIf.save(1_000);
    store.close();

    const reopened = await open();
    const record = await runRepository(() => reopened).get(id, ['what-if']);
    expect(record?.kind === 'what-if' && record.config.pair).toEqual([0, 2]);
    const again = whatIfOn(reopened);
    await again.openSaved(id);
    const byId = (pairId: number | null) => again.candidates.find((c) => c.id === pairId)?.label;
    expect(again.pair.map(byId)).toEqual(['Default (reward = state)', 'Older']);
    await settle(again);
    reopened.close();
  });

  test('is kept in the unsaved draft too, so a reload before saving keeps it', async () => {
    let draft: WhatIfConfig | null = null;
    const drafts = {
      load: () => draft && structuredClone(draft),
      save: (d: WhatIfConfig) => void (draft = structuredClone(d)),
    };
    const first = new WhatIfState(inThreadWhatIf(node.simulate), () => new MemoryStore(), 0, drafts);
    first.settings.trials = 3;
    await first.usePopulation(first.choice);
    const doubled = first.add('state * 2', 'Doubled');
    first.add('state * 3', 'Tripled');
    first.choosePair([null, doubled.id]);
    await settle(first);
    const second = new WhatIfState(inThreadWhatIf(node.simulate), () => new MemoryStore(), 0, drafts);
    await second.open(second.savedDraft()!);
    expect(second.pair.map((id) => second.candidates.find((c) => c.id === id)?.label ?? null)).toEqual([
      null,
      'Doubled',
    ]);
    await settle(second);
  });

  test(
    'a record saved without a pair opens with none chosen (the first two after the default, ' + 'as before)',
    async () => {
      const store = await open();
      const whatIf = whatIfOn(store);
      whatIf.settings.trials = 3;
      await whatIf.usePopulation(whatIf.choice);
      whatIf.add('state * 2', 'Doubled');
      whatIf.add('state * 3', 'Tripled');
      await settle(whatIf);
      const id = await whatIf.save(2_000);
      const runs = runRepository(() => store);
      const record = await runs.get(id, ['what-if']);
      expect(record?.kind === 'what-if' && 'pair' in record.config).toBe(false);
      // the reopening state had a pair chosen before: reopening the old record forgets it
      const again = whatIfOn(store);
      again.pair = [5, 6];
      await again.openSaved(id);
      expect(again.pair).toEqual([null, null]);
      await settle(again);
      store.close();
    },
  );
});
