// The plan worker's state and work, apart from the worker plumbing so that Node tests run it with the
// Node engine and a memory store: a register being set up (register-draft.ts; its transitions estimated),
// then one open plan (unpacked, ids as strings) whose lists, outcomes, weeks and storage are handled
// here, never on the page. What goes to the page is small: the list (B lines), the plan's listing
// and settings (plan-records.ts), and later the uncertain places (uncertain-places.ts).
import type { ColumnMapping } from '../../core/datasets/column-mapping.ts';
import type { TextChoices } from '../../core/datasets/text-columns.ts';
import type { Instance } from '../../core/instance/types.ts';
import { registerPopulation } from '../../core/plan/register-population.ts';
import { defaultPriorGroup, type PlanSettings } from '../../core/plan/plan-settings.ts';
import { PLAN_FORMAT, PLAN_VERSION, recordOf, type PlanState } from '../../core/plan/plan-state.ts';
import { currentWeek, type Register } from '../../core/plan/register.ts';
import type { IndexFunction, WeeklyList } from '../../core/plan/weekly-list.ts';
import type { PlanListing, PlanPolicySource } from '../../core/plan/plan-record.ts';
import type { WeekChanges } from './week-changes.ts';
import { readText } from '../read-text.ts';
import type { ReadControl } from '../files/utf8-chunks.ts';
import { ListMaker, type RuleChoices } from './list-maker.ts';
import { fromRecord, planRecord, type PlanMeta } from './plan-records.ts';
import { planView, type PlanView, type WeekApplyResult } from './plan-view.ts';
import { applyWeekOutcomes, readWeekOutcomes, type PendingOutcomes, type PreviewResult } from './week-outcomes-step.ts';
import { exportPlan, importPlan, type ExportedPlan, type PlanImportResult, type RecordStore } from './plan-transfer.ts';
import type { Base64Codec } from '../../core/plan/base64.ts';
import type { RegisterSource } from './register-source.ts';
import type { Banding } from './reband.ts';
import type { RegisterSummary } from './register-summary.ts';
import { RegisterDraft } from './register-draft.ts';
import { UncertainPlaces, type DrawHelper, type Uncertainty } from './uncertain-places.ts';
import { ListSave } from './list-save.ts';
import { countInBackground, type BackgroundCount } from './background-count.ts';

export type { PlanView, WeekApplyResult } from './plan-view.ts';
export type { WeekChanges } from './week-changes.ts';
export type { PreviewResult } from './week-outcomes-step.ts';

export class WeeklyPlan {
  /** The register being set up for a new plan. */
  private readonly draft = new RegisterDraft();
  private plan: PlanState | null = null;
  private meta: PlanMeta | null = null;
  private outcomes: PendingOutcomes | null = null;
  private readonly lists: ListMaker;
  private readonly places: UncertainPlaces;
  /** The save of the last list made (showAndSave()). */
  private readonly save = new ListSave();
  /** The current list's uncertain places, counted from when the list is made (null: none to count). */
  private counting: BackgroundCount | null = null;
  /** Bumped by every new list: the draws of an older one stop. */
  private generation = 0;

  /** drawHelper: a second engine for the posterior draws (the plan worker's draw worker), if there is one. */
  constructor(
    whittle: () => Promise<IndexFunction>,
    private readonly store: () => Promise<RecordStore>,
    drawHelper?: DrawHelper,
  ) {
    this.lists = new ListMaker(whittle, (posterior) => this.places.prepare(posterior));
    this.places = new UncertainPlaces(drawHelper ?? null);
  }

  /** Reads the register and estimates its transitions under the default prior group (the form's default too). */
  async loadRegister(source: RegisterSource, control: ReadControl = {}): Promise<RegisterSummary> {
    this.lists.posterior(await this.draft.load(source, control), defaultPriorGroup(this.draft.need().schema));
    return this.draft.summary();
  }

  /** Her choices on the form so far: what they fix of the list is made ahead of it (list-maker.ts). */
  prepareRules(choices: RuleChoices): void {
    this.lists.prepareRules(this.draft.need(), choices);
  }

  band(group: string, banding: Banding): RegisterSummary {
    this.draft.band(group, banding);
    return this.draft.summary();
  }

  /** The register's file read again with its text columns grouped as `text` says (register-draft.ts). */
  async groupText(text: TextChoices): Promise<RegisterSummary> {
    const register = await this.draft.groupText(text);
    this.lists.posterior(register, defaultPriorGroup(register.schema));
    return this.draft.summary();
  }

