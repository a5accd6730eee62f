// A simulation's trials handed to the engine workers as they ask, a few at a time, rather than split in advance:
// a worker that shares its core with other work runs fewer trials instead of setting the wall time (at 10^6 arms
// under load two workers with the trials split 5 / 5 were slower than one). The pool's thread deals (it waits
// anyway); each worker asks on a MessagePort of its own once it has run what it was given, so at most one grant per
// worker is ever promised ahead of the work. Plain port messages, as prepared-pieces.ts: both pools use them.
import type { PiecePort } from './prepared-pieces.ts';

/** The next trials for a job, [start, end), or undefined once every trial is taken. */
export type TrialSource = () => Promise<[number, number] | undefined>;

/** Worker to pool: the next trials wanted. Pool to worker: those trials, or none left. */
type Ask = { next: true };
type Answer = { range: [number, number] | null };

/** A source that gives `range` once (a job whose trials are known in advance), then nothing. */
export function fixedTrials(range: [number, number]): TrialSource {
  let given = false;
  return async () => (given ? undefined : ((given = true), range));
}

/**
 * Ranges of `grant` trials (the last shorter) tiling [0, trials), in trial order: the order they are dealt.
 */
export function grants(trials: number, grant: number): [number, number][] {
  const out: [number, number][] = [];
  for (let start = 0; start < trials; start += grant) out.push([start, Math.min(trials, start + grant)]);
  return out;
}

/** The dealer's clocks and whom it favours. */
export interface DealOptions {
  /** The clock, in ms. */
  now?: () => number;
  /** The CPU time of every thread of the process, in ms (the command line's: browsers have none). */
  cpu?: () => number;
  /**
   * The job answered first once every job has asked (0): the one that goes on when the others are told none is left
   * at once (oneCoreFewer), the job that gathers the sums (trial-jobs.ts), so that no sums of trials cross.
   */
  favoured?: number;
}

/**
 * Deals `ranges` on `ports`, one range per ask, to whichever job asks first; a port that asks once none is left gets
 * told so and is closed. The first asks wait until every job has asked (they come together, once the prepared data
 * are everywhere), then are answered the favoured job first. Near the end a job is told that none is left when the
 * others would finish every range left sooner without it (worthGiving: a job slowed by other work on its core would
 * otherwise set the wall time with the last trial); so is a job whose threads get no more cores than the others
 * (oneCoreFewer, when there is a CPU clock). Returns a function that closes every port (the pool calls it once the
 * jobs are over, also when one failed).
 */
export function dealTrials(
  ports: PiecePort[],
  ranges: [number, number][],
  { now = () => performance.now(), cpu, favoured = 0 }: DealOptions = {},
): () => void {
  let next = 0;
  const start = { at: now(), cpu: cpu?.() ?? NaN };
  const jobs: Dealt[] = ports.map(() => ({ asked: 0, cpuAt: NaN, size: 0, perTrial: NaN, over: false }));
  /** Each job's first ask, held until every job has asked (a job asks again only once answered). */
  const held = new Map<number, () => void>();
  let holding = ports.length > 1;
  ports.forEach((port, j) => {
    port.addEventListener('message', () => {
      if (!holding) return answer(port, j);
      held.set(j, () => answer(port, j));
      if (held.size < ports.length) return;
      holding = false;
      for (const i of new Set([favoured, ...ports.keys()])) held.get(i)?.();
    });
    port.start?.();
  });
  function answer(port: PiecePort, j: number): void {
    const t = now(),
      c = cpu?.() ?? NaN,
      me = jobs[j];
    if (me.size > 0) me.perTrial = (t - me.asked) / me.size;
    const range =
      next < ranges.length &&
      !oneCoreFewer(jobs, j, me.size > 0 ? { at: me.asked, cpu: me.cpuAt } : start, { at: t, cpu: c }) &&
      worthGiving(jobs, j, ranges.slice(next), t)
        ? ranges[next++]
        : null;
    me.asked = t;
    me.cpuAt = c;
    me.size = range ? range[1] - range[0] : 0;
    me.over = !range;
    port.postMessage({ range } satisfies Answer, []);
    if (!range) port.close();
  }
  return () => ports.forEach((port) => port.close());
}

