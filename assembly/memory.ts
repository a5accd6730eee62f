// Buffers shared with JavaScript. The host allocates every input and output array here,
// fills it through a typed-array view, calls a kernel with the pointers and frees it after.
// Kernels never allocate, so memory.grow happens only in alloc and views stay valid during a call.

/** Allocates `bytes` bytes aligned to 16 and returns the pointer. */
export function alloc(bytes: usize): usize {
  return heap.alloc(bytes);
}

/** Frees a block returned by `alloc`. */
export function free(ptr: usize): void {
  heap.free(ptr);
}
