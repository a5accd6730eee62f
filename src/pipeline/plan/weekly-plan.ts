// The plan worker's state and work, apart from the worker plumbing so that Node tests run it with the
// Node engine and a memory store: a register being set up (register-draft.ts; its transitions estimated),
// then one open plan (unpacked, ids as strings) whose lists, outcomes, weeks and storage are handled
// here, never on the page. What goes to the page is small: the list (B lines), the plan's listing
// and settings (plan-records.ts), and later the uncertain places (uncertain-places.ts).
import type { ColumnMapping } from '../../core/datasets/column-mapping.ts';
import { outcomesFromTable } from '../../core/datasets/outcomes-csv.ts';
import type { TextChoices } from '../../core/datasets/text-columns.ts';
import type { Instance } from '../../core/instance/types.ts';
import { registerPopulation } from '../../core/plan/register-population.ts';
import { applyOutcomes, type WeekOutcomes } from '../../core/plan/apply-outcomes.ts';
import { listLines, type ListLines } from '../../core/plan/list-csv.ts';
import { defaultPriorGroup, type PlanSettings } from '../../core/plan/plan-settings.ts';
import { PLAN_FORMAT, PLAN_VERSION, recordOf, type PlanState } from '../../core/plan/plan-state.ts';
import { currentWeek, type Register } from '../../core/plan/register.ts';
import type { IndexFunction, WeeklyList } from '../../core/plan/weekly-list.ts';
import { planSummary, type WeekSummary } from '../../core/plan/plan-summary.ts';
import type { PlanListing, PlanPolicySource } from '../../core/plan/plan-record.ts';
import { planEvidence, type PlanEvidence } from '../../core/plan/holdout-plan.ts';
import { outcomesIds, readWeekChanges, registerOutcomes, type ReadChanges, type WeekChanges } from './week-changes.ts';
import { readTable } from '../files/read-table.ts';
import { readText } from '../read-text.ts';
import type { ReadControl } from '../files/utf8-chunks.ts';
import { ListMaker } from './list-maker.ts';
import { fromRecord, planHead, planRecord, type PlanHead, type PlanMeta } from './plan-records.ts';
import { previewOf, type OutcomesPreview, type OutcomesQuestion } from './outcomes-preview.ts';
import { exportPlan, importPlan, type ExportedPlan, type PlanImportResult, type RecordStore } from './plan-transfer.ts';
import type { Base64Codec } from '../../core/plan/base64.ts';
import type { RegisterSource } from './register-source.ts';
import type { Banding } from './reband.ts';
import type { RegisterSummary } from './register-summary.ts';
import { RegisterDraft, summaryOf } from './register-draft.ts';
import { UncertainPlaces, type DrawHelper, type Uncertainty } from './uncertain-places.ts';

export interface PlanView {
  head: PlanHead;
  list: WeeklyList;
  /**
   * Per line of the list: her id, her bucket in every group ("Ages 51-60 · Income low") and her feature values (for the
   * CSV).
   */
  lines: ListLines;
  summary: RegisterSummary;
  /** Week by week: calls planned and made, engagement after the week per group (plan-summary.ts). */
  weeks: WeekSummary[];
  /** With a holdout: the evidence so far, or before the first week the MDE (core/plan/holdout-plan.ts). */
  evidence: PlanEvidence | null;
}

export type { WeekChanges } from './week-changes.ts';
export type PreviewResult = { ok: true; preview: OutcomesPreview } | { ok: false; errors: string[] };
/**
 * Applied (the week, its calls made and engaged after it, and the next list's view), or what is wrong, or the questions
 * not yet answered yes.
 */
export type WeekApplyResult =
  | {
      ok: true;
      view: PlanView;
      applied: { week: number; called: number; engaged: number; left: number; joined: number };
    }
  | { ok: false; errors: string[]; questions?: OutcomesQuestion[] };

export class WeeklyPlan {
  /** The register being set up for a new plan. */
  private readonly draft = new RegisterDraft();
  private plan: PlanState | null = null;
  private meta: PlanMeta | null = null;
  private outcomes: { parsed: WeekOutcomes; week: number; questions: OutcomesQuestion[]; changes: ReadChanges } | null =
    null;
  private readonly lists: ListMaker;
  private readonly places: UncertainPlaces;
  /** The save of the last list made, while it runs (save()). */
  private saving: Promise<void> | null = null;
  /** Bumped by every new list: the draws of an older one stop. */
  private generation = 0;

  /** drawHelper: a second engine for the posterior draws (the plan worker's draw worker), if there is one. */
  constructor(
    whittle: () => Promise<IndexFunction>,
    private readonly store: () => Promise<RecordStore>,
    drawHelper?: DrawHelper,
  ) {
    this.lists = new ListMaker(whittle);
    this.places = new UncertainPlaces(drawHelper ?? null);
  }

  /** Reads the register and estimates its transitions under the default prior group (the form's default too). */
  async loadRegister(source: RegisterSource, control: ReadControl = {}): Promise<RegisterSummary> {
    this.lists.posterior(await this.draft.load(source, control), defaultPriorGroup(this.draft.need().schema));
    return this.draft.summary();
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
    this.save(plan, meta, 'create');
    return this.show(plan, meta, list);
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
    this.save(next, meta, 'week');
    return this.show(next, meta, list);
  }