/**
 * What the dealer knows of a job: when it last asked and the process's CPU time then, the trials it was given then,
 * its time per trial so far.
 */
interface Dealt {
  asked: number;
  cpuAt: number;
  size: number;
  /** ms per trial of its last range (NaN until it has run one). */
  perTrial: number;
  over: boolean;
}

/** Shortest window (ms) over which the CPU the process got says anything: a few of the scheduler's time slices. */
const CPU_WINDOW_MS = 30;
/** Cores beyond those the other running jobs get for which one more job is worth its cost (CPU of 2 / 1: ~1.1). */
const CORE_MARGIN = 0.15;

/**
 * Whether job j, asking at `to`, should get no more trials because the jobs still running
 * would run them as fast without it: over the window since `from` (its last ask, or for a first ask the start of the
 * dealing, while job 0 prepared and the others touched their memory), the process got fewer cores than the other
 * running jobs and a margin (a first ask: about one core). Jobs that share one core run each trial at half the pace,
 * and a pair of them spends 10 to 25 % more CPU than one (each switch between them on the core costs its cache), so
 * that two workers given one core by the scheduler (Linux shares CPU between sessions before threads) were slower
 * than one; one of them then runs every trial left. Never the last job running; never without a CPU clock.
 */
function oneCoreFewer(jobs: Dealt[], j: number, from: Instant, to: Instant): boolean {
  const running = jobs.filter((o, i) => i !== j && !o.over && o.size > 0).length,
    window = to.at - from.at;
  if (running === 0 || !(window >= CPU_WINDOW_MS) || !(to.cpu >= from.cpu)) return false;
  return (to.cpu - from.cpu) / window < (jobs[j].size > 0 ? running : 1) + CORE_MARGIN;
}

/** A time (ms) and the process's CPU time then (ms, NaN without a CPU clock). */
interface Instant {
  at: number;
  cpu: number;
}

/**
 * Whether job j, asking at `t`, should get the first of `left`: unless every job still running has a known pace and
 * the ranges left, dealt in turn to whichever would finish each first, end sooner without job j than with it.
 */
function worthGiving(jobs: Dealt[], j: number, left: [number, number][], t: number): boolean {
  const others = jobs.filter((o, i) => i !== j && !o.over);
  if (others.length === 0 || !(jobs[j].perTrial >= 0) || others.some((o) => !(o.perTrial >= 0))) return true;
  const free = (o: Dealt) => Math.max(t, o.asked + o.perTrial * o.size);
  /** When the last of `left` ends, each dealt to whichever of `pool` (pace, free at) would end it first. */
  const end = (pool: { perTrial: number; at: number }[], ranges: [number, number][]) => {
    for (const [start, stop] of ranges) {
      let best = pool[0];
      for (const p of pool) if (p.at + p.perTrial * (stop - start) < best.at + best.perTrial * (stop - start)) best = p;
      best.at += best.perTrial * (stop - start);
    }
    return Math.max(...pool.map((p) => p.at));
  };
  const without = end(
    others.map((o) => ({ perTrial: o.perTrial, at: free(o) })),
    left,
  );
  const first = left[0][1] - left[0][0],
    mine = { perTrial: jobs[j].perTrial, at: t + jobs[j].perTrial * first };
  const withMe = end([mine, ...others.map((o) => ({ perTrial: o.perTrial, at: free(o) }))], left.slice(1));
  return withMe <= without;
}

/** The trials dealt to this job on `port` (dealTrials): one ask at a time, the port closed once none is left. */
export function trialsFrom(port: PiecePort): TrialSource {
  let waiting: ((range: [number, number] | undefined) => void) | undefined;
  let over = false;
  port.addEventListener('message', (event) => {
    const { range } = (event as Event & { data: Answer }).data;
    if (!range) {
      over = true;
      port.close();
    }
    const resolve = waiting;
    waiting = undefined;
    resolve?.(range ?? undefined);
  });
  port.start?.();
  return () =>
    over
      ? Promise.resolve(undefined)
      : new Promise((resolve) => {
          if (waiting) throw new Error('simulate: a job asked for trials twice at once');
          waiting = resolve;
          port.postMessage({ next: true } satisfies Ask, []);
        });
}
