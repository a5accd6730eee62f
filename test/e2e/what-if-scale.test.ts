// What-if at national scale in Chromium (a benchmark: figures printed, never asserted; run it with
// ALLOT_WHATIF_SCALE=1, since it takes minutes on a shared machine). For each size (default 10^6
// and 3 x 10^6 sclm arms, budget N/10): the population chosen and the default reward simulated,
// then a reward typed key by key and simulated. Printed per step: the time seen from the page, the
// main thread's longest task (PerformanceObserver 'longtask'), and the whole browser's memory
// (every Chromium process of this browser, from CDP's SystemInfo and /proc: RSS and PSS summed).
// A trace of the main thread tells, for each long task, how much of it was the thread's own CPU time.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, test } from 'vitest';
import { useBuiltSite } from './browser.ts';
import { chooseGenerated, fillParameters } from './what-if-fixture.ts';
import { longTasks, resetLongTasks, screenshot, watchLongTasks } from './run-helpers.ts';

const SIZES = (process.env.ALLOT_WHATIF_ARMS ?? '1000000,3000000').split(',').map(Number);
const TRIALS = Number(process.env.ALLOT_WHATIF_TRIALS ?? 10);
const REWARD = 'state * (1 + agent_feats[0])';
const site = useBuiltSite();

interface Memory {
  rss: number;
  pss: number;
  processes: number;
  /** PSS by process type (browser, renderer, GPU, ...). */
  byType: Record<string, number>;
  /** The renderer's largest mappings, PSS/size in MB (when it is over 512 MB). */
  top: string;
}

/**
 * The largest mappings of a process by PSS (MB): address-space size, PSS and permissions, to tell WASM memories
 * (followed by a large guard region) from array buffers and heaps.
 */
function topMappings(pid: number, count = 12): string {
  const maps: { size: number; pss: number; perms: string; guard: number }[] = [];
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const range = /^([0-9a-f]+)-([0-9a-f]+) (\S+)/.exec(line);
    if (range) maps.push({ size: parseInt(range[2], 16) - parseInt(range[1], 16), pss: 0, perms: range[3], guard: 0 });
    else if (line.startsWith('Pss:')) maps[maps.length - 1].pss = Number(/(\d+)/.exec(line)![1]) * 1024;
  }
  maps.forEach((m, i) => (m.guard = maps[i + 1]?.perms === '---p' ? maps[i + 1].size : 0));
  const mb = (b: number) => (b / 1024 ** 2).toFixed(0);
  return maps
    .sort((a, b) => b.pss - a.pss)
    .slice(0, count)
    .map((m) => `${mb(m.pss)}/${mb(m.size)}${m.guard > 2 ** 30 ? '+guard' : ''}`)
    .join(' ');
}

let rendererPid: number | undefined;

/** The pid of the renderer process with the most memory (the page's). */
async function findRenderer(): Promise<number> {
  const cdp = await site.browser.newBrowserCDPSession();
  try {
    const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as {
      processInfo: { id: number; type: string }[];
    };
    const pss = (id: number) =>
      Number(/Pss:\s+(\d+) kB/.exec(readFileSync(`/proc/${id}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    return processInfo.filter((p) => p.type === 'renderer').sort((a, b) => pss(b.id) - pss(a.id))[0].id;
  } finally {
    await cdp.detach();
  }
}

/** RSS and PSS of every process of the test's browser, in bytes (PSS shares shared pages fairly). */
async function browserMemory(): Promise<Memory> {
  const cdp = await site.browser.newBrowserCDPSession();
  try {
    const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as {
      processInfo: { id: number; type: string }[];
    };
    let rss = 0,
      pss = 0,
      processes = 0,
      top = '';
    const byType: Record<string, number> = {};
    for (const { id, type } of processInfo) {
      try {
        rss += Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${id}/status`, 'utf8'))?.[1] ?? 0) * 1024;
        const p = Number(/Pss:\s+(\d+) kB/.exec(readFileSync(`/proc/${id}/smaps_rollup`, 'utf8'))?.[1] ?? 0) * 1024;
        pss += p;
        byType[type] = (byType[type] ?? 0) + p;
        if (type === 'renderer' && p > 2 ** 29) top = topMappings(id);
        processes++;
      } catch {
        // the process ended between the listing and the read
      }
    }
    return { rss, pss, processes, byType, top };
  } finally {
    await cdp.detach();
  }
}

