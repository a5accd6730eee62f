// The steps of a browser benchmark at national scale (plan-scale*.test.ts), each timed from the page with
// the main thread's long tasks counted twice: by wall time (PerformanceObserver 'longtask': every task over
// 50 ms) and by the thread's CPU time from Chrome's trace (main-thread-trace.ts: on a loaded machine the
// wall time includes waiting for a core), and with ALLOT_PLAN_PROFILE=1 the main thread's busiest
// functions during each step (Chrome's profiler).
import type { Browser, Page } from 'playwright-core';
import { longByCpu, longOnes, traceMainThread, type MainThreadTask } from './main-thread-trace.ts';
import { longTasks, resetLongTasks, watchLongTasks } from './run-helpers.ts';

/** Times `act` until `done` resolves, and prints the figures under `name`. */
export type Step = (name: string, act: () => Promise<void>, done: () => Promise<unknown>) => Promise<void>;

type Profile = {
  startTime: number;
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
};

/**
 * The functions with the most self time in a CPU profile (idle and program excluded), counting only the
 * samples inside the given tasks when there are any.
 */
function busiest(profile: Profile, inside: MainThreadTask[]): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const self = new Map<string, number>();
  let at = profile.startTime;
  (profile.samples ?? []).forEach((id, i) => {
    at += profile.timeDeltas?.[i] ?? 0;
    if (inside.length && !inside.some((t) => at >= t.start && at <= t.end)) return;
    const f = byId.get(id)!;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
  });
  return [...self]
    .filter(([k]) => !/^\((idle|program)\)/.test(k))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(([k, ms]) => `  ${ms.toFixed(0).padStart(5)} ms ${k}`)
    .join('\n');
}

/** Call before the page's first navigation: returns `step`, which times one action until `done`. */
export async function timedSteps(browser: Browser, page: Page): Promise<Step> {
  await watchLongTasks(page);
  const cdp = process.env.ALLOT_PLAN_PROFILE ? await page.context().newCDPSession(page) : null;
  if (cdp) await cdp.send('Profiler.enable');
  return async (name: string, act: () => Promise<void>, done: () => Promise<unknown>) => {
    await resetLongTasks(page);
    if (cdp) await cdp.send('Profiler.start');
    const stopTrace = await traceMainThread(browser, page);
    const started = Date.now();
    await act();
    await done();
    const ms = Date.now() - started;
    const { tasks: traced, threads } = await stopTrace();
    const tasks = await longTasks(page);
    if (cdp) {
      const { profile } = await cdp.send('Profiler.stop');
      const long = longOnes(traced);
      (await import('node:fs')).writeFileSync(
        `/tmp/prof-${name.trim().slice(0, 4)}.json`,
        JSON.stringify({ profile, long }),
      );
      const where = long.length ? 'in the tasks over 50 ms of CPU' : 'in the whole step';
      console.log(`[profile] ${name}, ${where}:\n${busiest(profile as Profile, long)}`);
    }
    console.log(
      `[figures] ${name}: ${ms} ms from the page; main-thread tasks over 50 ms: ` +
        `${tasks.length}${tasks.length ? ` (longest ${Math.max(...tasks).toFixed(0)} ms)` : ''}; ` +
        `over 50 ms of CPU: ${longByCpu(traced)}; CPU by thread: ` +
        threads.map((t) => `${t.name} ${t.cpu.toFixed(0)} ms`).join(', '),
    );
  };
}

/**
 * Waits for an element by a cheap query every 50 ms: Playwright's own locators (visibility, accessible
 * names) run on the page's thread and would be counted among its long tasks.
 */
export const shown = (page: Page, selector: string) =>
  page.waitForFunction((s) => document.querySelector(s) !== null, selector, { polling: 50, timeout: 600_000 });

/** The week's list on screen: its first rows and its make-up in words. */
export const listShown = (page: Page) =>
  shown(page, '[data-testid="call-row"]').then(() => shown(page, '[data-testid="plan-answer"] > p + p'));

/**
 * Times the list from the page itself, free of the benchmark's 50 ms polling and its round trips: from the click
 * (the event's dispatch) to the view's arrival (the span "allot: unpack" ending), to the list's first rows and
 * make-up in the DOM (a MutationObserver) and to the frame that paints them (its animation frame callback: the
 * frame's style, layout and paint follow in the same task). Read back as `__listFrame`.
 */
