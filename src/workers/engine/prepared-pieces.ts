// A simulation prepared once for all the engine workers: the worker of job 0 loads the arms and prepares
// (runTrialJob), then serves its prepared bytes (Engine.share) on a MessagePort to each other worker, which adopts
// them (Engine.adopt, runAdoptedJob) instead of checking, converting and sorting the arms again. The bytes go a
// piece at a time, two pieces in flight per port, the buffer of a piece used going back to be refilled, so that a
// large simulation's prepared data (47 bytes per 2-state arm) is never whole in transit.
import * as Comlink from 'comlink';
import type { PreparedAdopter, PreparedBytes } from '../../engine/prepared-bytes.ts';

/** Bytes per piece (4 MiB: 12 pieces for 10^6 2-state arms). */
export const PIECE_BYTES = 4 << 20;

/** What the preparing worker serves on each port; the adopter releases it (Comlink.releaseProxy) once every piece is in. */
export interface PreparedSource {
  /** Piece c: bytes [c * PIECE_BYTES, ...) of the prepared data, in the buffer of `spent` (a piece used) when given. */
  piece(c: number, spent?: Uint8Array): Uint8Array;
}

/**
 * Serves `bytes` on every port; resolves once every adopter released its port. An adopter that fails releases it
 * too, and the pool then ends every worker.
 */
export function servePrepared(bytes: PreparedBytes, ports: MessagePort[], pieceBytes = PIECE_BYTES): Promise<void> {
  return new Promise<void>((resolve) => {
    let open = ports.length;
    if (open === 0) resolve();
    for (const port of ports) {
      const source: PreparedSource & { [Comlink.finalizer]: () => void } = {
        piece(c, spent) {
          const start = c * pieceBytes, length = Math.min(pieceBytes, bytes.byteLength - start);
          const into = spent && spent.buffer.byteLength >= length ? new Uint8Array(spent.buffer, 0, length) : new Uint8Array(length);
          bytes.copy(start, into);
          return Comlink.transfer(into, [into.buffer]);
        },
        // Comlink calls this when the adopter releases the port (and then closes it)
        [Comlink.finalizer]() {
          if (--open === 0) resolve();
        },
      };
      Comlink.expose(source, port);
    }
  });
}

/** Takes every piece of the prepared data from `port` into `adopter`, asking one piece ahead and sending a used buffer back with each request. */
export async function adoptPrepared(adopter: PreparedAdopter, port: MessagePort, pieceBytes = PIECE_BYTES): Promise<void> {
  const source = Comlink.wrap<PreparedSource>(port);
  try {
    const count = Math.ceil(adopter.byteLength / pieceBytes);
    const ask = (c: number, spent?: Uint8Array) => source.piece(c, spent && Comlink.transfer(spent, [spent.buffer]));
    let next = count > 0 ? ask(0) : undefined, spent: Uint8Array | undefined;
    for (let c = 0; c < count; c++) {
      const piece = await next!;
      if (c + 1 < count) next = ask(c + 1, spent);
      adopter.add(c * pieceBytes, piece);
      spent = piece;
    }
  } finally {
    source[Comlink.releaseProxy]();
  }
}