/** Samples the browser's memory every 250 ms until stopped; the peak of each measure, and the split at the PSS peak. */
function memoryPeak(heaps?: { sample: () => Promise<string> }): { stop: () => Promise<Memory> } {
  const peak: Memory = { rss: 0, pss: 0, processes: 0, byType: {}, top: '' };
  let running = true;
  const started = Date.now(),
    timeline: string[] = [];
  const loop = (async () => {
    while (running) {
      const m = await browserMemory();
      timeline.push(
        `${((Date.now() - started) / 1000).toFixed(1)}s ${gb(m.pss)} (renderer ` +
          `${gb(m.byType.renderer ?? 0)}${heaps ? `: ${await heaps.sample()}` : ''})`,
      );
      if (m.rss > peak.rss) Object.assign(peak, { rss: m.rss, processes: m.processes });
      if (m.pss > peak.pss) Object.assign(peak, { pss: m.pss, byType: m.byType, top: m.top });
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      // ALLOT_WHATIF_TIMELINE=1: every sample of the step (whole-browser PSS in GB; the renderer's WASM memories and
      // the rest of it)
      if (process.env.ALLOT_WHATIF_TIMELINE) console.log(`[timeline]\n${timeline.join('\n')}`);
      return peak;
    },
  };
}

/**
 * The JS heap and array-buffer bytes (WASM memories included) of each of the page's workers, from CDP's
 * Runtime.getHeapUsage on each worker target (auto-attached, messages relayed through the page's session).
 * A worker busy in a long task may not answer within the sample's time: it is then left out.
 */
async function workerHeaps(page: Page): Promise<{ sample: () => Promise<string>; stop: () => Promise<void> }> {
  const cdp = await page.context().newCDPSession(page);
  const sessions = new Map<string, string>();
  const replies = new Map<string, (message: string) => void>();
  cdp.on('Target.attachedToTarget', (e) => sessions.set(e.sessionId, e.targetInfo.title || e.targetInfo.url));
  cdp.on('Target.detachedFromTarget', (e) => sessions.delete(e.sessionId));
  cdp.on('Target.receivedMessageFromTarget', (e) => replies.get(e.sessionId)?.(e.message));
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  const mb = (b: number) => (b / 1024 ** 2).toFixed(0);
  return {
    async sample() {
      const parts = await Promise.all(
        [...sessions].map(async ([sessionId, title]) => {
          const reply = new Promise<string>((resolve) => {
            replies.set(sessionId, resolve);
            setTimeout(() => resolve(''), 400);
          });
          await cdp
            .send('Target.sendMessageToTarget', {
              sessionId,
              message: JSON.stringify({ id: 1, method: 'Runtime.getHeapUsage' }),
            })
            .catch(() => {});
          const text = await reply;
          if (!text) return `${title.replace(/^allot-/, '')} busy`;
          const r = (
            JSON.parse(text) as { result?: { usedSize: number; totalSize: number; backingStorageSize?: number } }
          ).result;
          return r
            ? `${title.replace(/^allot-/, '')} heap ${mb(r.totalSize)} buffers ${mb(r.backingStorageSize ?? 0)}`
            : `${title} ?`;
        }),
      );
      const page = (await cdp.send('Runtime.getHeapUsage')) as { totalSize: number; backingStorageSize?: number };
      return [
        `page heap ${mb(page.totalSize)} buffers ${mb(page.backingStorageSize ?? 0)}`,
        ...parts.filter((p) => !p.startsWith('Service Worker')),
      ].join(', ');
    },
    stop: () => cdp.detach(),
  };
}

/**
 * Traces the page's main thread (CDP Tracing) until stopped: the CPU time the thread itself spent in
 * each task over 50 ms, to tell the page's own work from waiting for a core on a loaded machine.
 */
async function traceMainThread(page: Page): Promise<{ stop: () => Promise<{ wallMs: number; cpuMs: number }[]> }> {
  const cdp = await page.context().newCDPSession(page);
  const events: {
    name: string;
    ph: string;
    pid: number;
    tid: number;
    dur?: number;
    tdur?: number;
    args?: { name?: string };
  }[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as typeof events)));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,toplevel,disabled-by-default-devtools.timeline',
    transferMode: 'ReportEvents',
  });
  return {
    async stop() {
      const complete = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
      await cdp.send('Tracing.end');
      await complete;
      await cdp.detach();
      const main = new Set(
        events
          .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
          .map((e) => `${e.pid}:${e.tid}`),
      );
      return events
        .filter(
          (e) =>
            e.ph === 'X' &&
            e.name === 'ThreadControllerImpl::RunTask' &&
            main.has(`${e.pid}:${e.tid}`) &&
            (e.dur ?? 0) > 50_000,
        )
        .map((e) => ({ wallMs: (e.dur ?? 0) / 1000, cpuMs: (e.tdur ?? 0) / 1000 }));
    },
  };
}

