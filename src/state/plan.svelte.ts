// The Plan screen's session: a register being set up, or one open plan, with its current list, its
// weeks and a previewed outcomes file. The register, the plan and their storage live in the plan
// worker (workers/plan/); the page holds summaries, the plan's listing and settings, and the list (B
// lines). A list is shown as soon as it is made; whose place in it is uncertain follows (`checking`).
import type { TextChoices } from '../core/datasets/text-columns.ts';
import type { PlanSettings } from '../core/plan/plan-settings.ts';
import type { WeeklyList } from '../core/plan/weekly-list.ts';
import { newPlanId, type PlanListing, type PlanPolicySource } from '../core/plan/plan-record.ts';
import type { OutcomesPreview } from '../pipeline/plan/outcomes-preview.ts';
import type { PlanHead } from '../pipeline/plan/plan-records.ts';
import type { Banding } from '../pipeline/plan/reband.ts';
import type { RegisterSource } from '../pipeline/plan/register-source.ts';
import type { RegisterSummary } from '../pipeline/plan/register-summary.ts';
import type { Uncertainty } from '../pipeline/plan/uncertain-places.ts';
import type { PlanView, WeekApplyResult } from '../pipeline/plan/weekly-plan.ts';
import type { PopulationRecord } from '../storage/records.ts';
import type { Store } from '../storage/store.ts';
import type { PlanClient } from '../workers/plan/plan-client.ts';
import type { RuleChoices } from '../pipeline/plan/list-maker.ts';
import type { WeekSummary } from '../core/plan/plan-summary.ts';
import { assertNoTypedSecret, ProblemList, runStep, savedAfterShown } from './plan/plan-step.ts';
import { mappingMemory, type MappingMemory } from './plan/mapping-memory.ts';
import type { ReadProgress } from '../pipeline/files/utf8-chunks.ts';
import type { FilePreview } from '../pipeline/plan/file-preview.ts';
import type { PolicyOption } from './plan/policy-options.ts';
import type { PlanDraft } from './plan/plan-draft.ts';
import { loadPlanDraft, planChoices, savePlanDraft, savePopulation } from './plan/page-store.ts';
import { exportPlanFile, importPlanFile, type ImportQuestion } from './plan/plan-file.ts';
import { previewFiles, type PreviewRequest } from './plan/file-previews.ts';
import { countUncertain } from './plan/uncertain-count.ts';
import { weekChanges, type WeekChangeFiles } from './plan/week-changes.ts';

export type { TextChoices };
export type {
  Banding,
  FilePreview,
  OutcomesPreview,
  PlanHead,
  PlanView,
  ReadProgress,
  RegisterSource,
  RegisterSummary,
  Uncertainty,
  WeekSummary,
};
export type { PopulationRecord } from '../storage/records.ts';
export type { PlanListing } from '../core/plan/plan-record.ts';
export type { PlanDraft } from './plan/plan-draft.ts';
export type { WeekChangeFiles } from './plan/week-changes.ts';

export class PlanSession {
  plans = $state.raw<PlanListing[]>([]);
  summary = $state.raw<RegisterSummary | null>(null);
  /** The open plan's listing and settings, its current list (ids and buckets of its lines apart) and its weeks. */
  head = $state.raw<PlanHead | null>(null);
  list = $state.raw<WeeklyList | null>(null);
  lines = $state.raw<PlanView['lines'] | null>(null);
  weeks = $state.raw<WeekSummary[] | null>(null);
  /** With a holdout: its evidence so far, or before the first week the MDE (core/plan/holdout-plan.ts). */
  evidence = $state.raw<PlanView['evidence']>(null);
  preview = $state.raw<OutcomesPreview | null>(null);
  /** Whose place in the current list is uncertain: the draws counted so far while `checking`, then all of them. */
  uncertainty = $state.raw<Uncertainty | null>(null);
  checking = $state(false);
  problems = $state.raw<string[]>([]);
  problemsOf = $state<'outcomes' | 'plan'>('plan');
  problemsAreInput = $state(true);
  busy = $state<string | null>(null);
  /** How much of her file is read (while a register is read), for the progress bar. */
  progress = $state.raw<ReadProgress | null>(null);
  /** The week just applied and its next list's week, for the confirmation after Apply (cleared by the next step). */
  applied = $state.raw<(Extract<WeekApplyResult, { ok: true }>['applied'] & { next: number }) | null>(null);
  /** The saved plan that could not be opened: what is wrong with it, naming the field. */
  damaged = $state.raw<{ id: string; message: string } | null>(null);
  /** A file whose plan has the id of a saved one: the question to answer (replace it, or import a copy). */
  importing = $state.raw<ImportQuestion | null>(null);

