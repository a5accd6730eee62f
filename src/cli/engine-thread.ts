// One engine thread: its own WASM instance; simulates the trial ranges it is sent and reports progress after
// every kernel call. Messages are those of thread-pool.ts: a range with the whole input (the thread prepares the
// simulation, and with `share` first sends its prepared data to the pool in a SharedArrayBuffer), or a range of
// a simulation another thread prepares (`adopt`: memory reserved at once, then the prepared data in `prepared`,
// or `cancel` when the preparing thread failed).
import { parentPort } from 'node:worker_threads';
import type { SimulationShape } from '../engine/arm-chunks.ts';
import { loadEngineNode } from '../engine/load-node.ts';
import type { PreparedAdopter } from '../engine/prepared-bytes.ts';
import type { PreparedSimulation } from '../engine/prepared-simulation.ts';
import type { SimulationInput, SimulationPart } from '../engine/simulation.ts';

export type ThreadRequest =
  | { id: number; input: SimulationInput; trialStart: number; trialEnd: number; share?: boolean }
  | { id: number; adopt: SimulationShape; trialStart: number; trialEnd: number }
  | { id: number; prepared: SharedArrayBuffer }
  | { id: number; cancel: true };

const port = parentPort!;
const engine = await loadEngineNode();
/** Simulations waiting for their prepared data, by request id. */
const adopting = new Map<number, { adopter: PreparedAdopter; trialStart: number; trialEnd: number; seed: number }>();

port.on('message', (m: ThreadRequest) => {
  const { id } = m;
  try {
    if ('input' in m) {
      const prepared = engine.prepare(m.input);
      if (m.share) {
        const bytes = engine.share(prepared), shared = new SharedArrayBuffer(bytes.byteLength);
        bytes.copy(0, new Uint8Array(shared));
        port.postMessage({ id, prepared: shared });
      }
      return run(id, prepared, m.input.seed, m.trialStart, m.trialEnd);
    }
    if ('adopt' in m) {
      adopting.set(id, { adopter: engine.adopt(m.adopt), trialStart: m.trialStart, trialEnd: m.trialEnd, seed: m.adopt.seed });
      return;
    }
    const job = adopting.get(id)!;
    adopting.delete(id);
    if ('cancel' in m) {
      job.adopter.release();
      return void port.postMessage({ id, error: 'the thread preparing the simulation failed' });
    }
    job.adopter.add(0, new Uint8Array(m.prepared));
    run(id, job.adopter.finish(), job.seed, job.trialStart, job.trialEnd);
  } catch (error) {
    adopting.get(id)?.adopter.release();
    adopting.delete(id);
    port.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
port.postMessage({ ready: true });

/** Runs the trials, sends the part (its arrays transferred) and disposes of the prepared simulation. */
function run(id: number, prepared: PreparedSimulation, seed: number, trialStart: number, trialEnd: number): void {
  let part: SimulationPart;
  try {
    part = prepared.run(seed, trialStart, trialEnd, (done) => port.postMessage({ id, progress: done }));
  } finally {
    prepared.dispose();
  }
  const buffers = [part.occDisc, part.occSteps, part.pulls, part.pulledTrials, part.perTrial, part.perStep, part.perTrialOcc, part.tally]
    .filter((a) => a !== undefined)
    .map((a) => a.buffer as ArrayBuffer);
  port.postMessage({ id, part }, buffers);
}
