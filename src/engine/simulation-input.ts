// From the pipelines' simulation request (core) to the engine's input.
import type { SimulateRequest } from '../core/simulation/simulate-port.ts';
import type { SimulationInput } from './simulation.ts';

export function toSimulationInput({
  instance,
  rewards,
  policy,
  trials,
  seed,
  ties,
  perTrial,
  perStep,
  groups,
  tally,
}: SimulateRequest): SimulationInput {
  return {
    numArms: instance.numArms,
    numStates: instance.numStates,
    transitions: instance.transitions,
    rewards,
    initial: instance.initial,
    discount: instance.discount,
    budget: instance.budget,
    horizon: instance.horizon,
    trials,
    seed,
    policy,
    ties: ties ?? 'random',
    perTrial,
    perStep,
    ...(tally && { tally }),
    ...(groups && { groups }),
  };
}
