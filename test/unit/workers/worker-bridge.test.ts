// The WorkerBridge contract in Node: a real Comlink round trip over a MessageChannel stands in for
// the Web Worker (Node has none); the browser tests (test/e2e/engine-pool.test.ts, app.test.ts)
// run the same bridge on real workers.
import * as Comlink from 'comlink';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { WorkerBridge, WorkerCrashedError } from '../../../src/workers/worker-bridge.ts';

const api = {
  double: async (x: number) => 2 * x,
  /** Never answers: a kernel that is still running. */
  forever: () => new Promise<number>(() => {}),
};
type Api = typeof api;

/** A "worker" whose other end is `api` exposed with Comlink on a MessageChannel. */
class ChannelWorker extends EventTarget {
  terminated = false;
  private readonly port: MessagePort;
  private readonly other: MessagePort;

  constructor() {
    super();
    const { port1, port2 } = new MessageChannel();
    Comlink.expose(api, port2);
    this.port = port1;
    this.other = port2;
    port1.addEventListener('message', (event) =>
      this.dispatchEvent(new MessageEvent('message', { data: (event as MessageEvent).data })),
    );
    port1.start();
  }

  postMessage(message: unknown, transfer: Transferable[] = []): void {
    this.port.postMessage(message, transfer);
  }

  terminate(): void {
    this.terminated = true;
    this.port.close();
    this.other.close();
  }

  /** What a worker that throws while loading does. */
  crash(message: string): void {
    const event = new Event('error', { cancelable: true }) as Event & { message: string };
    event.message = message;
    this.dispatchEvent(event);
  }
}

const started: ChannelWorker[] = [];
function bridge(idleTimeoutMs = 0): WorkerBridge<Api> {
  return new WorkerBridge<Api>(
    () => {
      const worker = new ChannelWorker();
      started.push(worker);
      return worker as unknown as Worker;
    },
    { label: 'the test worker', idleTimeoutMs },
  );
}

afterEach(() => {
  for (const worker of started.splice(0)) worker.terminate();
  vi.useRealTimers();
});

describe('a WorkerBridge', () => {
  test('starts its worker on the first call and reuses it for the next ones', async () => {
    const b = bridge();
    expect(started).toHaveLength(0);
    expect(await b.call(undefined, (w) => w.double(21))).toBe(42);
    expect(await b.call(undefined, (w) => w.double(2))).toBe(4);
    expect(started).toHaveLength(1);
    b.terminate();
  });

  test(
    "an abort rejects the call with the signal's reason, terminates the worker, and the next call starts " +
      'a fresh one',
    async () => {
      const b = bridge();
      const controller = new AbortController();
      const call = b.call(controller.signal, (w) => w.forever());
      await b.call(undefined, (w) => w.double(1)); // the worker has started and answers
      controller.abort(new Error('the user pressed Stop'));
      await expect(call).rejects.toThrow('the user pressed Stop');
      expect(started[0].terminated).toBe(true);
      expect(await b.call(undefined, (w) => w.double(5))).toBe(10);
      expect(started).toHaveLength(2);
      b.terminate();
    },
  );

  test('a call with an already aborted signal starts no worker', async () => {
    const b = bridge();
    await expect(b.call(AbortSignal.abort(), (w) => w.double(1))).rejects.toThrow();
    expect(started).toHaveLength(0);
  });

  test(
    'a crashing worker rejects its pending calls with WorkerCrashedError naming the worker ' + 'and the cause',
    async () => {
      const b = bridge();
      const call = b.call(undefined, (w) => w.forever());
      started[0].crash('out of memory');
      const error = await call.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WorkerCrashedError);
      expect((error as Error).message).toBe(
        'The test worker stopped unexpectedly (out of memory). Try again; if it keeps happening, reload the page.',
      );
      expect(started[0].terminated).toBe(true);
    },
  );

  test('terminate rejects the pending calls with an AbortError instead of leaving them hanging', async () => {
    const b = bridge();
    const call = b.call(undefined, (w) => w.forever());
    b.terminate();
    const error = await call.catch((e: unknown) => e);
    expect((error as DOMException).name).toBe('AbortError');
    expect((error as Error).message).toBe('The test worker was stopped before it finished.');
  });

  test('an idle worker is terminated after the idle timeout, also after an earlier call was terminated', async () => {
    const b = bridge(1000);
    const hanging = b.call(undefined, (w) => w.forever());
    b.terminate();
    await hanging.catch(() => {});
    expect(await b.call(undefined, (w) => w.double(3))).toBe(6);
    vi.useFakeTimers();
    b.terminate(); // restart the idle clock under fake timers
    expect(await b.call(undefined, (w) => w.double(4))).toBe(8);
    expect(started.at(-1)!.terminated).toBe(false);
    vi.advanceTimersByTime(1001);
    expect(started.at(-1)!.terminated).toBe(true);
  });

  test(
    'retire ends an idle worker at once, a busy one when its last call ends, and the next call starts ' + 'a fresh one',
    async () => {
      const b = bridge(60_000);
      expect(await b.call(undefined, (w) => w.double(1))).toBe(2);
      b.retire();
      expect(started[0].terminated).toBe(true);
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      const busy = b.call(undefined, async (w) => {
        await held;
        return w.double(2);
      });
      expect(started).toHaveLength(2);
      b.retire();
      expect(started[1].terminated).toBe(false);
      release();
      expect(await busy).toBe(4);
      expect(started[1].terminated).toBe(true);
      expect(await b.call(undefined, (w) => w.double(3))).toBe(6);
      expect(started).toHaveLength(3);
      expect(started[2].terminated).toBe(false);
      b.terminate();
    },
  );
});