  /**
   * The open plan's register (or the one being set up) as a population for What-if and runs: the
   * transitions the list is made with (core/plan/register-population.ts), at the plan's budget.
   */
  population(): Instance {
    const register = this.plan?.register ?? this.draft.need();
    const group = this.plan ? this.plan.settings.priorGroup : defaultPriorGroup(register.schema);
    const instance = registerPopulation(register, this.lists.posterior(register, group));
    return this.plan ? { ...instance, budget: Math.min(this.plan.settings.budget, instance.numArms) } : instance;
  }

  /**
   * A new plan on the loaded register with week 1's list (the history's last week), shown at once and
   * saved after it: saved() says when it is (one transaction). Throws PlanError on bad settings.
   */
  async create(settings: PlanSettings, meta: PlanMeta): Promise<PlanView> {
    const register = this.draft.need();
    await this.settled();
    const list = await this.newList(register, settings, currentWeek(register.history));
    const plan: PlanState = { format: PLAN_FORMAT, version: PLAN_VERSION, register, settings, weeks: [recordOf(list)] };
    return this.showAndSave(plan, meta, list, 'create');
  }

  /** Opens a stored plan and makes its current list again (the same seed gives the same list). */
  async open(id: string): Promise<PlanView> {
    await this.settled();
    const record = await (await this.store()).getPlan(id);
    if (!record) throw new Error(`There is no saved plan "${id}".`);
    const { meta, plan } = fromRecord(record);
    this.outcomes = null;
    const list = await this.newList(plan.register, plan.settings, currentWeek(plan.register.history));
    return this.show(plan, meta, list);
  }

