// The plan worker's lists, made fast enough to show at once: the posterior is estimated once per
// register and prior group (kept while the register is; after a week's outcomes the core's
// applyOutcomes estimates through posterior(), so that the next list's draws reuse it), and the list
// is made without its posterior draws, which follow in the background (uncertain-places.ts) so that
// the rows and the make-up are on screen first. The list is the core's (buildWeeklyList): the same seed gives the same
// lines. Its
// rules (list-rules.ts: the compiled reward, eligibility, quotas, tie draw) are kept for those draws.
import type { TransitionPosterior } from '../../core/plan/estimate-transitions.ts';
import { listRules, type ListRules } from '../../core/plan/list-rules.ts';
import type { PlanSettings } from '../../core/plan/plan-settings.ts';
import { planPosterior } from '../../core/plan/plan-state.ts';
import { currentState, type Register } from '../../core/plan/register.ts';
import { defaultIndexOf } from '../../core/plan/default-index.ts';
import { buildWeeklyList, type IndexFunction, type WeeklyList } from '../../core/plan/weekly-list.ts';

export class ListMaker {
  private kept: { register: Register; group: string | null; posterior: TransitionPosterior | null } | null = null;
  private last: { register: Register; settings: PlanSettings; week: number; rules: ListRules } | null = null;

  /** estimated: hears each new posterior (a task after its estimate), so that the draws get ready for it. */
  constructor(
    readonly whittle: () => Promise<IndexFunction>,
    private readonly estimated?: (posterior: TransitionPosterior) => void,
  ) {}

  /** The register's posterior under `group`'s priors (null when its transitions are given), estimated once. */
  posterior(register: Register, group: string | null): TransitionPosterior | null {
    const k = this.kept;
    if (k && k.register === register && k.group === group) return k.posterior;
    const posterior = planPosterior(register, group);
    this.kept = { register, group, posterior };
    setTimeout(() => this.prepare(register, posterior), 0);
    return posterior;
  }

  /**
   * What every list of the register needs whatever her settings, made while she fills the form (a task after the
   * estimate, so that its reply goes first): the engine (its WASM compiled and first run) and the default reward's
   * indices (default-index.ts keeps them for the list). A list asked for meanwhile waits at most for this.
   */
  private async prepare(register: Register, posterior: TransitionPosterior | null): Promise<void> {
    const transitions = register.transitions ?? posterior?.transitions;
    if (!transitions) return;
    if (posterior) this.estimated?.(posterior);
    try {
      const whittle = await this.whittle();
      if (this.kept?.register !== register) return;
      const { numArms, numStates, discount } = register;
      defaultIndexOf({ numArms, numStates, discount, transitions, state: currentState(register) }, whittle);
    } catch {
      // the list itself says what went wrong
    }
  }

  /**
   * Week `week`'s list without its posterior draws (membership NaN until uncertain-places.ts counts them). Throws
   * PlanError on bad settings. `ruled` hears the rules as soon as they are made (the draws start then).
   */
  async list(
    register: Register,
    settings: PlanSettings,
    week: number,
    ruled?: (rules: ListRules, posterior: TransitionPosterior) => void,
  ): Promise<WeeklyList> {
    // The engine first: on a first list its WASM is fetched and compiled while the rules are made.
    const whittle = this.whittle();
    const posterior = this.posterior(register, settings.priorGroup);
    const rules = listRules(register, settings, week, posterior);
    if (posterior) ruled?.(rules, posterior);
    const list = buildWeeklyList(
      register,
      { ...settings, draws: 0 },
      week,
      { whittle: await whittle, posterior },
      rules,
    );
    this.last = { register, settings, week, rules };
    return list;
  }

  /**
   * The rules of the last list made when it was made from these (the same objects), else compiled again (a list the
   * core made, after outcomes).
   */
  rules(register: Register, settings: PlanSettings, week: number): ListRules {
    const l = this.last;
    if (l && l.register === register && l.settings === settings && l.week === week) return l.rules;
    const rules = listRules(register, settings, week, this.posterior(register, settings.priorGroup));
    this.last = { register, settings, week, rules };
    return rules;
  }
}
