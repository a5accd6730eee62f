// The page's handle on the plan worker (through WorkerBridge: started on first use, a crash rejects
// with a clear error). The worker keeps the open plan between calls, so it is never stopped when idle.
import * as Comlink from 'comlink';
import type { TextChoices } from '../../core/datasets/text-columns.ts';
import type { Instance } from '../../core/instance/types.ts';
import type { PlanSettings } from '../../core/plan/plan-settings.ts';
import type { ReadProgress } from '../../pipeline/files/utf8-chunks.ts';
import type { FilePreview, previewFile } from '../../pipeline/plan/file-preview.ts';
import type { PlanListing, PlanPolicySource } from '../../core/plan/plan-record.ts';
import { WorkerBridge } from '../worker-bridge.ts';
import { span } from '../../pipeline/plan/list-spans.ts';
import { restOnPage, viewOnPage, type AppliedMessage, type RestMessage, type ViewMessage } from './transfer-view.ts';
import type { PlanMeta } from '../../pipeline/plan/plan-records.ts';
import type { RuleChoices } from '../../pipeline/plan/list-maker.ts';
import type { Uncertainty } from '../../pipeline/plan/uncertain-places.ts';
import type { WeekApplyResult, WeeklyPlan, PlanView, PreviewResult } from '../../pipeline/plan/weekly-plan.ts';
import type { PlanImportResult } from '../../pipeline/plan/plan-transfer.ts';
import type { PlanWorkerApi } from './plan.worker.ts';
import type { Banding } from '../../pipeline/plan/reband.ts';
import type { RegisterSource } from '../../pipeline/plan/register-source.ts';
import type { RegisterSummary } from '../../pipeline/plan/register-summary.ts';

/**
 * The view on the page (its strings unpacked), measured as a phase of showing the list (list-spans.ts). A task of
 * its own: the message's arrival already takes 30-40 ms of the page's thread at 10^6 (its structured clone read), and
 * the unpacking in the same task took it past 50 ms.
 */
const unpacked = (m: ViewMessage) =>
  new Promise<void>((next) => setTimeout(next, 0)).then(() => span('unpack', () => viewOnPage(m)));

/**
 * A view of a new list, its first page's lines with it: the rest fill it in place once asked for (linesArrived: when
 * first needed, by the screen once the first rows are painted).
 */
function withRest(
  m: ViewMessage,
  rest: (of: number) => Promise<RestMessage | null>,
  unpack: (m: ViewMessage) => PlanView | Promise<PlanView> = unpacked,
): Promise<PlanView> {
  return Promise.resolve(unpack(m)).then((view) => {
    if (m.lines < view.list.arms.length) restOnPage(view.lines, () => rest(m.sent));
    return view;
  });
}

export class PlanClient {
  private readonly bridge = new WorkerBridge<PlanWorkerApi>(
    () => new Worker(new URL('./plan.worker.ts', import.meta.url), { type: 'module', name: 'allot-plan' }),
    { label: 'the plan worker' },
  );

