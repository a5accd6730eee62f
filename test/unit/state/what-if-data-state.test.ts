// The What-if and Data screens' state classes, run in Node with the real engine (the Node
// simulator) and the in-memory store.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createNodeSimulator, type NodeSimulator } from '../../../src/cli/node-simulate.ts';
import type { SimulateRequest } from '../../../src/core/simulation/simulate-port.ts';
import { MemoryStore } from '../../../src/storage/memory-store.ts';
import { settle } from './what-if-fixture.ts';
import { DataState } from '../../../src/state/data.svelte.ts';
import { inThreadWhatIf } from '../../../src/workers/population/what-if-backend.ts';
import { WhatIfState } from '../../../src/state/what-if.svelte.ts';
import { compileReward } from '../../../src/core/reward/compile-reward.ts';
import { evaluateCandidate } from '../../../src/core/simulation/what-if-evaluate.ts';
import { importPopulation } from '../../../src/workers/import/import-population.ts';
import { groupSummary } from '../../../src/core/instance/population-summary.ts';

let node: NodeSimulator;
beforeAll(async () => {
  node = await createNodeSimulator(1);
});
afterAll(async () => {
  await node?.close();
});

describe('the what-if state', () => {
  test('simulates only the last text typed, and its result equals a direct evaluation', async () => {
    const requests: SimulateRequest[] = [];
    const whatIf = new WhatIfState(
      inThreadWhatIf((request, options) => (requests.push(request), node.simulate(request, options))),
      () => new MemoryStore(),
      20,
    );
    await whatIf.usePopulation(whatIf.choice);
    const c = whatIf.add('state');
    for (const text of ['state *', 'state * (1 +', 'state * (1 + agent_feats[9])']) whatIf.setText(c, text);
    await settle(whatIf);
    // The reference and the final text; the invalid texts and the superseded first one never ran.
    expect(requests.length).toBe(2);
    expect(c.status).toBe('done');
    // Node keeps the whole population on the page's side (48 arms): evaluate it directly.
    const instance = whatIf.population!.instance!;
    const compiled = compileReward(c.text, instance);
    if (!compiled.ok) throw new Error(compiled.error.message);
    expect(c.compiled).toEqual({ ok: true, diagnostics: compiled.diagnostics });
    const direct = await evaluateCandidate(
      instance,
      { table: compiled.table, featuresUsed: compiled.diagnostics.featuresUsed },
      node.simulate,
      whatIf.settings,
    );
    expect(c.result).toEqual(direct);
    expect(whatIf.candidates[0].result!.totalUtility).toBeGreaterThan(0);
  });

  test('marks an invalid expression with its error and simulates nothing for it', async () => {
    const whatIf = new WhatIfState(inThreadWhatIf(node.simulate), () => new MemoryStore(), 0);
    await whatIf.usePopulation(whatIf.choice);
    const c = whatIf.add('state + agent_feats[43]');
    await settle(whatIf);
    expect(c.status).toBe('invalid');
    // The caret is on the index that is out of range.
    expect(c.compiled).toMatchObject({ ok: false, error: { position: 20 } });
  });

  test('refuses the example pool on a population without the dlm features', async () => {
    const whatIf = new WhatIfState(inThreadWhatIf(node.simulate), () => new MemoryStore(), 0);
    await whatIf.usePopulation({ kind: 'generator', generator: 'sclm', parameters: {}, seed: 0 });
    expect(whatIf.loadExamplePool()).toMatch(/choose the built-in dlm population first/);
    expect(whatIf.candidates.length).toBe(1);
  });
});

