// The layout the 2-state index kernel reads (assembly/whittle.ts), for callers that fill it directly
// and index through Engine.whittle2Pairs: defined in the core (src/core/instance/arm-pairs.ts), whose
// weekly-plan estimator fills it where it makes the transitions.
export { armPairAt, armPairsFromRows, armPairsLength, setArmPair } from '../core/instance/arm-pairs.ts';
