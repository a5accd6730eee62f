// A register as a population, so that What-if and runs compare policies on her own beneficiaries at
// her own budget: each one's transitions are the plan's estimate (the posterior means of
// estimate-transitions.ts, the same numbers the weekly list is made with) or those her file gives,
// and each starts in her current state. The Data screen's import of a register and the Plan screen's
// "compare policies on this register" make it the same way.
import type { Instance } from '../instance/types.ts';
import type { TransitionPosterior } from './estimate-transitions.ts';
import { registerToInstance, type Register } from './register.ts';

/** `posterior`: the register's (planPosterior under the plan's prior group), or null when its transitions are given. */
export function registerPopulation(register: Register, posterior: TransitionPosterior | null): Instance {
  const transitions = posterior?.transitions ?? register.transitions;
  if (!transitions)
    throw new Error("the register's transitions are neither given nor estimated: estimate them from its history first");
  const instance = registerToInstance(register, transitions);
  const estimated = posterior
    ? [
        `transitions estimated from ${register.history.states.length} ` +
          `week${register.history.states.length === 1 ? '' : 's'} of history by the weekly plan's estimator`,
        ...posterior.warnings.map((w) => w.technical),
      ]
    : [];
  return { ...instance, warnings: [...register.warnings, ...estimated] };
}