  private current: PlanView | null = null;

  /**
   * `client`: the plan worker's (which stores the plans); `store`: the page's, for the runs and populations
   * to plan from; `secrets`: the keys typed (refused in a plan).
   */
  constructor(
    private readonly client: PlanClient,
    private readonly store: () => Store,
    private readonly secrets: () => readonly string[],
    /** Her mappings remembered on this device (the mapping step opens with them). */
    readonly memory: MappingMemory = mappingMemory(null),
  ) {}

  async refresh(): Promise<void> {
    this.plans = await this.client.listPlans();
  }
  /** The policies to plan with (the saved runs' candidates) and the populations saved on the Data screen. */
  choices(): Promise<{ options: PolicyOption[]; populations: PopulationRecord[] }> {
    return planChoices(this.store);
  }
  getPopulation(id: string): Promise<PopulationRecord | undefined> {
    return this.store().getPopulation(id);
  }
  /**
   * The mapping step's view of her files (the register, and a features file beside a history), her remembered choices
   * applied.
   */
  async previewFiles(files: PreviewRequest[]): Promise<FilePreview[] | null> {
    let previews: FilePreview[] | null = null;
    const step = async () => void (previews = await previewFiles(this.client, this.memory, files));
    await runStep(this, 'Looking at the columns…', step);
    return previews;
  }
  loadRegister(source: RegisterSource): Promise<boolean> {
    this.head = this.list = this.weeks = this.preview = null;
    this.progress = null;
    return runStep(this, 'Reading the register and estimating its transitions…', async () => {
      try {
        this.summary = await this.client.loadRegister(source, (p) => (this.progress = p));
      } finally {
        this.progress = null;
      }
    });
  }
  /** Her choices on the form so far (worker column, reward): the worker makes what they fix before her click. */
  prepareRules(choices: RuleChoices): void {
    void this.client.prepareRules(choices).catch(() => {}); // the list says what is wrong
  }
  /** Stops the register being read; nothing read is kept. */
  cancelRead(): void {
    void this.client.cancelRead();
  }
  band(group: string, banding: Banding): Promise<boolean> {
    return runStep(this, 'Banding…', async () => void (this.summary = await this.client.band(group, banding)));
  }
  /** Groups the register's text columns again (rare values merged into "other", or kept), keeping its bands. */
  groupText(text: TextChoices): Promise<boolean> {
    return runStep(
      this,
      'Grouping the text columns…',
      async () => void (this.summary = await this.client.groupText(text)),
    );
  }
  /**
   * Saves the open plan's register (or the one being set up) as a population, under `id` (saved again,
   * it is replaced), for What-if and runs to compare policies on these beneficiaries at this budget.
   */
  async saveRegisterPopulation(id: string, name: string, now = Date.now()): Promise<PopulationRecord> {
    return savePopulation(this.store, id, name, await this.client.population(), now);
  }
  /** Makes week 1's list and saves the new plan; returns its id (null on problems). */
  async create(
    name: string,
    policy: PlanPolicySource,
    settings: PlanSettings,
    now = Date.now(),
  ): Promise<string | null> {
    const meta = { id: newPlanId(now, Math.random), name, createdAt: now, updatedAt: now, policy };
    const ok = await runStep(this, 'Making this week’s list…', async () => {
      assertNoTypedSecret({ meta, settings }, this.secrets());
      this.show(await this.client.create(settings, meta));
    });
    if (ok) void this.save(null);
    return ok ? meta.id : null;
  }
  open(id: string): Promise<boolean> {
    this.damaged = this.applied = null;
    return runStep(this, 'Opening the plan…', async () => {
      const view = await this.client.open(id);
      if ('damaged' in view) {
        this.damaged = { id, message: view.damaged };
        this.plans = this.plans.map((p) => (p.id === id ? { ...p, damaged: view.damaged } : p));
        return this.close(id);
      }
      this.show(view);
    });
  }
  /** The current week's list under new rules or a new policy, saved in place of the old one. */
  async replan(settings: PlanSettings, policy: PlanPolicySource, now = Date.now()): Promise<boolean> {
    const before = this.current;
    const ok = await runStep(this, 'Making this week’s list…', async () => {
      assertNoTypedSecret({ policy, settings }, this.secrets());
      this.show(await this.client.replan(settings, policy, now));
    });
    if (ok) void this.save(before);
    return ok;
  }
  /** Checks a week's outcomes file (replace: against the last applied week, to replace its outcomes). */
  previewOutcomes(file: Blob, fileName: string, replace = false, files: WeekChangeFiles = {}): Promise<boolean> {
    this.preview = null;
    return runStep(
      this,
      'Checking the outcomes…',
      async () => {
        const result = await this.client.previewOutcomes(file, fileName, replace, undefined, await weekChanges(files));
        if (!result.ok) throw new ProblemList(result.errors);
        this.preview = result.preview;
      },
      'outcomes',
    );
  }
  /**
   * Applies the previewed outcomes and saves the plan with the next list, in one transaction (in the
   * worker). `confirmed`: she answered yes to the preview's questions. A storage failure is not the
   * file's fault, and says so (ProblemList: the file's problems; an Error: the store's).
   */
  confirmOutcomes(replace: boolean, confirmed = false, now = Date.now()): Promise<boolean> {
    return runStep(
      this,
      'Applying the outcomes…',
      async () => {
        const result = await this.client.apply(replace, now, confirmed);
        if (!result.ok) throw new ProblemList(result.errors);
        this.preview = null;
        this.show(result.view);
        this.applied = { ...result.applied, next: result.view.list.week };
      },
      'outcomes',
    );
  }
  discardOutcomes(): void {
    this.preview = null;
    this.problems = [];
    void this.client.discardOutcomes();
  }
  /**
   * PLAN.json of a saved plan (the one file the command line reads too); `partial` says what a damaged plan's file
   * holds.
   */
  exportPlan(id: string): Promise<{ fileName: string; file: Blob; partial: string | null } | null> {
    return exportPlanFile(this, this.client, id);
  }
  /**
   * Saves the plan a PLAN.json holds; returns its id (null on problems or a question). A saved plan
   * with the file's id is replaced (`replace`) or kept beside a copy (`asCopy`) only when she says.
   */
  importPlan(
    file: Blob,
    fileName: string,
    options: { replace?: boolean; asCopy?: boolean } = {},
    now = Date.now(),
  ): Promise<string | null> {
    return importPlanFile(this, this.client, { file, fileName, options, now }, (id) => this.close(id));
  }
  cancelImport(): void {
    this.importing = null;
  }
  /** A reward another screen asked to use in this week's list ("Use in this week's list"), taken once by the setup. */
  private proposal: { expression: string; from: string } | null = null;

