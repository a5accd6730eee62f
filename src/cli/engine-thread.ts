// One engine thread: its own WASM instance; runs the trial jobs it is sent (engine/trial-jobs.ts, as the app's
// engine workers do) and reports progress after every kernel call. Messages are those of thread-pool.ts: job 0
// of a simulation comes with its first chunk of arms and asks the pool for the others, then serves what it
// prepared on a port to each other job's thread (engine/prepared-pieces.ts); another job comes with its port.
import { parentPort, type MessagePort } from 'node:worker_threads';
import type { ArmChunk, SimulationShape } from '../engine/arm-chunks.ts';
import { loadEngineNode } from '../engine/load-node.ts';
import { adoptPrepared, refusePrepared, servePrepared } from '../engine/prepared-pieces.ts';
import type { PreparedSimulation } from '../engine/prepared-simulation.ts';
import type { SimulationPart } from '../engine/simulation.ts';
import { trialsFrom } from '../engine/trial-dealer.ts';
import {
  armResultArrays,
  buffersOf,
  runAdoptedJob,
  runTrialJob,
  sumsRoute,
  type JobArrays,
} from '../engine/trial-jobs.ts';

/**
 * A job: the trials dealt on `trials` of the simulation of `shape`; its per-arm sums go on `sumsTo`, or, for the job
 * that gathers them, come from each of `sumsFrom` (engine/trial-jobs.ts).
 */
interface Job {
  id: number;
  shape: SimulationShape;
  trials: MessagePort;
  sumsTo?: MessagePort;
  sumsFrom: MessagePort[];
}

export type ThreadRequest =
  | (Job & { chunks: number; first: ArmChunk; ports: MessagePort[] })
  | (Job & { port: MessagePort })
  | { id: number; answer: 'chunk' | 'rewards'; c: number; arrays: ArmChunk | Float64Array };

export type ThreadReply =
  | { id: number; ask: 'chunk' | 'rewards'; c: number; spent?: ArmChunk | Float64Array }
  | { id: number; progress: number }
  | { id: number; part: SimulationPart }
  | { id: number; error: string };

const port = parentPort!;
const engine = await loadEngineNode();
/** Answers awaited from the pool, by job id, kind and chunk. */
const awaited = new Map<string, (arrays: ArmChunk | Float64Array) => void>();

port.on('message', (m: ThreadRequest) => {
  if ('answer' in m) {
    const key = `${m.id} ${m.answer} ${m.c}`;
    awaited.get(key)?.(m.arrays);
    awaited.delete(key);
    return;
  }
  void run(m);
});
port.postMessage({ ready: true });

async function run(m: Exclude<ThreadRequest, { answer: string }>): Promise<void> {
  const { id, shape } = m;
  const trials = trialsFrom(m.trials);
  const reply = (message: ThreadReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
  const progress = (done: number) => reply({ id, progress: done });
  const arrays: JobArrays = {
    chunk: (c, spent) => ask(id, 'chunk', c, spent) as Promise<ArmChunk>,
    rewards: (c, spent) => ask(id, 'rewards', c, spent) as Promise<Float64Array>,
    // the per-arm results go back transferred: this thread makes their arrays
    outputs: async () => armResultArrays(shape.numArms, shape.numStates),
  };
  let served = false,
    sent = false;
  const route = sumsRoute(m.sumsTo, m.sumsFrom);
  if ('send' in route) {
    const send = route.send;
    route.send = (sums) => ((sent = true), send(sums));
  }
  try {
    const share =
      'first' in m && m.ports.length > 0
        ? (prepared: PreparedSimulation) => {
            served = true;
            return servePrepared(engine.share(prepared), m.ports);
          }
        : undefined;
    const part =
      'first' in m
        ? await runTrialJob(engine, shape, trials, m.chunks, m.first, arrays, progress, share, route)
        : await runAdoptedJob(
            engine,
            shape,
            trials,
            (adopter) => adoptPrepared(adopter, m.port),
            arrays,
            progress,
            route,
          );
    reply({ id, part }, buffersOf(part));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // the other jobs' threads wait for what this one prepares: tell them there will be nothing
    if ('first' in m && !served) refusePrepared(m.ports, message);
    // and the gatherer for this job's sums
    if (m.sumsTo && !sent) refusePrepared([m.sumsTo], message);
    reply({ id, error: message });
  }
}

/** Asks the pool for chunk c (or its rewards), sending the arrays of a chunk used back to be refilled. */
function ask(
  id: number,
  what: 'chunk' | 'rewards',
  c: number,
  spent?: ArmChunk | Float64Array,
): Promise<ArmChunk | Float64Array> {
  return new Promise((resolve) => {
    awaited.set(`${id} ${what} ${c}`, resolve);
    port.postMessage({ id, ask: what, c, spent } satisfies ThreadReply, spent ? buffersOf(spent) : []);
  });
}
