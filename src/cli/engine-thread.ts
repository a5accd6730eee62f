// One engine thread: its own WASM instance; simulates the trial ranges it is sent and reports
// progress after every kernel call. Messages are those of thread-pool.ts.
import { parentPort } from 'node:worker_threads';
import { loadEngineNode } from '../engine/load-node.ts';
import type { SimulationInput } from '../engine/simulation.ts';

const port = parentPort!;
const engine = await loadEngineNode();

port.on('message', (message: { id: number; input: SimulationInput; trialStart: number; trialEnd: number }) => {
  const { id, input, trialStart, trialEnd } = message;
  try {
    const part = engine.simulatePart(input, trialStart, trialEnd, (done) => port.postMessage({ id, progress: done }));
    const buffers = [part.occDisc, part.occSteps, part.pulls, part.pulledTrials, part.perTrial, part.perStep, part.perTrialOcc, part.tally]
      .filter((a) => a !== undefined)
      .map((a) => a.buffer as ArrayBuffer);
    port.postMessage({ id, part }, buffers);
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
port.postMessage({ ready: true });
