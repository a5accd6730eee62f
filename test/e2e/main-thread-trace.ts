// The page's main-thread tasks as Chrome's tracing records them, with each task's thread CPU time
// (`tdur`) beside its wall time (`dur`). On a shared machine a task's wall time includes the time the
// thread waited for a core, so the long-task observer (wall) overstates; the CPU time says what the
// page itself spent. With ALLOT_PLAN_PROFILE=1, also every thread's tasks over 20 ms in order (which thread
// waited for which) and each worker's sampled CPU profile. For the browser benchmarks (scale-steps.ts); never
// used by a test that asserts.
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

/** A thread's CPU milliseconds over the trace (its tasks' thread time). */
export interface ThreadCpu {
  name: string;
  cpu: number;
}

/**
 * Starts a trace of the page; the function returned stops it and gives the main thread's tasks, and the CPU time
 * of the page's threads (main, workers) busiest first.
 */
export async function traceMainThread(
  browser: Browser,
  page: Page,
): Promise<() => Promise<{ tasks: MainThreadTask[]; threads: ThreadCpu[] }>> {
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8',
      'toplevel',
      'blink.user_timing',
      ...(process.env.ALLOT_PLAN_PROFILE ? ['disabled-by-default-v8.cpu_profiler'] : []),
    ],
  });
  return async () => {
    const raw = await browser.stopTracing();
    // ALLOT_PLAN_TRACE=DIR keeps each step's trace (DevTools' Performance panel opens it)
    if (process.env.ALLOT_PLAN_TRACE)
      (await import('node:fs')).writeFileSync(`${process.env.ALLOT_PLAN_TRACE}/trace-${Date.now()}.json`, raw);
    const { traceEvents } = JSON.parse(raw.toString('utf8')) as { traceEvents: TraceEvent[] };
    const main = traceEvents.filter((e) => e.ph === 'M' && e.args?.name === 'CrRendererMain');
    // the renderer's main thread with the most tasks (the page's, not an empty one's)
    const tasksOf = (m: TraceEvent) =>
      traceEvents.filter((e) => e.pid === m.pid && e.tid === m.tid && e.ph === 'X' && e.name === 'RunTask');
    const thread = main.map(tasksOf).sort((a, b) => b.length - a.length)[0] ?? [];
    const inside = traceEvents.filter((e) => e.ph === 'X' && KINDS[e.name] && e.tdur !== undefined);
    const threads = traceEvents
      .filter(
        (e) => e.ph === 'M' && e.name === 'thread_name' && /^(CrRendererMain|DedicatedWorker)/.test(e.args!.name!),
      )
      .map((m) => ({
        name: `${m.args!.name} ${m.tid}`,
        cpu: tasksOf(m).reduce((sum, t) => sum + (t.tdur ?? 0), 0) / 1000,
      }))
      .filter((t) => t.cpu > 0)
      .sort((a, b) => b.cpu - a.cpu);
    const tasks = thread.map((task) => {
      const parts: Record<string, number> = {};
      for (const e of inside)
        if (e.pid === task.pid && e.tid === task.tid && e.ts >= task.ts && e.ts < task.ts + (task.dur ?? 0))
          parts[KINDS[e.name]] = (parts[KINDS[e.name]] ?? 0) + e.tdur! / 1000;

      const [wall, cpu] = [(task.dur ?? 0) / 1000, (task.tdur ?? task.dur ?? 0) / 1000];
      return { wall, cpu, parts, start: task.ts, end: task.ts + (task.dur ?? 0) };
    });
    console.log(spans(traceEvents));
    if (process.env.ALLOT_PLAN_PROFILE) console.log(`${timeline(traceEvents)}\n${threadProfiles(traceEvents)}`);
    return { tasks, threads };
  };
}

/**
 * The app's User Timing measures ("allot: ..." spans, src/pipeline/plan/list-spans.ts) in order, from the trace's
 * start: where the time from a click to the list on screen goes, thread by thread.
 */
