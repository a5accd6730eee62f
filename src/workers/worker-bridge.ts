// A worker owned by the page, modelled on squoosh's WorkerBridge: the worker starts on the first
// call, every call can be aborted (which terminates the worker, the only way to stop a running
// WASM kernel), a worker that dies rejects its pending calls with a clear error instead of hanging,
// terminate() rejects the pending calls (AbortError), and an idle worker is terminated after a
// while to give its memory back. Every Web Worker of the app is owned through one (src/workers/README.md).
import * as Comlink from 'comlink';

/** Thrown when a worker crashes or fails to start. */
export class WorkerCrashedError extends Error {
  override name = 'WorkerCrashedError';
}

export function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

export interface WorkerBridgeOptions {
  /** What the worker is for, used in error messages ("the simulation engine"). */
  label: string;
  /** Terminate the worker when no call has run for this long. 0 keeps it. */
  idleTimeoutMs?: number;
}

export class WorkerBridge<Api> {
  private worker: Worker | undefined;
  private api: Comlink.Remote<Api> | undefined;
  private died: Promise<never> | undefined;
  /** Rejects `died`: how terminate() releases the pending calls. */
  private stop: ((reason: unknown) => void) | undefined;
  private running = 0;
  private retiring = false;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly createWorker: () => Worker,
    private readonly options: WorkerBridgeOptions,
  ) {}

  /** Runs `fn` against the worker's API; rejects on abort (terminating the worker) or on a crash. */
  async call<R>(signal: AbortSignal | undefined, fn: (api: Comlink.Remote<Api>) => Promise<R>): Promise<R> {
    if (signal?.aborted) throw abortError(signal);
    const { api, died } = this.start();
    clearTimeout(this.idleTimer);
    this.running++;
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => {
        reject(abortError(signal!)); // first, so that the call rejects with the abort and not with terminate's
        this.terminate();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([fn(api), died, aborted]);
    } finally {
      signal?.removeEventListener('abort', onAbort!);
      this.running--;
      this.scheduleIdleStop();
    }
  }

  /**
   * Ends the worker as soon as no call is running (at once if none is): how a worker gives back memory
   * it cannot shrink (WASM's). The next call starts a fresh worker.
   */
  retire(): void {
    if (this.running === 0) this.terminate();
    else this.retiring = true;
  }

  /** Stops the worker now; pending calls reject with an AbortError. The next call starts a fresh worker. */
  terminate(): void {
    clearTimeout(this.idleTimer);
    this.retiring = false;
    this.stop?.(new DOMException(`${capitalize(this.options.label)} was stopped before it finished.`, 'AbortError'));
    this.stop = undefined;
    this.api?.[Comlink.releaseProxy]();
    this.worker?.terminate();
    this.worker = undefined;
    this.api = undefined;
    this.died = undefined;
  }

  private start(): { api: Comlink.Remote<Api>; died: Promise<never> } {
    if (!this.worker || !this.api || !this.died) {
      const worker = this.createWorker();
      this.worker = worker;
      this.api = Comlink.wrap<Api>(worker);
      this.died = new Promise<never>((_, reject) => {
        this.stop = reject;
        const fail = (detail: string) => {
          reject(
            new WorkerCrashedError(
              `${capitalize(this.options.label)} stopped unexpectedly (${detail}). Try again; if it keeps ` +
                `happening, reload the page.`,
            ),
          );
          if (this.worker === worker) this.terminate();
        };
        worker.addEventListener('error', (event) => {
          event.preventDefault();
          fail(event.message || 'the worker failed to load or threw an uncaught error');
        });
        worker.addEventListener('messageerror', () => fail('a message could not be read'));
      });
      // Nobody may be waiting when a worker dies between calls.
      this.died.catch(() => {});
    }
    return { api: this.api, died: this.died };
  }

  private scheduleIdleStop(): void {
    if (this.retiring && this.running === 0) return this.terminate();
    const timeout = this.options.idleTimeoutMs ?? 0;
    if (timeout > 0 && this.running === 0) this.idleTimer = setTimeout(() => this.terminate(), timeout);
  }
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