  propose(expression: string, from: string): void {
    this.proposal = { expression, from };
  }

  takeProposal(): { expression: string; from: string } | null {
    const p = this.proposal;
    this.proposal = null;
    return p;
  }

  /** The setup kept from before a reload (null: none). */
  loadDraft(): Promise<PlanDraft | null> {
    return loadPlanDraft(this.store);
  }
  /** Keeps the setup (a snapshot: files as Blobs) so that a reload does not lose it; null forgets it. */
  saveDraft(draft: PlanDraft | null): Promise<void> {
    return savePlanDraft(this.store, draft);
  }
  /** Deletes a plan (`stored`: it is in storage), and closes it if it is open. */
  async remove(id: string, stored = true): Promise<void> {
    if (stored) await this.client.deletePlan(id);
    this.plans = this.plans.filter((p) => p.id !== id);
    if (this.damaged?.id === id) this.damaged = null;
    this.close(id);
  }
  /** Closes the plan `id` if it is the open one. */
  private close(id: string): void {
    if (this.head?.id === id) this.head = this.list = this.weeks = this.current = null;
  }

  /** The list just shown is saved by the worker after it; if that fails, the plan shown before (if any) comes back. */
  private save(before: PlanView | null): Promise<boolean> {
    return savedAfterShown(this, this.client, () =>
      before ? this.show(before) : void this.remove(this.head?.id ?? '', false),
    );
  }
  private show(view: PlanView): void {
    this.current = view;
    this.applied = this.damaged = null;
    ({
      head: this.head,
      list: this.list,
      lines: this.lines,
      weeks: this.weeks,
      summary: this.summary,
      evidence: this.evidence,
    } = view);
    this.uncertainty = null;
    this.plans = [view.head, ...this.plans.filter((p) => p.id !== view.head.id)];
    void countUncertain(this, this.client, view.list, view.head.settings.draws > 0 && !view.summary.transitionsGiven);
  }
}
