// The page's handle on the plan worker (through WorkerBridge: started on first use, a crash rejects
// with a clear error). The worker keeps the open plan between calls, so it is never stopped when idle.
import type { PackedPlan } from '../../core/plan/packed-plan.ts';
import type { PlanSettings } from '../../core/plan/plan-settings.ts';
import * as Comlink from 'comlink';
import { WorkerBridge } from '../worker-bridge.ts';
import { planBuffers } from './transfer-view.ts';
import type { ApplyResult, OutcomesPreview, PlanView, PreviewResult } from './plan-session.ts';
import type { PlanWorkerApi } from './plan.worker.ts';
import type { Banding } from './reband.ts';
import type { RegisterSource } from './register-source.ts';
import type { RegisterSummary } from './register-summary.ts';

export type { ApplyResult, Banding, OutcomesPreview, PlanView, PreviewResult, RegisterSource, RegisterSummary };

export class PlanClient {
  private readonly bridge = new WorkerBridge<PlanWorkerApi>(() => new Worker(new URL('./plan.worker.ts', import.meta.url), { type: 'module', name: 'allot-plan' }), { label: 'the plan worker' });

  loadRegister(source: RegisterSource): Promise<RegisterSummary> {
    return this.bridge.call(undefined, (api) => api.loadRegister(source));
  }
  band(group: string, banding: Banding): Promise<RegisterSummary> {
    return this.bridge.call(undefined, (api) => api.band(group, banding));
  }
  create(settings: PlanSettings): Promise<PlanView> {
    return this.bridge.call(undefined, (api) => api.create(settings));
  }
  /** Opens a stored plan in the worker: its arrays are transferred (detached here). */
  open(packed: PackedPlan): Promise<PlanView> {
    return this.bridge.call(undefined, (api) => api.open(Comlink.transfer(packed, planBuffers(packed))));
  }
  replan(settings: PlanSettings): Promise<PlanView> {
    return this.bridge.call(undefined, (api) => api.replan(settings));
  }
  previewOutcomes(file: Blob, fileName: string, replace = false): Promise<PreviewResult> {
    return this.bridge.call(undefined, (api) => api.previewOutcomes(file, fileName, replace) as Promise<PreviewResult>);
  }
  apply(replace: boolean): Promise<ApplyResult> {
    return this.bridge.call(undefined, (api) => api.apply(replace) as Promise<ApplyResult>);
  }
  discardOutcomes(): Promise<void> {
    return this.bridge.call(undefined, (api) => api.discardOutcomes());
  }
  terminate(): void {
    this.bridge.terminate();
  }
}