  /**
   * Waits for the save of the last list made; rejects with its error, the open plan then being the stored one again.
   */
  async saved(): Promise<void> {
    const pending = this.saving;
    this.saving = null;
    await pending;
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
    const who = await readWeekChanges(plan, changes, replace);
    if (!who.ok) return who;
    let read;
    try {
      read = await readTable(file, fileName);
    } catch (error) {
      return { ok: false, errors: [(error as Error).message] };
    }
    const { numStates, numArms } = plan.register;
    const names = { mapping, register: plan.register.mapping };
    const parsed = outcomesFromTable(
      read.table,
      read.read.hash,
      outcomesIds(plan, who.read),
      numStates,
      read.read.where,
      names,
    );
    if (!parsed.ok) return parsed;
    const outcomes = registerOutcomes(parsed.outcomes, numArms);
    const result = previewOf(plan, outcomes, fileName, replace);
    if (!result.ok) return result;
    result.preview.notes.push(...who.read.notes);
    this.outcomes = {
      parsed: outcomes,
      week: result.preview.week,
      questions: result.preview.questions,
      changes: who.read,
    };
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
    const { parsed, week, questions, changes } = this.need(this.outcomes, 'no outcomes file was previewed');
    // Mothers who left with this week (core/plan/register-changes.ts): never listed from the next list on.
    const gone = changes.left;
    let plan = gone ? { ...open, settings: { ...open.settings, left: gone.ids } } : open;
    // The program's present practice for the week after: the holdout's new list.
    const h = plan.settings.holdout;
    if (changes.practice && h)
      plan = { ...plan, settings: { ...plan.settings, holdout: { ...h, list: changes.practice } } };
    if (questions.length && !confirmed) return { ok: false, errors: questions.map((q) => q.message), questions };
    // The next list is shown before its draws, as every list (uncertainty()).
    // The list maker estimates the week (the core's planPosterior) and keeps it for the draws: once.
    const posterior = (register: Register, group: string | null) => this.lists.posterior(register, group);
    const enrolment = changes.enrolment ?? undefined;
    const options = { replace, posterior, confirmed: true, enrolment };
    const result = applyOutcomes(
      { ...plan, settings: { ...plan.settings, draws: 0 } },
      parsed,
      await this.lists.whittle(),
      options,
    );
    if (!result.ok) return result;
    this.generation++;
    const next: PlanState = { ...result.plan, settings: plan.settings };
    const meta = { ...this.meta!, updatedAt: now };
    await (await this.store()).applyPlanWeek({ plan: planRecord(meta, next), week, replace });
    this.outcomes = null;
    const done = next.weeks[next.weeks.length - 2].outcomes!;
    return {
      ok: true,
      view: this.show(next, meta, result.list),
      applied: { week, called: done.called, engaged: done.engaged, left: gone?.count ?? 0, joined: done.joined ?? 0 },
    };
  }

  /** Forgets the previewed outcomes. */
  discardOutcomes(): void {
    this.outcomes = null;
  }

  /**
   * Whose place in the open plan's current list is uncertain (null when a newer list came first, or with given
   * transitions or no draws); `onDraw` gets the count so far as the draws are made (uncertain-places.ts).
   */
  async uncertainty(onDraw?: (partial: Uncertainty) => void): Promise<Uncertainty | null> {
    // Not after the save (its write runs off this thread; a failed one makes the draws stale): marks wait for none.
    const plan = this.plan,
      generation = this.generation;
    if (!plan || plan.settings.draws === 0) return null;
    const posterior = this.lists.posterior(plan.register, plan.settings.priorGroup);
    if (!posterior) return null;
    const week = plan.weeks[plan.weeks.length - 1];
    const rules = this.lists.rules(plan.register, plan.settings, week.week);
    return this.places.count(
      rules,
      posterior,
      plan.settings.draws,
      week.week,
      week.planned,
      await this.lists.whittle(),
      () => generation !== this.generation,
      onDraw,
    );
  }

  async listPlans(): Promise<PlanListing[]> {
    return (await this.store()).listPlans();
  }

  async deletePlan(id: string): Promise<void> {
    await (await this.store()).deletePlan(id);
    if (this.meta?.id === id) this.plan = this.meta = null;
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
    if (result.ok && (options.replace || options.asCopy) && this.meta?.id === result.listing.id)
      this.plan = this.meta = null;
    return result;
  }

  /**
   * Saves a new plan whole, or its new current list, in one transaction, after the list is shown. If it fails, the plan
   * goes back to what it was (the stored one, or none), so that the worker never runs ahead of storage.
   */
  private save(plan: PlanState, meta: PlanMeta, kind: 'create' | 'week'): void {
    const before = { plan: this.plan, meta: this.meta };
    const record = planRecord(meta, plan);
    this.saving = this.store()
      .then((store) => (kind === 'create' ? store.createPlan(record) : store.saveCurrentWeek(record)))
      .catch((error: unknown) => {
        if (this.meta === meta) {
          ({ plan: this.plan, meta: this.meta } = before);
          this.generation++;
        }
        throw error;
      });
    this.saving.catch(() => {}); // its error is the page's, through saved()
  }

  /** Lets a pending save finish first (its error goes to saved()), so that steps reach storage in order. */
  private async settled(): Promise<void> {
    await this.saving?.catch(() => {});
  }

  private newList(register: Register, settings: PlanSettings, week: number): Promise<WeeklyList> {
    this.generation++;
    return this.lists.list(register, settings, week);
  }

  private show(plan: PlanState, meta: PlanMeta, list: WeeklyList): PlanView {
    this.plan = plan;
    this.meta = meta;
    const head = planHead(meta, plan);
    const rules = plan.settings.holdout ? this.lists.rules(plan.register, plan.settings, list.week) : null;
    const evidence = rules && planEvidence(plan, rules);
    return {
      head,
      list,
      lines: listLines(plan.register, list.arms, plan.settings.workers?.column),
      summary: summaryOf(plan.register),
      weeks: planSummary(plan),
      evidence,
    };
  }

  private need<T>(value: T | null, message: string): T {
    if (value === null) throw new Error(message);
    return value;
  }
}
