// The page's main-thread tasks as Chrome's tracing records them, with each task's thread CPU time
// (`tdur`) beside its wall time (`dur`). On a shared machine a task's wall time includes the time the
// thread waited for a core, so the long-task observer (wall) overstates; the CPU time says what the
// page itself spent. For the browser benchmarks (scale-steps.ts); never used by a test that asserts.
import type { Browser, Page } from 'playwright-core';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

export interface MainThreadTask {
  /** Milliseconds from start to end, and of the thread's CPU time. */
  wall: number;
  cpu: number;
  /** CPU milliseconds of the kinds of work inside it (script includes layouts that scripts force). */
  parts: Record<string, number>;
  /** Start and end on the trace's clock (microseconds), which Chrome's profiler shares. */
  start: number;
  end: number;
}

const KINDS: Record<string, string> = {
  FunctionCall: 'script',
  EvaluateScript: 'script',
  RunMicrotasks: 'microtasks',
  Layout: 'layout',
  UpdateLayoutTree: 'style',
  MajorGC: 'gc',
  MinorGC: 'gc',
  Paint: 'paint',
  ParseHTML: 'parse',
};

/** Starts a trace of the page; the function returned stops it and gives the main thread's tasks. */
export async function traceMainThread(browser: Browser, page: Page): Promise<() => Promise<MainThreadTask[]>> {
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'toplevel'],
  });
  return async () => {
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
    const main = traceEvents.filter((e) => e.ph === 'M' && e.args?.name === 'CrRendererMain');
    // the renderer's main thread with the most tasks (the page's, not an empty one's)
    const tasksOf = (m: TraceEvent) =>
      traceEvents.filter((e) => e.pid === m.pid && e.tid === m.tid && e.ph === 'X' && e.name === 'RunTask');
    const thread = main.map(tasksOf).sort((a, b) => b.length - a.length)[0] ?? [];
    const inside = traceEvents.filter((e) => e.ph === 'X' && KINDS[e.name] && e.tdur !== undefined);
    return thread.map((task) => {
      const parts: Record<string, number> = {};
      for (const e of inside)
        if (e.pid === task.pid && e.tid === task.tid && e.ts >= task.ts && e.ts < task.ts + (task.dur ?? 0))
          parts[KINDS[e.name]] = (parts[KINDS[e.name]] ?? 0) + e.tdur! / 1000;

      const [wall, cpu] = [(task.dur ?? 0) / 1000, (task.tdur ?? task.dur ?? 0) / 1000];
      return { wall, cpu, parts, start: task.ts, end: task.ts + (task.dur ?? 0) };
    });
  };
}

/** The tasks over 50 ms of CPU. */
export const longOnes = (tasks: MainThreadTask[]) => tasks.filter((t) => t.cpu > 50).sort((a, b) => b.cpu - a.cpu);

/** The tasks over 50 ms of CPU, in words: "2 (longest 120 ms CPU, 300 ms wall: script 80, layout 30)". */
export function longByCpu(tasks: MainThreadTask[]): string {
  const long = longOnes(tasks);
  if (!long.length) return `0 (longest ${Math.max(0, ...tasks.map((t) => t.cpu)).toFixed(0)} ms CPU)`;
  const [top] = long;
  const parts = Object.entries(top.parts)
    .sort((a, b) => b[1] - a[1])
    .map(([k, ms]) => `${k} ${ms.toFixed(0)}`)
    .join(', ');
  return `${long.length} (longest ${top.cpu.toFixed(0)} ms CPU, ${top.wall.toFixed(0)} ms wall: ${parts})`;
}
