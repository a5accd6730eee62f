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
   * at once (coresOver), the job that gathers the sums (trial-jobs.ts), so that no sums of trials cross.
   */
  favoured?: number;
}

/**
 * Deals `ranges` on `ports`, one range per ask, to whichever job asks first; a port that asks once none is left gets
 * told so and is closed. The first asks wait until every job has asked (they come together, once the prepared data
 * are everywhere), then are answered the favoured job first. Near the end a job is told that none is left when the
 * others would finish every range left sooner without it (worthGiving: a job slowed by other work on its core would
 * otherwise set the wall time with the last trial). With a CPU clock, a job whose threads seem to get no more cores
 * than the others (coresOver) is told none is left at its first ask, or held back at a later one until another job's
 * pace alone says whether they shared a core (then it stops) or not (then it goes on). Returns a function that closes
 * every port (the pool calls it once the jobs are over, also when one failed), telling a job still waiting that none
 * is left.
 */
export function dealTrials(
  ports: PiecePort[],
  ranges: [number, number][],
  { now = () => performance.now(), cpu, favoured = 0 }: DealOptions = {},
): () => void {
  let next = 0;
  const instant = (): Instant => ({ at: now(), cpu: cpu?.() ?? NaN });
  const start = instant();
  const jobs: Dealt[] = ports.map(() => ({ asked: 0, cpuAt: NaN, size: 0, perTrial: NaN, paired: NaN, over: false }));
  /** Each job's first ask, held until every job has asked (a job asks again only once answered). */
  const first = new Map<number, () => void>();
  let gathering = ports.length > 1;
  /** A job held back since `at` (its ask unanswered), until another job's pace alone tells (see ask). */
  let held: { job: number; at: number; port: PiecePort } | undefined;
  ports.forEach((port, j) => {
    port.addEventListener('message', () => {
      if (!gathering) return ask(port, j);
      first.set(j, () => ask(port, j));
      if (first.size < ports.length) return;
      gathering = false;
      for (const i of new Set([favoured, ...ports.keys()])) first.get(i)?.();
    });
    port.start?.();
  });

  /** Job j asks on `port` for more trials. */
  function ask(port: PiecePort, j: number): void {
    const to = instant(),
      me = jobs[j],
      from: Instant = me.size > 0 ? { at: me.asked, cpu: me.cpuAt } : start;
    if (me.size > 0) me.perTrial = (to.at - me.asked) / me.size;
    const running = jobs.filter((o, i) => i !== j && !o.over && o.size > 0).length,
      cores = coresOver(from, to);
    let stop = false;
    if (held && held.job !== j) {
      // this job's pace beside the held one (a range begun before the hold), then alone: a trial in well under the
      // time means that they shared a core, and the held job stops; else it goes on
      if (me.asked < held.at) me.paired = me.perTrial;
      else {
        const h = held;
        held = undefined;
        answer(h.port, h.job, instant(), !(me.perTrial < ALONE_PACE * me.paired));
      }
    } else if (!held && running > 0 && next < ranges.length) {
      // a first ask: the process got about one core, no more, while job 0 prepared and the others touched their
      // memory (on an idle machine 1.4 to 1.5); well under one, other threads take the cores, and another thread of
      // this process may get more of them (a spinning process of this session: two workers 1.55 times as fast as one)
      if (me.size === 0) stop = cores >= ONE_CORE_LOW && cores < 1 + CORE_MARGIN;
      else if (cores < running + CORE_MARGIN) {
        held = { job: j, at: to.at, port };
        me.asked = to.at;
        me.cpuAt = to.cpu;
        me.size = 0;
        return;
      }
    }
    answer(port, j, to, !stop);
  }

  /** Answers job j's ask: the next range if `give` and worth giving (worthGiving), else none left. */
  function answer(port: PiecePort, j: number, to: Instant, give: boolean): void {
    const me = jobs[j];
    const range =
      give && next < ranges.length && worthGiving(jobs, j, ranges.slice(next), to.at) ? ranges[next++] : null;
    me.asked = to.at;
    me.cpuAt = to.cpu;
    me.size = range ? range[1] - range[0] : 0;
    me.over = !range;
    port.postMessage({ range } satisfies Answer, []);
    if (!range) port.close();
    // a job held back while no other runs any more goes on
    const h = held;
    if (h && jobs.every((o, i) => i === h.job || o.over)) {
      held = undefined;
      answer(h.port, h.job, instant(), true);
    }
  }
  // a job still waiting for its answer (a first ask, or held back) when the pool stops dealing (a job failed) is told
  // that none is left, so that its worker does not wait for ever
  return () =>
    ports.forEach((port, j) => {
      if ((gathering && first.has(j)) || held?.job === j) port.postMessage({ range: null } satisfies Answer, []);
      port.close();
    });
}

/**
 * What the dealer knows of a job: when it last asked and the process's CPU time then, the trials it was given then,
 * its time per trial so far, and beside a job held back (dealTrials).
 */
interface Dealt {
  asked: number;
  cpuAt: number;
  size: number;
  /** ms per trial of its last range (NaN until it has run one). */
  perTrial: number;
  /** ms per trial of its range that ran beside a job then held back. */
  paired: number;
  over: boolean;
}

/** Shortest window (ms) over which the CPU the process got says anything: a few of the scheduler's time slices. */
const CPU_WINDOW_MS = 30;
/** Cores beyond those the other running jobs get for which one more job is worth its cost (CPU of 2 / 1: ~1.1). */
const CORE_MARGIN = 0.15;
/** At a first ask, the fewest cores that say "one core, ours" rather than "cores taken by other threads". */
const ONE_CORE_LOW = 0.9;
/**
 * A job's pace alone, as a share of its pace beside a job held back, under which the two had shared a core (0.45 to
 * 0.5 then; 0.67 when a third thread shared it, and the pair got more of it than one job would).
 */
const ALONE_PACE = 0.6;

/**
 * The cores the process got from `from` to `to` (its CPU time over the wall time), or NaN without a CPU clock or
 * over too short a window. Two jobs that share one core run each trial at half the pace, and the pair spends 10 to
 * 25 % more CPU than one job (each switch between them on the core costs its cache), so that two workers given one
 * core by the scheduler (Linux shares CPU between sessions before threads) were slower than one.
 */
function coresOver(from: Instant, to: Instant): number {
  const window = to.at - from.at;
  return window >= CPU_WINDOW_MS && to.cpu >= from.cpu ? (to.cpu - from.cpu) / window : NaN;
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
