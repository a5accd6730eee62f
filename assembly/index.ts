// The module's exports: one file per kernel family, re-exported here.
export { alloc, free } from './memory';
export { whittle2 } from './whittle';