describe('the data state', () => {
  const withQ =
    'id,lang_a,lang_b,lang_c,age,q00,q01,q10,q11\nx,1,0,0,20,0.1,0.3,0.6,0.9\n' +
    'y,0,1,0,30,0.1,0.3,0.6,0.9\nz,0,0,1,40,0.1,0.3,0.6,0.9\n';

  test('saves a preview with renamed groups, relabelled and reordered buckets', async () => {
    const store = new MemoryStore();
    const data = new DataState(() => store);
    const outcome = importPopulation('population-csv', withQ, 'p.csv');
    if (!outcome.ok) throw new Error(outcome.error.message);
    data.show({
      fileName: 'p.csv',
      kind: 'population-csv',
      instance: outcome.instance,
      summary: outcome.summary,
      readMs: 0,
      parseMs: 0,
      totalMs: 0,
    });
    const lang = data.draft.groups.findIndex((g) => g.buckets.length === 3 && g.movable);
    expect(lang).toBeGreaterThanOrEqual(0);
    const original = outcome.instance.schema.groups[lang];
    data.draft.groups[lang].name = 'Language';
    data.draft.groups[lang].buckets[2] = 'C speakers';
    data.moveBucket(lang, 2, -1);
    data.draft.groups[lang].ordered = true;
    const id = await data.save();
    const saved = (await store.getPopulation(id))!.instance.schema;
    const group = saved.groups[lang];
    expect(group).toMatchObject({
      name: 'Language',
      ordered: true,
      buckets: [original.buckets[0], 'C speakers', original.buckets[1]],
      columns: [original.columns[0], original.columns[2], original.columns[1]],
    });
    expect(group.columns.every((c) => saved.columns[c].group === 'Language')).toBe(true);
    expect(data.preview).toBeNull();
  });

  test(
    'saves at the budget she typed, and refuses one that is not a whole number of calls within the ' + 'population',
    async () => {
      const store = new MemoryStore();
      const data = new DataState(() => store);
      const outcome = importPopulation('population-csv', withQ, 'p.csv');
      if (!outcome.ok) throw new Error(outcome.error.message);
      const show = () =>
        data.show({
          fileName: 'p.csv',
          kind: 'population-csv',
          instance: outcome.instance,
          summary: outcome.summary,
          readMs: 0,
          parseMs: 0,
          totalMs: 0,
        });
      show();
      const refusals: [number, string][] = [
        [0, 'the budget must be a whole number from 1 to 10,000,000, not 0'],
        [1.5, 'the budget must be a whole number from 1 to 10,000,000, not 1.5'],
        [Number.NaN, 'the budget must be a whole number from 1 to 10,000,000, not empty'],
        [4, 'the budget 4 is more than the 3 arms'],
      ];
      for (const [bad, why] of refusals) {
        data.draft.budget = bad;
        await expect(data.save()).rejects.toThrow(why);
      }
      expect(await store.listPopulations()).toEqual([]);
      data.draft.budget = 2;
      expect((await store.getPopulation(await data.save()))!.instance.budget).toBe(2);
      show(); // a new preview starts from its file's budget
      expect(data.draft.budget).toBeUndefined();
      expect((await store.getPopulation(await data.save()))!.instance.budget).toBe(outcome.instance.budget);
    },
  );

  test('refuses an empty or repeated bucket label with the group named, and saves nothing', async () => {
    const store = new MemoryStore();
    const data = new DataState(() => store);
    const outcome = importPopulation('population-csv', withQ, 'p.csv');
    if (!outcome.ok) throw new Error(outcome.error.message);
    data.show({
      fileName: 'p.csv',
      kind: 'population-csv',
      instance: outcome.instance,
      summary: outcome.summary,
      readMs: 0,
      parseMs: 0,
      totalMs: 0,
    });
    const g = outcome.instance.schema.groups[0];
    data.draft.groups[0].buckets[1] = data.draft.groups[0].buckets[0];
    await expect(data.save()).rejects.toThrow(`group "${g.name}" has two buckets with the same label`);
    data.draft.groups[0].buckets[1] = ' ';
    await expect(data.save()).rejects.toThrow(`bucket 2 of group "${g.name}" has an empty label`);
    expect(await store.listPopulations()).toEqual([]);
  });

  test(
    'leaves no column out: a numeric column is banded at quartiles or at typed cut points, a lone 0/1 column is ' +
      'a yes/no group; names stay as written',
    async () => {
      const store = new MemoryStore();
      const data = new DataState(() => store);
      const csv =
        'id,q00,q01,q10,q11,Age (years),Low income\n' +
        Array.from({ length: 8 }, (_, i) => `m${i},0.1,0.3,0.6,0.9,${20 + 3 * i},${i % 2}`).join('\n') +
        '\n';
      const outcome = importPopulation('population-csv', csv, 'village.csv');
      if (!outcome.ok) throw new Error(outcome.error.message);
      expect(outcome.instance.schema.groups).toEqual([]);
      data.show({
        fileName: 'village.csv',
        kind: 'population-csv',
        instance: outcome.instance,
        summary: outcome.summary,
        readMs: 0,
        parseMs: 0,
        totalMs: 0,
      });
      expect(data.banded!.uses.map((u) => [u.column, u.kind, u.group, u.buckets])).toEqual([
        ['Age (years)', 'numeric', 'Age (years)', ['<= 23', '24-29', '30-35', '> 35']],
        ['Low income', 'binary', 'Low income', ['no', 'yes']],
      ]);
      expect(data.draft.groups.map((g) => g.name)).toEqual(['Age (years)', 'Low income']);
      data.draft.groups[1].buckets = ['not poor', 'poor'];
      const age = outcome.instance.schema.columns[0].name;
      // a typing error is said, and nothing is saved with it
      data.setBand(age, { by: 'cuts', text: '30, 25' });
      expect(data.banded!.problems).toEqual([
        { column: 'Age (years)', message: 'the cut points of "Age (years)" must increase: 30 then 25' },
      ]);
      await expect(data.save()).rejects.toThrow('must increase');
      // each keystroke bands the typed column alone, and counts the arms of its group alone
      const bandings = data.bander!.bandings;
      const lowIncome = data.groupRows![1];
      for (const text of ['2', '25', '25;', '25; 3']) data.setBand(age, { by: 'cuts', text });
      data.setBand(age, { by: 'cuts', text: '25; 35' });
      expect(data.draft.groups[0].buckets).toEqual(['<= 25', '26-35', '> 35']);
      expect(data.bander!.bandings - bandings).toBe(5);
      expect(data.groupRows![1]).toBe(lowIncome);
      expect(data.groupRows).toEqual(groupSummary({ ...outcome.instance, schema: data.banded!.schema }));
      expect(data.groupRows![0].buckets).toEqual([
        { label: '<= 25', arms: 2 },
        { label: '26-35', arms: 4 },
        { label: '> 35', arms: 2 },
      ]);
      expect(data.draft.groups[1].buckets).toEqual(['not poor', 'poor']); // its buckets did not change: the edits stay
      const id = await data.save();
      const saved = (await store.getPopulation(id))!.instance;
      expect(saved.schema.groups).toEqual([
        {
          name: 'Age (years)',
          kind: 'bucketed',
          columns: [0],
          ordered: true,
          buckets: ['<= 25', '26-35', '> 35'],
          edges: [25, 35],
        },
        {
          name: 'Low income',
          kind: 'bucketed',
          columns: [1],
          ordered: true,
          buckets: ['not poor', 'poor'],
          edges: [0],
        },
      ]);
      expect(saved.schema.columns.map((c) => [c.label, c.group])).toEqual([
        ['Age (years)', 'Age (years)'],
        ['Low income', 'Low income'],
      ]);
    },
  );
});
