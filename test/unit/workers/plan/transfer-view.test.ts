// What crosses from the plan worker to the page: the list's string columns packed (a dictionary when
// values repeat, else one text with each value's end) come back exactly, whatever they hold, and a real
// view (the plan worker's session in Node) is the same on the page after the structured clone, with its
// buffers transferred as the worker transfers them.
import { describe, expect, test } from 'vitest';
import { planIndexFunction } from '../../../../src/engine/beta-sampler.ts';
import { loadEngineNode } from '../../../../src/engine/load-node.ts';
import { WeeklyPlan } from '../../../../src/pipeline/plan/weekly-plan.ts';
import { MemoryStore } from '../../../../src/storage/memory-store.ts';
import {
  linesArrived,
  packStrings,
  restForPage,
  restOnPage,
  unpackStrings,
  viewForPage,
  viewOnPage,
} from '../../../../src/workers/plan/transfer-view.ts';

/** The plan worker's session in Node on a generated sclm register of `arms` beneficiaries and 6 weeks. */
async function sclmSession(arms: number, seed: number): Promise<WeeklyPlan> {
  const engine = await loadEngineNode();
  const s = new WeeklyPlan(
    async () => planIndexFunction(engine),
    async () => new MemoryStore(),
  );
  await s.loadRegister({ kind: 'generator', generator: 'sclm', parameters: { arms }, seed, weeks: 6 });
  return s;
}

const awkward = ['', 'a', 'B0000001', 'नमस्ते दीदी', '😀 x', 'a,b\n"c"', '\u0000', 'ASHA 0001', ' ', 'é'];

describe('the list strings packed to cross to the page', () => {
  test('repeated values go as a dictionary, unique ones as one text; both come back exactly', () => {
    const repeated = Array.from({ length: 400 }, (_, i) => awkward[i % awkward.length]);
    const unique = Array.from({ length: 400 }, (_, i) => `${awkward[i % awkward.length]}${i}`);
    const a = packStrings(repeated),
      b = packStrings(unique);
    expect('values' in a && a.values.length).toBe(awkward.length);
    expect('text' in b && b.ends.length).toBe(400);
    expect(unpackStrings(structuredClone(a))).toEqual(repeated);
    expect(unpackStrings(structuredClone(b))).toEqual(unique);
  });

  test('the dictionary holds at most a quarter of the values distinct; an empty column stays empty', () => {
    const column = (distinct: number) => Array.from({ length: 100 }, (_, i) => `v${i % distinct}`);
    expect('values' in packStrings(column(25))).toBe(true);
    expect('text' in packStrings(column(26))).toBe(true);
    for (const d of [25, 26, 100]) expect(unpackStrings(packStrings(column(d)))).toEqual(column(d));
    expect(unpackStrings(packStrings([]))).toEqual([]);
  });

  test('a long column: distinct ids as text at once, 2,000 workers or a quarter distinct as a dictionary', () => {
    const n = 100_000;
    const ids = Array.from({ length: n }, (_, i) => `M${(i * 7919) % 1_000_003}`);
    const workers = Array.from({ length: n }, (_, i) => `W${(i * 31) % 2000}`);
    const quarter = Array.from({ length: n }, (_, i) => `q${i % (n / 4)}`);
    expect('text' in packStrings(ids)).toBe(true);
    expect('values' in packStrings(workers)).toBe(true);
    expect('values' in packStrings(quarter)).toBe(true);
    for (const column of [ids, workers, quarter]) expect(unpackStrings(packStrings(column))).toEqual(column);
  });

  test("a plan's view is the same on the page after crossing, its buffers transferred", async () => {
    const s = await sclmSession(300, 2);
    const settings = {
      reward: 'state * (1 + agent_feats[0])',
      budget: 40,
      exclude: [],
      cooldown: 0,
      shares: [],
      seed: 3,
      draws: 0,
      priorGroup: null,
      level: 0.9,
    };
    const view = await s.create(settings, {
      id: 'p',
      name: 'P',
      createdAt: 1,
      updatedAt: 1,
      policy: { kind: 'typed' },
    });
    const before = structuredClone(view);
    const { message, buffers } = viewForPage(view);
    const crossed = structuredClone(message, { transfer: buffers });
    expect(viewOnPage(crossed)).toEqual(before);
    expect(view.list.arms.length).toBe(40); // the worker's own list is not detached
  });
});

describe("a new list's view: its first page's lines at once, the rest after", () => {
  test('the first lines, then the rest, give the page the same view as the whole, at every length', async () => {
    const s = await sclmSession(400, 5);
    const base = {
      reward: 'state * (1 + agent_feats[0])',
      exclude: [],
      cooldown: 0,
      shares: [],
      seed: 1,
      draws: 0,
      priorGroup: null,
      level: 0.9,
    };
    const meta = { id: 'p', name: 'P', createdAt: 1, updatedAt: 1, policy: { kind: 'typed' as const } };
    for (const [budget, first] of [
      [250, 100],
      [101, 100],
      [100, 100],
      [7, 100],
      [60, 1],
      [60, 0],
    ]) {
      const view = await s.create({ ...base, budget }, meta);
      const whole = viewOnPage(structuredClone(viewForPage(view).message));
      const out = viewForPage(view, first);
      expect(out.message.lines).toBe(Math.min(first, budget));
      const page = viewOnPage(structuredClone(out.message, { transfer: out.buffers }));
      if (out.message.lines < budget) {
        expect(page.lines.ids.slice(0, first)).toEqual(whole.lines.ids.slice(0, first));
        expect(page.list.via.slice(0, first)).toEqual(whole.list.via.slice(0, first));
        const rest = restForPage(view, out.message.lines);
        restOnPage(page.lines, async () => structuredClone(rest.message, { transfer: rest.buffers }));
        await linesArrived(page.lines);
      } else await linesArrived(page.lines);
      expect(page).toEqual(whole);
      await s.saved();
    }
  });

  test('lines that cannot come say so, and a view that came whole is whole at once', async () => {
    const lines = {};
    await expect(linesArrived(lines)).resolves.toBeUndefined();
    const s = await sclmSession(300, 2);
    const view = await s.create(
      {
        reward: 'state',
        budget: 150,
        exclude: [],
        cooldown: 0,
        shares: [],
        seed: 3,
        draws: 0,
        priorGroup: null,
        level: 0.9,
      },
      { id: 'q', name: 'Q', createdAt: 1, updatedAt: 1, policy: { kind: 'typed' } },
    );
    const page = viewOnPage(structuredClone(viewForPage(view, 100).message));
    restOnPage(page.lines, async () => null);
    await expect(linesArrived(page.lines)).rejects.toThrow(/make the list again/);
  });
});
