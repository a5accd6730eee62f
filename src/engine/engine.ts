// Typed-array API over the WASM kernels: copies inputs into WASM memory, runs a kernel,
// copies the output out and frees everything, so callers never see a pointer.
import type { Kernels } from './kernels.ts';

export class Engine {
  constructor(private readonly kernels: Kernels) {}

  /**
   * Whittle indices of 2-state arms, closed form.
   * transitions: numArms x 2 x 2 x 2 (arm, state, action, next state), row-major.
   * rewards: numArms x 2 (arm, state). Returns numArms x 2 (arm, state).
   */
  whittle2(transitions: Float64Array, rewards: Float64Array, discount: number): Float64Array {
    const numArms = rewards.length / 2;
    if (!Number.isInteger(numArms) || transitions.length !== numArms * 8) {
      throw new RangeError(`whittle2: expected rewards of length 2N and transitions of length 8N, got ${rewards.length} and ${transitions.length}`);
    }
    if (!(discount >= 0 && discount < 1)) throw new RangeError(`whittle2: discount must be in [0, 1), got ${discount}`);
    return this.withBuffers([transitions, rewards, numArms * 2], ([t, r, out]) => {
      this.kernels.whittle2(numArms, t, r, discount, out);
    })[2];
  }

  /**
   * Allocates one f64 buffer per entry (copying arrays in, zero-filling lengths), runs `body` with
   * the pointers, then copies every buffer out and frees them all, even when `body` throws.
   */
  private withBuffers(specs: (Float64Array | number)[], body: (ptrs: number[]) => void): Float64Array[] {
    const k = this.kernels;
    const ptrs: number[] = [];
    try {
      for (const spec of specs) {
        const length = typeof spec === 'number' ? spec : spec.length;
        const ptr = k.alloc(length * 8);
        ptrs.push(ptr);
        const view = new Float64Array(k.memory.buffer, ptr, length);
        if (typeof spec === 'number') view.fill(0);
        else view.set(spec);
      }
      body(ptrs);
      // Views are taken after the call: memory may have grown (and its buffer changed) in alloc.
      return specs.map((spec, i) => {
        const length = typeof spec === 'number' ? spec : spec.length;
        return new Float64Array(k.memory.buffer, ptrs[i], length).slice();
      });
    } finally {
      for (const ptr of ptrs) k.free(ptr);
    }
  }
}
