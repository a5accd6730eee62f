// The Beta draws of the posterior draws (posterior-draws.ts): one Beta(alpha, beta) per (beneficiary,
// state, action) row, 4 x 10^6 a draw at 10^6 beneficiaries. The core only states the contracts; the
// engine provides them (src/engine/beta-sampler.ts: Marsaglia and Tsang's gamma ratio in WASM), as it
// provides the Whittle indices, so that the core stays free of WASM.

/**
 * Fills out[2c] = 1 - q_c and out[2c + 1] = q_c (the transitions' layout) with q_c ~ Beta(alpha[c], beta[c])
 * for every cell c. Each q_c is a pure function of (alpha[c], beta[c], seed, c): the same seed gives the same
 * draws, bit for bit, whatever the machine. seed: an integer in [0, 2^32).
 */
export type BetaSampler = (alpha: Float64Array, beta: Float64Array, seed: number, out: Float64Array) => void;

/**
 * One posterior draw's Whittle index of each 2-state arm in her current state `state[arm]` (numArms): the
 * transitions drawn as a BetaSampler draws them with `seed` (alpha, beta: numArms x 4, one per (arm, state,
 * action)), indexed under `rewards` (numArms x 2). Equal, bit for bit, to the sampler's draws indexed by the
 * IndexFunction; the engine never copies the drawn transitions out of WASM memory.
 */
export type PosteriorIndexDraw = (
  alpha: Float64Array,
  beta: Float64Array,
  seed: number,
  rewards: Float64Array,
  discount: number,
  state: Uint8Array,
) => Float64Array;