function spans(events: TraceEvent[]): string {
  const start = Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
  const names = new Map(events.filter((e) => e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args?.name]));
  const begun = new Map<string, TraceEvent>();
  const out: string[] = [];
  for (const e of [...events].sort((a, b) => a.ts - b.ts)) {
    if (!e.name.startsWith('allot: ')) continue;
    const key = `${e.pid}:${e.name}`;
    if (e.ph === 'b') begun.set(key, e);
    const from = e.ph === 'e' ? begun.get(key) : e.ph === 'X' ? e : undefined;
    if (!from) continue;
    const to = e.ph === 'X' ? e.ts + (e.dur ?? 0) : e.ts;
    const thread = names.get(`${from.pid}:${from.tid}`) ?? '';
    // the thread's task it ran in, with that task's CPU time (a span's own wall time includes waiting for a core)
    const task = events.find(
      (t) =>
        t.name === 'RunTask' &&
        t.pid === from.pid &&
        t.tid === from.tid &&
        t.ts <= from.ts &&
        t.ts + (t.dur ?? 0) >= from.ts,
    );
    const cpu = task ? `; its task ${((task.tdur ?? 0) / 1000).toFixed(0)} ms CPU` : '';
    const [at, ms] = [from.ts - start, to - from.ts].map((us) => (us / 1000).toFixed(0));
    out.push(`[spans] ${at.padStart(6)} ms: ${e.name.slice(7)} ${ms} ms (${thread}${cpu})`);
  }
  return out.join('\n');
}

/** Every task over 20 ms of CPU on any thread, in order: which thread waited for which. */
function timeline(events: TraceEvent[]): string {
  const start = Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
  const names = new Map(events.filter((e) => e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args?.name]));
  return events
    .filter((e) => e.name === 'RunTask' && (e.tdur ?? 0) > 20_000)
    .sort((a, b) => a.ts - b.ts)
    .map((e) => {
      const [at, wall, cpu] = [e.ts - start, e.dur ?? 0, e.tdur!].map((us) => (us / 1000).toFixed(0));
      const thread = `${names.get(`${e.pid}:${e.tid}`)} ${e.tid}`;
      return `[timeline] ${at.padStart(6)} ms: ${thread}, ${wall} ms wall, ${cpu} ms CPU`;
    })
    .join('\n');
}

/** Per worker thread, the functions with the most self and inclusive time (the trace's sampled CPU profiles). */
function threadProfiles(events: TraceEvent[]): string {
  type Node = { id: number; parent?: number; callFrame: { functionName: string; url: string } };
  type Chunk = { cpuProfile?: { nodes?: Node[]; samples?: number[] }; timeDeltas?: number[] };
  type Sampled = { nodes: Map<number, Node>; samples: [number, number][] };
  const byThread = new Map<string, Sampled>();
  for (const e of events) {
    if (e.name !== 'ProfileChunk') continue;
    const key = `${e.pid}:${(e as unknown as { id: string }).id}`;
    const t: Sampled = byThread.get(key) ?? { nodes: new Map(), samples: [] };
    byThread.set(key, t);
    const data = (e.args as unknown as { data: Chunk }).data;
    for (const n of data.cpuProfile?.nodes ?? []) t.nodes.set(n.id, n);
    (data.cpuProfile?.samples ?? []).forEach((id, i) => t.samples.push([id, (data.timeDeltas?.[i] ?? 0) / 1000]));
  }
  const out: string[] = [];
  for (const [key, t] of byThread) {
    const name = (n: Node) =>
      `${n.callFrame.functionName || '(anonymous)'} ${(n.callFrame.url ?? '').split('/').pop()}`;
    const self = new Map<string, number>(),
      total = new Map<string, number>();
    let sum = 0;
    for (const [id, ms] of t.samples) {
      const leaf = t.nodes.get(id);
      if (!leaf || /^\((idle|program|root)\)/.test(name(leaf))) continue;
      sum += ms;
      self.set(name(leaf), (self.get(name(leaf)) ?? 0) + ms);
      const seen = new Set<string>();
      for (let n: Node | undefined = leaf; n; n = n.parent === undefined ? undefined : t.nodes.get(n.parent))
        if (!seen.has(name(n))) seen.add(name(n)) && total.set(name(n), (total.get(name(n)) ?? 0) + ms);
    }
    if (sum < 200) continue;
    const top = (m: Map<string, number>) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 25)
        .map(([k, ms]) => `    ${ms.toFixed(0).padStart(6)} ms ${k}`)
        .join('\n');
    out.push(`[thread profile ${key}] ${sum.toFixed(0)} ms sampled\n  self:\n${top(self)}\n  total:\n${top(total)}`);
  }
  return out.join('\n');
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
