// WASM allocations of one call, freed together at the end (or one by one), so that a failing call
// leaks nothing; used by the engine, the loader and the prepared simulation.
import type { Kernels } from './kernels.ts';

/** WASM allocations of one call, all freed at the end (or earlier, one by one). */
export class Blocks {
  private readonly live = new Set<number>();
  constructor(private readonly k: Kernels) {}

  /** `bytes` bytes, zeroed unless the caller overwrites them all. */
  bytes(bytes: number, zero = true): number {
    const ptr = this.k.alloc(Math.max(8, bytes));
    this.live.add(ptr);
    if (zero) new Uint8Array(this.k.memory.buffer, ptr, bytes).fill(0);
    return ptr;
  }

  /** `length` f64, zeroed or copied from `from` (one pass over the block, not two). */
  f64(length: number, from?: Float64Array): number {
    const ptr = this.bytes(length * 8, !from || from.length < length);
    if (from) new Float64Array(this.k.memory.buffer, ptr, length).set(from.subarray(0, length));
    return ptr;
  }

  release(ptr: number): void {
    this.live.delete(ptr);
    this.k.free(ptr);
  }

  releaseAll(): void {
    for (const ptr of this.live) this.k.free(ptr);
    this.live.clear();
  }
}