const statuses = (page: Page) =>
  page.getByTestId('candidate-status').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
const allDone = async (page: Page, count: number) => {
  for (;;) {
    const s = await statuses(page);
    if (s.length === count && s.every((x) => x === 'done')) return;
    if (s.some((x) => x === 'failed')) throw new Error(`a candidate did not simulate: ${s.join(', ')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};
const gb = (bytes: number) => (bytes / 1024 ** 3).toFixed(2);
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

describe.skipIf(!process.env.ALLOT_WHATIF_SCALE)('What-if at national scale', () => {
  for (const N of SIZES) {
    test(
      `${N.toLocaleString('en')} arms: choose, simulate, type a reward (figures printed)`,
      { timeout: 1_200_000 },
      async () => {
        const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
        await watchLongTasks(page);
        const cores = await page.evaluate(() => navigator.hardwareConcurrency);
        await page.goto(`${site.url}#/what-if`);
        await chooseGenerated(page, 'sclm', 100, TRIALS);
        await allDone(page, 1);
        const idle = await browserMemory();
        console.log(
          `[figures] before ${N.toLocaleString('en')} arms (What-if on 100 sclm arms): browser memory RSS ` +
            `${gb(idle.rss)} GB, PSS ${gb(idle.pss)} GB (${idle.processes} processes)`,
        );
        await fillParameters(page, { arms: N, budget: N / 10 });

        const step = async (name: string, act: () => Promise<void>, done: () => Promise<void>) => {
          await resetLongTasks(page);
          const heaps = process.env.ALLOT_WHATIF_TIMELINE ? await workerHeaps(page) : undefined;
          if (heaps) {
            const before = await browserMemory();
            console.log(
              `[timeline] before "${name}": PSS ${gb(before.pss)} GB, renderer ${gb(before.byType.renderer ?? 0)}; ` +
                `${await heaps.sample()}; largest mappings ` +
                `${before.top || topMappings((rendererPid ??= await findRenderer()), 20)}`,
            );
          }
          const memory = memoryPeak(heaps);
          const trace = await traceMainThread(page);
          const started = Date.now();
          await act();
          await done();
          const ms = Date.now() - started;
          const peak = await memory.stop();
          await heaps?.stop();
          const traced = await trace.stop();
          const tasks = await longTasks(page);
          const cpu = traced.length
            ? `; in the trace, the longest ${Math.max(...traced.map((t) => t.wallMs)).toFixed(0)} ms took ` +
              `${traced.reduce((a, t) => (t.wallMs > a.wallMs ? t : a)).cpuMs.toFixed(0)} ms of the main thread's ` +
              `CPU (tasks over 50 ms, thread CPU: ${traced.map((t) => t.cpuMs.toFixed(0)).join(', ')} ms)`
            : '';
          console.log(
            `[figures] ${N.toLocaleString('en')} arms, ${name}: ${ms} ms from the page; main-thread tasks over 50 ` +
              `ms: ${tasks.length}` +
              `${tasks.length ? `, longest ${Math.max(...tasks).toFixed(0)} ms` : ''}${cpu}; ` +
              `browser memory peak RSS ${gb(peak.rss)} GB, PSS ${gb(peak.pss)} GB (${peak.processes} processes, ` +
              `${cores} engine workers; PSS at its peak: ` +
              `${Object.entries(peak.byType)
                .map(([t, b]) => `${t} ${gb(b)}`)
                .join(', ')}); load ${load()}` +
              (process.env.ALLOT_WHATIF_TIMELINE
                ? `\n[figures] the renderer's largest mappings at the peak, PSS/size MB: ${peak.top}`
                : ''),
          );
        };
        await step(
          'population generated and the default reward simulated',
          () => page.getByRole('button', { name: 'Use these parameters' }).click(),
          async () => {
            await page
              .getByTestId('population-summary')
              .filter({ hasText: new RegExp(`^${N} arms`) })
              .waitFor({ timeout: 600_000 });
            await allDone(page, 1);
          },
        );
        await page.getByRole('button', { name: 'Add a reward' }).click();
        const field = page.getByLabel('Candidate 1', { exact: true });
        await step(
          `"${REWARD}" typed key by key, then simulated`,
          async () => {
            await field.fill('');
            await field.pressSequentially(REWARD, { delay: 60 });
          },
          () => allDone(page, 2),
        );
        await screenshot(page, `what-if-scale-${N}`);
        await page.setViewportSize({ width: 390, height: 844 });
        await screenshot(page, `what-if-scale-${N}-phone`);
        await page.close();
      },
    );
  }
});
