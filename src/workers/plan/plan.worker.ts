// The plan worker: owns one WASM engine (Whittle indices), its own connection to allot's storage, and
// one WeeklyPlan (the plan use-case, src/pipeline/plan/), so that reading a register, estimating transitions, indices for 10^6 beneficiaries,
// the weekly list and saving the plan never run on the page's thread.
import * as Comlink from 'comlink';
import { loadEngine } from '../../engine/load-browser.ts';
import type { IndexFunction } from '../../core/plan/weekly-list.ts';
import type { PlanPolicySource } from '../../core/plan/plan-record.ts';
import type { PlanSettings } from '../../core/plan/plan-settings.ts';
import { openStore } from '../../storage/open-store.ts';
import type { Store } from '../../storage/store.ts';
import type { PlanMeta } from '../../pipeline/plan/plan-records.ts';
import { WeeklyPlan, type ApplyResult, type PlanView } from '../../pipeline/plan/weekly-plan.ts';
import type { ReadProgress } from '../../pipeline/files/utf8-chunks.ts';
import { previewFile } from '../../pipeline/plan/file-preview.ts';
import type { RegisterSource } from '../../pipeline/plan/register-source.ts';
import { uncertaintyBuffers, viewForPage } from './transfer-view.ts';

let whittle: Promise<IndexFunction> | undefined;
let store: Promise<Store> | undefined;
const session = new WeeklyPlan(
  () => (whittle ??= loadEngine().then((engine) => (t, r, s, d) => engine.whittleIndices(t, r, s, d).indices)),
  // The page opened (and upgraded) the database first; this connection steps aside for a newer allot.
  () => (store ??= openStore().then((opened) => opened.store)),
);

const send = (view: PlanView) => {
  const out = viewForPage(view);
  return Comlink.transfer(out.view, out.buffers);
};

/** The register being read, so that the page can cancel it between two chunks of the file. */
let reading: AbortController | null = null;

/** At most ten progress messages a second (and the last one). */
function throttled(report: ((p: ReadProgress) => void) | undefined): ((p: ReadProgress) => void) | undefined {
  if (!report) return undefined;
  let last = 0;
  return (p) => {
    const now = performance.now();
    if (now - last < 100 && p.done < p.total) return;
    last = now;
    report(p);
  };
}

const api = {
  loadRegister: async (source: RegisterSource, onProgress?: (p: ReadProgress) => void) => {
    const controller = (reading = new AbortController());
    try {
      return await session.loadRegister(source, { signal: controller.signal, onProgress: throttled(onProgress) });
    } finally {
      if (reading === controller) reading = null;
    }
  },
  cancelRead: () => reading?.abort(),
  previewFile,
  band: session.band.bind(session),
  create: async (settings: PlanSettings, meta: PlanMeta) => send(await session.create(settings, meta)),
  open: async (id: string) => send(await session.open(id)),
  replan: async (settings: PlanSettings, policy: PlanPolicySource, now: number) => send(await session.replan(settings, policy, now)),
  saved: session.saved.bind(session),
  previewOutcomes: session.previewOutcomes.bind(session),
  apply: async (replace: boolean, now: number): Promise<ApplyResult> => {
    const result = await session.apply(replace, now);
    // Comlink transfers what is marked at the top level of a reply.
    if (!result.ok) return result;
    const out = viewForPage(result.view);
    return Comlink.transfer({ ok: true as const, view: out.view }, out.buffers);
  },
  discardOutcomes: session.discardOutcomes.bind(session),
  uncertainty: async () => {
    const u = await session.uncertainty();
    return Comlink.transfer(u, uncertaintyBuffers(u));
  },
  listPlans: session.listPlans.bind(session),
  deletePlan: session.deletePlan.bind(session),
};

export type PlanWorkerApi = typeof api;
Comlink.expose(api);
