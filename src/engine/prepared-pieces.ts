// A simulation prepared once for all the engine workers: the worker of job 0 serves its prepared bytes
// (Engine.share) on a MessagePort to each other worker, which adopts them (Engine.adopt) instead of checking,
// converting and sorting the arms again. The bytes go a piece at a time, two pieces in flight per port, the
// buffer of a piece used going back to be refilled: a large simulation's prepared data (47 bytes per 2-state arm)
// is never whole in transit, and few fresh pages are touched (the first touch of a page is what costs most
// here). Plain messages on a port of the browser or of Node's worker_threads, so both pools use it. The same
// pieces carry each job's per-arm sums, once its trials are run, to the job that gathers them (trial-jobs.ts).

/** What is served a piece at a time: PreparedBytes (Engine.share), or a job's per-arm sums (TrialSums). */
export interface PieceSource {
  readonly byteLength: number;
  /**
   * Adding it changes nothing (the per-arm sums of a job that ran no trials: zeros): the adopter is told so at its
   * first ask and takes no piece.
   */
  readonly nothing?: boolean;
  copy(offset: number, into: Uint8Array): void;
}

/** What takes the pieces in: PreparedAdopter (Engine.adopt), or the gathering job's per-arm sums (TrialSums.add). */
export interface PieceSink {
  readonly byteLength: number;
  add(offset: number, bytes: Uint8Array): void;
}

/** Bytes per piece (4 MiB: 12 pieces for 10^6 2-state arms). */
export const PIECE_BYTES = 4 << 20;

/** What the pieces need of a MessagePort (the browser's and Node's both have it). */
export interface PiecePort {
  postMessage(message: unknown, transfer: ArrayBuffer[]): void;
  addEventListener(type: 'message', listener: (event: Event) => void): void;
  start?(): void;
  close(): void;
}

/**
 * Adopter to server: piece c wanted (in the buffer of `spent`, a piece used), or every piece in. Server to adopter:
 * piece c, nothing to add (PieceSource.nothing), or why there is none.
 */
type Ask = { piece: number; spent?: Uint8Array } | { done: true };
type Answer = { piece: number; bytes: Uint8Array } | { nothing: true } | { error: string };

/**
 * Serves `bytes` on every port; resolves once every adopter has every piece (the ports are then closed). An
 * adopter that fails stops asking: the pool then ends the workers (or, in Node, tells this one to stop).
 */
export function servePrepared(bytes: PieceSource, ports: PiecePort[], pieceBytes = PIECE_BYTES): Promise<void> {
  return new Promise<void>((resolve) => {
    let open = ports.length;
    if (open === 0) resolve();
    for (const port of ports) {
      port.addEventListener('message', (event) => {
        const ask = dataOf<Ask>(event);
        if ('done' in ask) {
          port.close();
          if (--open === 0) resolve();
          return;
        }
        if (bytes.nothing) return port.postMessage({ nothing: true } satisfies Answer, []);
        try {
          const start = ask.piece * pieceBytes,
            length = Math.min(pieceBytes, bytes.byteLength - start),
            spent = ask.spent;
          const into =
            spent && spent.buffer.byteLength >= length
              ? new Uint8Array(spent.buffer, 0, length)
              : new Uint8Array(length);
          bytes.copy(start, into);
          port.postMessage({ piece: ask.piece, bytes: into } satisfies Answer, [into.buffer as ArrayBuffer]);
        } catch (error) {
          port.postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies Answer, []);
        }
      });
      port.start?.();
    }
  });
}

/** Tells the adopters on `ports` that there will be no pieces (the preparation failed), and closes the ports. */
export function refusePrepared(ports: PiecePort[], message: string): void {
  for (const port of ports) {
    port.postMessage({ error: message } satisfies Answer, []);
    port.close();
  }
}

/**
 * Takes every piece of the prepared data from `port` into `adopter`, asking one piece ahead and sending a used buffer
 * back with each request.
 */
export function adoptPrepared(adopter: PieceSink, port: PiecePort, pieceBytes = PIECE_BYTES): Promise<void> {
  const count = Math.ceil(adopter.byteLength / pieceBytes);
  return new Promise<void>((resolve, reject) => {
    const ask = (piece: number, spent?: Uint8Array) =>
      port.postMessage({ piece, spent } satisfies Ask, spent ? [spent.buffer as ArrayBuffer] : []);
    let expected = 0,
      spent: Uint8Array | undefined;
    const finish = (error?: Error) => {
      if (error) reject(error);
      else {
        port.postMessage({ done: true } satisfies Ask, []);
        resolve();
      }
      port.close();
    };
    port.addEventListener('message', (event) => {
      const answer = dataOf<Answer>(event);
      // the preparer's own message (it fails its own job with it too): whichever reaches the pool first says the same
      if ('error' in answer) return finish(new Error(answer.error));
      if ('nothing' in answer) return finish();
      if (answer.piece !== expected)
        return finish(new Error(`simulate: prepared piece ${answer.piece} came when ${expected} was next`));
      // the next is asked for before this one is copied in, with the buffer of the one before
      if (expected + 1 < count) ask(expected + 1, spent);
      try {
        adopter.add(expected * pieceBytes, answer.bytes);
      } catch (error) {
        return finish(error as Error);
      }
      spent = answer.bytes;
      if (++expected === count) finish();
    });
    port.start?.();
    if (count === 0) finish();
    else ask(0);
  });
}

/** The data of a message event (the port's type knows it only as an Event in Node's typings). */
function dataOf<T>(event: Event): T {
  return (event as Event & { data: T }).data;
}

/**
 * Copies between `bytes` (bytes [offset, ...) of the parts laid end to end) and the parts: into them, or out of them.
 */
export function copyAcross(parts: Uint8Array[], offset: number, bytes: Uint8Array, intoParts: boolean): void {
  let at = 0;
  for (const part of parts) {
    const from = Math.max(offset, at),
      to = Math.min(offset + bytes.length, at + part.length);
    if (from < to) {
      if (intoParts) part.set(bytes.subarray(from - offset, to - offset), from - at);
      else bytes.set(part.subarray(from - at, to - at), from - offset);
    }
    at += part.length;
  }
}
