// CPU time of the plan worker's steps (WeeklyPlan, as the browser's plan worker runs them) in Node
// with the WASM engine and a memory store: reading and estimating a register, week 1's list, then its
// uncertain places (posterior draws) with its save after their first marks, the list again with a new
// budget (saved after its uncertain places from the kept draws), reopening the saved plan, and applying a
// week's outcomes (the next list, saved) with the next list's uncertain places. The browser adds the
// IndexedDB write, the page and a second engine for the draws (test/bench/draw-workers.ts).
// Run: npx tsx test/bench/plan-session.ts [arms]   (default 1,000,000; one run each, on a shared
// machine compare the CPU times)
import { loadavg } from 'node:os';
import { planIndexFunction } from '../../src/engine/beta-sampler.ts';
import { loadEngineNode } from '../../src/engine/load-node.ts';
import { unpackIds } from '../../src/core/plan/packed-ids.ts';
import { MemoryStore } from '../../src/storage/memory-store.ts';
import { WeeklyPlan } from '../../src/pipeline/plan/weekly-plan.ts';

const N = Number(process.argv[2] ?? 1_000_000);
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
async function time<T>(label: string, run: () => Promise<T>): Promise<T> {
  const start = performance.now(),
    c = cpu();
  const result = await run();
  console.log(
    `${label.padEnd(72)} ${(performance.now() - start).toFixed(0).padStart(7)} ms wall, ` +
      `${(cpu() - c).toFixed(0).padStart(6)} ms CPU`,
  );
  return result;
}

/**
 * The uncertain places (20 posterior draws) after a new list, and when the first marks come (the count of the first
 * 4 draws, which the page shows) and when the plan is saved (after the first marks; `saved`: a save is due).
 */
async function uncertainPlaces(saved: boolean): Promise<void> {
  let firstMarks = NaN,
    savedAt = NaN;
  const counted = performance.now();
  if (saved) void session.saved().then(() => (savedAt = performance.now() - counted));
  const what = saved ? '  its uncertain places (20 posterior draws) and its save' : '  its uncertain places (20 draws)';
  await time(what, () =>
    session.uncertainty(() => void (Number.isNaN(firstMarks) && (firstMarks = performance.now() - counted))),
  );
  const line = (label: string, ms: number) =>
    console.log(`${label.padEnd(72)} ${ms.toFixed(0).padStart(7)} ms wall after the list`);
  line('    the first marks (the count of the first 4 draws)', firstMarks);
  if (saved) line('    saved (after the first marks)', savedAt);
}
/** A step that saves, timed until the save is done. */
const andSaved = <T>(step: Promise<T>) => step.then(async (result) => (await session.saved(), result));

const engine = await loadEngineNode();
const store = new MemoryStore();
const session = new WeeklyPlan(
  async () => planIndexFunction(engine),
  async () => store,
);
console.log(
  `(load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(', ')}; ${N.toLocaleString('en')} beneficiaries of the sclm population, 26 weeks)`,
);
const summary = await time('register drawn, read and its transitions estimated', () =>
  session.loadRegister({ kind: 'generator', generator: 'sclm', parameters: { arms: N }, seed: 1, weeks: 26 }),
);
const settings = {
  reward: 'state * (1 + agent_feats[0])',
  budget: 10_000,
  exclude: [],
  cooldown: 0,
  shares: [],
  seed: 0,
  draws: 20,
  priorGroup: summary.schema.groups[0]?.name ?? null,
  level: 0.9,
};
const policy = { kind: 'typed' as const };
await time("week 1's list, B = 10,000 (on the page; saved after its first marks)", () =>
  session.create(settings, { id: 'bench', name: 'bench', createdAt: 0, updatedAt: 0, policy }),
);
await uncertainPlaces(true);
await time('the list again, B = 12,000 (saved after its chances from the kept draws)', () =>
  andSaved(session.replan({ ...settings, budget: 12_000 }, policy, 1)),
);
await time('  its uncertain places (the 20 draws kept)', () => session.uncertainty());
await time('the list again, B = 100,000 (saved after its chances from the kept draws)', () =>
  andSaved(session.replan({ ...settings, budget: 100_000 }, policy, 2)),
);
const reopened = await time('the saved plan reopened (its transitions estimated again, the list)', () =>
  new WeeklyPlan(
    async () => planIndexFunction(engine),
    async () => store,
  ).open('bench'),
);
// A week's outcomes: the listed were called, every third beneficiary ends the week engaged.
const ids = unpackIds((await store.getPlan('bench'))!.plan.register.ids);
const listed = new Uint8Array(N);
for (const arm of reopened.list.arms) listed[arm] = 1;
const rows = ids.map((id, arm) => `${id},${listed[arm]},${arm % 3 === 0 ? 1 : 0}`);
await session.previewOutcomes(new Blob([`id,called,engaged\n${rows.join('\n')}\n`]), 'week.csv');
await time("a week's outcomes applied (transitions estimated, the next list, saved)", () => session.apply(false, 3));
await uncertainPlaces(false);
