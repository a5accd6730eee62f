// The plan worker's lists, made fast enough to show at once: the posterior is estimated once per
// register and prior group (kept while the register is; after a week's outcomes the core's
// applyOutcomes estimates through posterior(), so that the next list's draws reuse it), and the list
// is made without its posterior draws, which follow in the background (uncertain-places.ts) so that
// the rows and the make-up are on screen first. The list is the core's (buildWeeklyList): the same seed gives the same
// lines. Its
// rules (list-rules.ts: the compiled reward, eligibility, quotas, tie draw) are kept for those draws.
import type { TransitionPosterior } from '../../core/plan/estimate-transitions.ts';
import { listRules, weekTieRanks, type ListRules } from '../../core/plan/list-rules.ts';
import { PLAN_DEFAULTS, weekSeed, type PlanSettings } from '../../core/plan/plan-settings.ts';
import { planPosterior } from '../../core/plan/plan-state.ts';
import { currentState, currentWeek, type Register } from '../../core/plan/register.ts';
import { defaultIndexOf } from '../../core/plan/default-index.ts';
import { keepDefaultOrder } from '../../core/plan/default-order.ts';
import { planWorkerRules } from '../../core/plan/plan-workers.ts';
import { registerRewards } from '../../core/plan/reward-rows.ts';
import { span } from './list-spans.ts';
import { buildWeeklyList, type IndexFunction, type WeeklyList } from '../../core/plan/weekly-list.ts';

/** Her choices on the form so far: the worker column ('' or absent: none), the reward typed (checked on the page). */
export interface RuleChoices {
  workers?: string;
  reward?: string;
}

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
   * What every list of the register needs whatever her settings, made while she fills the form, each step a task of
   * its own after the estimate's (so that its reply, and her form's requests, go between): the engine (its WASM
   * compiled and first run), the default reward's indices (default-index.ts keeps them), and, for week 1 under the
   * default seed, the tie draw and every arm in the default reward's order (default-order.ts keeps it: the default
   * list, the holdout's and the default ranks read it). A list asked for meanwhile waits at most for one step.
   */
  private async prepare(register: Register, posterior: TransitionPosterior | null): Promise<void> {
    const transitions = register.transitions ?? posterior?.transitions;
    if (!transitions) return;
    if (posterior) this.estimated?.(posterior);
    const { numArms, numStates, discount } = register;
    const current = () => this.kept?.register === register;
    const task = () => new Promise((resolve) => setTimeout(resolve, 0));
    try {
      const whittle = await this.whittle();
      if (!current()) return;
      const state = currentState(register);
      const rules = { numArms, numStates, discount, transitions, state };
      const index = span('default indices', () => defaultIndexOf(rules, whittle));
      await task();
      if (!current()) return;
      const seed = weekSeed(PLAN_DEFAULTS.seed, currentWeek(register.history));
      const tieRank = span('tie draw', () => weekTieRanks(seed, numArms));
      await task();
      if (current()) span('default order', () => keepDefaultOrder(index, tieRank));
    } catch {
      // the list itself says what went wrong
    }
  }

  /**
   * What her choices on the form fix of the list's rules, made as she makes them (each in a task of its own, kept with
   * the register) so that her click does not pay them: her worker column's workers numbered (0.3 s at 10^6 mothers;
   * plan-workers.ts keeps them) and her reward's table (reward-rows.ts keeps it).
   */
  prepareRules(register: Register, choices: RuleChoices): void {
    const later = (name: string, work: () => unknown, detail: string) =>
      setTimeout(() => {
        if (this.kept?.register !== register) return;
        try {
          span(name, work, detail);
        } catch {
          // the list says what is wrong
        }
      }, 0);
    const { workers, reward } = choices;
    if (workers)
      later('worker names', () => planWorkerRules(register, { column: workers, capacity: 0, minimum: 0 }), workers);
    if (reward) later('reward table', () => registerRewards(register, reward), reward);
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
    const rules = span('rules', () => listRules(register, settings, week, posterior));
    if (posterior) ruled?.(rules, posterior);
    const context = { whittle: await whittle, posterior };
    const list = span('list', () => buildWeeklyList(register, { ...settings, draws: 0 }, week, context, rules));
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