  /** Reads the register in the worker; `onProgress` hears how much of her file is read (at most ten times a second). */
  loadRegister(source: RegisterSource, onProgress?: (p: ReadProgress) => void): Promise<RegisterSummary> {
    // Reports come through their own message port, so the last may land after the answer: it is dropped then,
    // or the bar would stay at 100 % once the register is read.
    let answered = false;
    const report = onProgress && Comlink.proxy((p: ReadProgress) => void (answered || onProgress(p)));
    return this.bridge.call(undefined, (api) => api.loadRegister(source, report)).finally(() => (answered = true));
  }
  /** Stops the register being read, between two chunks of her file; loadRegister then rejects (AbortError). */
  cancelRead(): Promise<void> {
    return this.bridge.call(undefined, (api) => api.cancelRead());
  }
  /** The mapping step's view of a file (its columns with their guessed uses, its first rows). */
  previewFile(file: Blob, fileName: string, options: Parameters<typeof previewFile>[2] = {}): Promise<FilePreview> {
    return this.bridge.call(undefined, (api) => api.previewFile(file, fileName, options));
  }
  /** Her choices on the form so far (worker column, reward): the worker makes what they fix before her click. */
  prepareRules(choices: RuleChoices): Promise<void> {
    return this.bridge.call(undefined, (api) => api.prepareRules(choices));
  }
  band(group: string, banding: Banding): Promise<RegisterSummary> {
    return this.bridge.call(undefined, (api) => api.band(group, banding));
  }
  /** Reads the register's file again with its text columns grouped as chosen. */
  groupText(text: TextChoices): Promise<RegisterSummary> {
    return this.bridge.call(undefined, (api) => api.groupText(text));
  }
  /** The open plan's register (or the one being set up) as a population for What-if. */
  population(): Promise<Instance> {
    return this.bridge.call(undefined, (api) => api.population() as Promise<Instance>);
  }
  /** Makes week 1's list of a new plan; the worker saves it after (saved()). */
  create(settings: PlanSettings, meta: PlanMeta): Promise<PlanView> {
    return span('ask', () => this.bridge.call(undefined, (api) => api.create(settings, meta))).then((m) =>
      withRest(m, this.rest),
    );
  }
  /** Reads a saved plan in the worker and makes its current list; a damaged plan says what is wrong instead. */
  open(id: string): Promise<PlanView | { damaged: string }> {
    return this.bridge
      .call(undefined, (api) => api.open(id) as Promise<ViewMessage | { damaged: string }>)
      .then((m): Promise<PlanView | { damaged: string }> | { damaged: string } =>
        'damaged' in m ? m : withRest(m, this.rest, viewOnPage),
      );
  }
  replan(settings: PlanSettings, policy: PlanPolicySource, now: number): Promise<PlanView> {
    return this.bridge.call(undefined, (api) => api.replan(settings, policy, now)).then((m) => withRest(m, this.rest));
  }
  /** The lines after the first page of the last list (withRest). */
  private readonly rest = (of: number) => this.bridge.call(undefined, (api) => api.rest(of));
  /**
   * Waits for the save of the list just made (create, replan); rejects with what went wrong, the worker's plan then
   * being the stored one.
   */
  saved(): Promise<void> {
    return this.bridge.call(undefined, (api) => api.saved());
  }
  /** The worker's WeeklyPlan.previewOutcomes, with its arguments (the file, who left and joined, ...). */
  previewOutcomes(...args: Parameters<WeeklyPlan['previewOutcomes']>): Promise<PreviewResult> {
    return this.bridge.call(undefined, (api) => api.previewOutcomes(...args) as Promise<PreviewResult>);
  }
  /** `confirmed`: the user answered yes to the file's questions. */
  apply(replace: boolean, now: number, confirmed = false): Promise<WeekApplyResult> {
    return this.bridge
      .call(undefined, (api) => api.apply(replace, now, confirmed) as Promise<AppliedMessage>)
      .then((r) => (r.ok ? { ...r, view: viewOnPage(r.view) } : r));
  }
  discardOutcomes(): Promise<void> {
    return this.bridge.call(undefined, (api) => api.discardOutcomes());
  }
  /**
   * Whose place in the current list is uncertain (null if a newer list was asked for meanwhile); onDraw gets the counts
   * so far.
   */
  uncertainty(onDraw?: (partial: Uncertainty) => void): Promise<Uncertainty | null> {
    return this.bridge.call(undefined, (api) => api.uncertainty(onDraw && Comlink.proxy(onDraw)));
  }
  listPlans(): Promise<PlanListing[]> {
    return this.bridge.call(undefined, (api) => api.listPlans());
  }
  deletePlan(id: string): Promise<void> {
    return this.bridge.call(undefined, (api) => api.deletePlan(id));
  }
  /** PLAN.json of a saved plan, made in the worker (`partial`: a damaged plan's readable part, in words). */
  exportPlan(id: string): Promise<{ fileName: string; partial: string | null; file: Blob }> {
    return this.bridge.call(undefined, (api) => api.exportPlan(id));
  }
  /** Saves the plan a PLAN.json holds; asks (exists) before replacing a saved plan with its id. */
  importPlan(
    file: Blob,
    fileName: string,
    options: { replace?: boolean; asCopy?: boolean; now: number },
  ): Promise<PlanImportResult> {
    return this.bridge.call(undefined, (api) => api.importPlan(file, fileName, options) as Promise<PlanImportResult>);
  }
  terminate(): void {
    this.bridge.terminate();
  }
}
