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

/**
 * Deals `ranges` on `ports`, one range per ask, to whichever job asks first; a port that asks once none is left gets
 * told so and is closed. Near the end a job is told that none is left when the others would finish every range left
 * sooner without it (worthGiving: a job slowed by other work on its core would otherwise set the wall time with the
 * last trial). Returns a function that closes every port (the pool calls it once the jobs are over, also when one
 * failed). `now`: the clock, in ms.
 */
export function dealTrials(ports: PiecePort[], ranges: [number, number][], now = () => performance.now()): () => void {
  let next = 0;
  const jobs: Dealt[] = ports.map(() => ({ asked: 0, size: 0, perTrial: NaN, over: false }));
  ports.forEach((port, j) => {
    port.addEventListener('message', () => {
      const t = now(),
        me = jobs[j];
      if (me.size > 0) me.perTrial = (t - me.asked) / me.size;
      const range = next < ranges.length && worthGiving(jobs, j, ranges.slice(next), t) ? ranges[next++] : null;
      me.asked = t;
      me.size = range ? range[1] - range[0] : 0;
      me.over = !range;
      port.postMessage({ range } satisfies Answer, []);
      if (!range) port.close();
    });
    port.start?.();
  });
  return () => ports.forEach((port) => port.close());
}

/** What the dealer knows of a job: when it last asked, the trials it was given then, its time per trial so far. */
interface Dealt {
  asked: number;
  size: number;
  /** ms per trial of its last range (NaN until it has run one). */
  perTrial: number;
  over: boolean;
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
