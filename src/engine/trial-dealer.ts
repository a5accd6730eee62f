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
 * told so and is closed. Returns a function that closes every port (the pool calls it once the jobs are over, also
 * when one failed).
 */
export function dealTrials(ports: PiecePort[], ranges: [number, number][]): () => void {
  let next = 0;
  for (const port of ports) {
    port.addEventListener('message', () => {
      const range = next < ranges.length ? ranges[next++] : null;
      port.postMessage({ range } satisfies Answer, []);
      if (!range) port.close();
    });
    port.start?.();
  }
  return () => ports.forEach((port) => port.close());
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