  /**
   * The current week's list under new settings (reward, budget, rules), shown at once and saved after it in place of
   * the old one (saved()).
   */
  async replan(settings: PlanSettings, policy: PlanPolicySource, now: number): Promise<PlanView> {
    await this.settled();
    const plan = this.need(this.plan, 'no plan is open');
    // What the new settings leave out (the workers, exits, deactivation rule, exploration: set when the plan was
    // created, not on the week's form) stays as the plan has it; the holdout's split never changes.
    const given = Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined));
    settings = { ...plan.settings, ...given, holdout: plan.settings.holdout };
    if (settings.holdout === undefined) delete settings.holdout;
    const list = await this.newList(plan.register, settings, currentWeek(plan.register.history));
    const next: PlanState = { ...plan, settings, weeks: [...plan.weeks.slice(0, -1), recordOf(list)] };
    const meta = { ...this.meta!, policy, updatedAt: now };
    return this.showAndSave(next, meta, list, 'week');
  }

  /** Waits for the save of the last list made; rejects with its error (the open plan is the stored one again). */
  async saved(): Promise<void> {
    if (this.save.waiting) this.startCount();
    await this.save.saved();
  }

  /**
   * Reads and checks a week's outcomes file (a CSV or a workbook's sheet; `mapping`: her names for its
   * columns, else the register's where it has them, else guessed), against the current week's list, or
   * with `replace` against the last applied week's (whose outcomes it would replace); nothing changes
   * until apply(). `changes`: who left and joined with the week (week-changes.ts), checked with it.
   */
  async previewOutcomes(
    file: Blob,
    fileName: string,
    replace = false,
    mapping?: ColumnMapping,
    changes: WeekChanges = {},
  ): Promise<PreviewResult> {
    const plan = this.need(this.plan, 'no plan is open');
    this.outcomes = null;
    const { result, pending } = await readWeekOutcomes(plan, file, fileName, replace, mapping, changes);
    this.outcomes = pending;
    return result;
  }

  /**
   * Applies the previewed outcomes and saves the plan after them with the next list (one transaction),
   * or says what is wrong. A file with questions (the same rows as an applied week, no planned call
   * made) is applied only when `confirmed`: the user answered yes.
   */
  async apply(replace: boolean, now: number, confirmed = false): Promise<WeekApplyResult> {
    await this.settled();
    const open = this.need(this.plan, 'no plan is open');
    const pending = this.need(this.outcomes, 'no outcomes file was previewed');
    const result = await applyWeekOutcomes(open, pending, this.lists, replace, confirmed);
    if (!result.ok) return result;
    this.generation++;
    const [next, week, meta] = [result.plan, pending.week, { ...this.meta!, updatedAt: now }];
    await (await this.store()).applyPlanWeek({ plan: planRecord(meta, next), week, replace });
    this.outcomes = null;
    const done = next.weeks[next.weeks.length - 2].outcomes!;
    return {
      ok: true,
      view: this.show(next, meta, result.list),
      applied: { week, called: done.called, engaged: done.engaged, left: result.left, joined: done.joined ?? 0 },
    };
  }

  /** Forgets the previewed outcomes. */
  discardOutcomes(): void {
    this.outcomes = null;
  }

  /**
   * Whose place in the open plan's current list is uncertain (null when a newer list came first, or with given
   * transitions or no draws); `onDraw` gets the count so far as the draws are made (uncertain-places.ts). A list to be
   * saved is counted from when it is made (showAndSave()); this joins that count, or starts one.
   */
  async uncertainty(onDraw?: (partial: Uncertainty) => void): Promise<Uncertainty | null> {
    const counting = this.startCount();
    return counting ? counting.join(onDraw) : null;
  }

  /** The current list's count, started now if it was not (and the save waiting for it told). */
  private startCount(): BackgroundCount | null {
    if (!this.counting && this.plan) this.counting = this.count(this.plan);
    this.save.started(this.counting);
    return this.counting;
  }

  /** The saved plans, the one being saved included. */
  async listPlans(): Promise<PlanListing[]> {
    await this.settled();
    return (await this.store()).listPlans();
  }

  async deletePlan(id: string): Promise<void> {
    await this.settled();
    await (await this.store()).deletePlan(id);
    if (this.meta?.id === id) this.close();
  }

  /** A saved plan as PLAN.json (a damaged one: what can still be read). */
  async exportPlan(id: string, codec?: Base64Codec): Promise<ExportedPlan> {
    await this.settled();
    return exportPlan(await this.store(), id, codec);
  }

  /** Saves the plan a PLAN.json holds; a saved plan with its id is replaced or copied only when asked. */
  async importPlan(
    file: Blob,
    fileName: string,
    options: { replace?: boolean; asCopy?: boolean; now: number },
  ): Promise<PlanImportResult> {
    await this.settled();
    const result = await importPlan(await this.store(), await readText(file, fileName), fileName, {
      ...options,
      random: Math.random,
    });
    if (result.ok && (options.replace || options.asCopy) && this.meta?.id === result.listing.id) this.close();
    return result;
  }

  /**
   * Shows a new list and saves the plan after its count's first marks (list-save.ts: the count starts when the page
   * has the list on screen), in one transaction; the page keeps her on it meanwhile ("Saving the plan…"). If the
   * save fails, the plan goes back to what it was (the stored one, or none): the worker never runs ahead of storage.
   */
  private showAndSave(plan: PlanState, meta: PlanMeta, list: WeeklyList, kind: 'create' | 'week'): PlanView {
    const before = { plan: this.plan, meta: this.meta };
    const view = this.show(plan, meta, list);
    const write = async () => {
      const store = await this.store();
      const record = planRecord(meta, plan);
      return kind === 'create' ? store.createPlan(record) : store.saveCurrentWeek(record);
    };
    this.save.start(write, () => {
      if (this.meta !== meta) return;
      ({ plan: this.plan, meta: this.meta } = before);
      this.generation++;
      this.counting = null;
    });
    return view;
  }

  /** Lets a pending save finish first (its error goes to saved()), so that steps reach storage in order. */
  private settled(): Promise<void> {
    return this.save.settled();
  }

  /** A list; its first draws are asked of the helper (prefetch) once its view has gone to the page, a task later. */
  private newList(register: Register, settings: PlanSettings, week: number): Promise<WeeklyList> {
    const generation = ++this.generation;
    return this.lists.list(register, settings, week, (r, p) =>
      setTimeout(() => generation === this.generation && this.places.prefetch(r, p, settings.draws), 0),
    );
  }

  /** No plan open (its draws stop). */
  private close(): void {
    this.plan = this.meta = this.counting = null;
    this.generation++;
  }

  private show(plan: PlanState, meta: PlanMeta, list: WeeklyList): PlanView {
    this.plan = plan;
    this.meta = meta;
    this.counting = null; // counted when asked (uncertainty(), and saved() for a list to be saved)
    return planView(plan, meta, list, this.lists);
  }

  /** Starts counting the plan's current list's uncertain places (null without draws or with given transitions). */
  private count(plan: PlanState): BackgroundCount | null {
    const generation = this.generation;
    const stale = () => generation !== this.generation;
    return countInBackground(plan, this.lists, this.places, stale, () => this.save.writing);
  }

  private need<T>(value: T | null, message: string): T {
    if (value === null) throw new Error(message);
    return value;
  }
}
