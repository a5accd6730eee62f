// What-if evaluation without the screen lives in core (the population worker runs it too); the
// screen, History's rerun and the tests import it from here.
export { buildPopulation, evaluateCandidate, type CandidateResult, type WhatIfSettings } from '../core/simulation/what-if-evaluate.ts';
