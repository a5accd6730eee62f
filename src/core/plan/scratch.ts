// Working arrays kept between lists. On this kind of machine a page written for the first time costs
// about 5 ms per MB, so a list at 10^6 that took its keys, buffers and flags fresh each time spent more
// on first touches than on its work; these are reused instead. A scratch array is valid until the next
// call with the same name: only for work that ends before its function returns (nothing here is async).

type Typed = Float64Array | Int32Array | Uint32Array | Uint16Array | Uint8Array;
type Ctor<T extends Typed> = {
  new (buffer: ArrayBuffer, offset: number, length: number): T;
  BYTES_PER_ELEMENT: number;
};

const buffers = new Map<string, ArrayBuffer>();

/** n entries of type T under `name` (contents left over from earlier use unless `zero`). */
export function scratch<T extends Typed>(name: string, type: Ctor<T>, n: number, zero = false): T {
  const bytes = n * type.BYTES_PER_ELEMENT;
  let buffer = buffers.get(name);
  if (!buffer || buffer.byteLength < bytes) {
    buffer = new ArrayBuffer(Math.max(bytes, Math.ceil((buffer?.byteLength ?? 0) * 1.25)));
    buffers.set(name, buffer);
    zero = false;
  }
  const out = new type(buffer, 0, n);
  if (zero) out.fill(0);
  return out;
}
