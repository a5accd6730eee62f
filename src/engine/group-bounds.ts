// Per-group call bounds of a simulation (SimulationInput.groups): the feasibility check, the
// kernel's block (layout in assembly/simulate.ts, selectConstrained) and the empty min/max record.
import type { SimulationInput } from './simulation.ts';

/** Group bounds that every step can meet with exactly min(budget, numArms) calls. */
export function checkGroups(
  input: Pick<SimulationInput, 'groups' | 'policy' | 'numArms' | 'budget'>,
  fail: (m: string) => never,
): void {
  const { ofArm, min, max } = input.groups!;
  const G = min.length;
  if (input.policy !== 'whittle') fail(`group bounds apply to the Whittle policy, not to ${input.policy}`);
  if (ofArm.length !== input.numArms) fail(`groups: ${ofArm.length} group ids for ${input.numArms} arms`);
  if (max.length !== G || G < 1)
    fail(`groups: ${G} minima and ${max.length} maxima; need one of each per group, at least one group`);
  const size = new Int32Array(G);
  let free = 0;
  for (let i = 0; i < ofArm.length; i++) {
    const g = ofArm[i];
    if (!(g >= -1 && g < G)) fail(`groups: arm ${i} is in group ${g}, outside -1..${G - 1}`);
    if (g >= 0) size[g]++;
    else free++;
  }
  const calls = Math.min(input.budget, input.numArms);
  let need = 0,
    room = free;
  for (let g = 0; g < G; g++) {
    if (!(min[g] >= 0 && max[g] >= min[g]))
      fail(`groups: group ${g} has minimum ${min[g]} and maximum ${max[g]}; need 0 <= minimum <= maximum`);
    if (min[g] > size[g]) fail(`groups: group ${g} needs at least ${min[g]} calls per step but has ${size[g]} arms`);
    need += min[g];
    room += Math.min(max[g], size[g]);
  }
  if (need > calls) fail(`groups: the minima add up to ${need} calls per step, more than the budget of ${calls}`);
  if (room < calls) fail(`groups: the maxima leave room for ${room} calls per step, fewer than the budget of ${calls}`);
}

/** pairs (min, max) = (+Infinity, -Infinity): the empty range, ready for min/max updates. */
export function emptyRange(pairs: number): Float64Array {
  const out = new Float64Array(2 * pairs);
  for (let j = 0; j < out.length; j += 2) {
    out[j] = Infinity;
    out[j + 1] = -Infinity;
  }
  return out;
}

/**
 * Writes the kernel's `groups` block into WASM memory with `alloc` (zeroed bytes): [G, groupOf, min, max,
 * ranking scratch, taken scratch, range], the range starting empty. Returns the block and the range.
 */
export function groupBlock(
  input: Pick<SimulationInput, 'groups' | 'numArms' | 'horizon'>,
  memory: WebAssembly.Memory,
  alloc: (bytes: number) => number,
): { block: number; range: number; rangeLength: number } {
  const { ofArm, min, max } = input.groups!;
  const G = min.length,
    N = input.numArms;
  const i32 = (values: Int32Array) => {
    const ptr = alloc(values.length * 4);
    new Int32Array(memory.buffer, ptr, values.length).set(values);
    return ptr;
  };
  const groupOf = i32(ofArm),
    gmin = i32(min),
    gmax = i32(max);
  const ranking = alloc(N * 4),
    taken = alloc(G * 4);
  const rangeLength = input.horizon * G * 2;
  const range = alloc(rangeLength * 8);
  new Float64Array(memory.buffer, range, rangeLength).set(emptyRange(input.horizon * G));
  const block = alloc(7 * 4);
  new Uint32Array(memory.buffer, block, 7).set([G, groupOf, gmin, gmax, ranking, taken, range]);
  return { block, range, rangeLength };
}
