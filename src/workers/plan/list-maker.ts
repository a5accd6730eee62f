// The plan worker's lists, made fast enough to show at once: the posterior is estimated once per
// register and prior group (kept while the register is), and the list is made without its posterior
// draws, which follow in the background (uncertain-places.ts) so that the rows and the make-up are
// on screen first. The list is the core's (buildWeeklyList): the same seed gives the same lines.
import { estimateTransitions, type TransitionPosterior } from '../../core/plan/estimate-transitions.ts';
import type { PlanSettings } from '../../core/plan/plan-settings.ts';
import type { Register } from '../../core/plan/register.ts';
import { buildWeeklyList, type IndexFunction, type WeeklyList } from '../../core/plan/weekly-list.ts';

export class ListMaker {
  private kept: { register: Register; group: string | null; posterior: TransitionPosterior | null } | null = null;

  constructor(readonly whittle: () => Promise<IndexFunction>) {}

  /** The register's posterior under `group`'s priors (null when its transitions are given), estimated once. */
  posterior(register: Register, group: string | null): TransitionPosterior | null {
    const k = this.kept;
    if (k && k.register === register && k.group === group) return k.posterior;
    const posterior = register.transitions ? null : estimateTransitions(register.history, register.schema, register.features, register.numArms, { groupBy: group });
    this.kept = { register, group, posterior };
    return posterior;
  }

  /** Week `week`'s list without its posterior draws (membership NaN until uncertain-places.ts counts them). */
  async list(register: Register, settings: PlanSettings, week: number): Promise<WeeklyList> {
    const posterior = this.posterior(register, settings.priorGroup);
    return buildWeeklyList(register, { ...settings, draws: 0 }, week, { whittle: await this.whittle(), posterior });
  }
}