async function watchListFrame(page: Page): Promise<void> {
  await page.evaluate(() => {
    const g = globalThis as { __listFrame?: Record<string, number> | null };
    g.__listFrame = null;
    let clicked = NaN;
    addEventListener('click', () => (clicked = performance.now()), { capture: true, once: true });
    const ready = () =>
      document.querySelector('[data-testid="call-row"]') &&
      document.querySelector('[data-testid="plan-answer"] > p + p');
    const observer = new MutationObserver(() => {
      if (!ready()) return;
      observer.disconnect();
      const inDom = performance.now() - clicked;
      const unpacked = performance.getEntriesByName('allot: unpack').pop();
      const inPage = unpacked ? unpacked.startTime + unpacked.duration - clicked : NaN;
      requestAnimationFrame(() => (g.__listFrame = { inPage, inDom, painted: performance.now() - clicked }));
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
}

/** The plan saved: the worker wrote it to IndexedDB ("Saving the plan…" until then). */
export const saved = (page: Page) =>
  page.waitForFunction(() => document.querySelector('[data-testid="plan-status"]')?.textContent === '', null, {
    polling: 50,
    timeout: 600_000,
  });

/** A new page of a scale test, its steps timed (timedSteps), opened on the Plan screen. */
export async function timedPlanPage(browser: Browser, url: string): Promise<{ page: Page; step: Step }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const step = await timedSteps(browser, page);
  await page.goto(`${url}#/plan`);
  return { page, step };
}

/**
 * The form's choices made ready in the plan worker, as they are for her once she has filled the form (list-maker.ts
 * prepareRules: her worker column's workers numbered, her reward's table): the click is timed from then, not while
 * the worker still makes what her last keystroke asked. Read off the worker's User Timing measures, whose detail
 * names the reward (or column) they were made for: the default reward's table, made as the register was read, is not
 * hers.
 */
export async function prepared(page: Page, choices: { reward: string; workers?: string }): Promise<void> {
  const wanted = [
    ['allot: reward table', choices.reward],
    ...(choices.workers ? [['allot: worker names', choices.workers]] : []),
  ];
  const deadline = Date.now() + 600_000;
  for (;;) {
    const worker = page.workers().find((w) => w.url().includes('plan.worker'));
    const done = await worker?.evaluate(
      (w) =>
        w.every(([name, detail]) =>
          performance.getEntriesByName(name).some((m) => (m as PerformanceMeasure).detail === detail),
        ),
      wanted,
    );
    if (done) return;
    if (Date.now() > deadline) throw new Error(`the plan worker never made ${JSON.stringify(choices)} ready`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The marks of each call's chance on screen (the posterior draws, in the background after the list). */
export const chancesShown = (page: Page) => shown(page, '[data-testid="chance-sentences"]');

/**
 * Week 1's list asked for (the register read, the rules set), timed in three steps: the list on screen (`ready`:
 * what it took), then saved, then each call's chance (`draws`: how many).
 */
export async function timedFirstList(page: Page, step: Step, ready: string, draws: string): Promise<void> {
  await watchListFrame(page);
  await step(
    `week 1 list ready (${ready})`,
    () => page.getByTestId('make-list').click(),
    () => listShown(page),
  );
  const seen = await page.evaluate(() => (globalThis as { __listFrame?: Record<string, number> }).__listFrame);
  if (seen)
    console.log(
      `[figures]   on the page's clock, from her click: the list in the page ${seen.inPage.toFixed(0)} ms, in its ` +
        `DOM ${seen.inDom.toFixed(0)} ms, in a frame ${seen.painted.toFixed(0)} ms (the figure above adds the ` +
        `benchmark's own click and polling)`,
    );
  // The chances of a first batch of the draws (or all of them, if they came first); the save follows them.
  await step(
    '  then the first chances (a first batch of the draws)',
    async () => {},
    () => shown(page, '[data-testid="uncertain-so-far"], [data-testid="chance-sentences"]'),
  );
  await step(
    '  then saved (the worker writes the plan to IndexedDB)',
    async () => {},
    () => saved(page),
  );
  await step(
    `  then each call’s chance (${draws})`,
    async () => {},
    () => chancesShown(page),
  );
}
