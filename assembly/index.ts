// The module's exports: one file per kernel family, re-exported here.
export { alloc, free } from './memory';
export { uniform } from './rng';
export { armPairBytes, packArms2, whittle2, whittle2Rows } from './whittle';
export { whittleS, whittleSWorkSize } from './whittle-s';
export { historyBytes } from './history-planes';
export { samplingThresholds, simulate, sortDescending, thresholdBytes } from './simulate';
export { betaTable, sampleBeta } from './beta';
