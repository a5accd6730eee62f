// The plan worker: owns one WASM engine (Whittle indices, Beta draws; a draw worker's engine makes half the posterior
// draws where there is a second core, draw-helper.ts), its own connection to allot's storage, and
// one WeeklyPlan (the plan use-case, src/pipeline/plan/), so that reading a register, estimating transitions, indices
// for 10^6 beneficiaries,
// the weekly list and saving the plan never run on the page's thread.
import * as Comlink from 'comlink';
import { planIndexFunction } from '../../engine/beta-sampler.ts';
import { loadEngine } from '../../engine/load-browser.ts';
import type { IndexFunction } from '../../core/plan/weekly-list.ts';
import type { PlanPolicySource } from '../../core/plan/plan-record.ts';
import type { Uncertainty } from '../../pipeline/plan/uncertain-places.ts';
import type { PlanSettings } from '../../core/plan/plan-settings.ts';
import { openStore } from '../../storage/open-store.ts';
import type { Store } from '../../storage/store.ts';
import type { PlanMeta } from '../../pipeline/plan/plan-records.ts';
import { WeeklyPlan, type PlanView } from '../../pipeline/plan/weekly-plan.ts';
import type { ReadProgress } from '../../pipeline/files/utf8-chunks.ts';
import { previewFile } from '../../pipeline/plan/file-preview.ts';
import type { RegisterSource } from '../../pipeline/plan/register-source.ts';
import {
  FIRST_LINES,
  restForPage,
  uncertaintyBuffers,
  viewForPage,
  type AppliedMessage,
  type RestMessage,
  type ViewMessage,
} from './transfer-view.ts';
import { span } from '../../pipeline/plan/list-spans.ts';
import { WorkerDrawHelper } from './draw-helper.ts';
import { PlanReadError } from '../../core/plan/restore-plan.ts';

let whittle: Promise<IndexFunction> | undefined;
let store: Promise<Store> | undefined;
const session = new WeeklyPlan(
  () => (whittle ??= loadEngine().then(planIndexFunction)),
  // The page opened (and upgraded) the database first; this connection steps aside for a newer allot.
  () => (store ??= openStore().then((opened) => opened.store)),
  // A second engine makes half the posterior draws where there is a second core.
  navigator.hardwareConcurrency > 1 ? new WorkerDrawHelper() : undefined,
);

/** The view of the last list sent with its first lines only: the page asks for the rest next (rest()). */
let unsent: { view: PlanView; from: number; sent: number } | null = null;
/** Lists sent so far: a page asking for the rest of an older one than the last gets none. */
let sent = 0;
const send = (view: PlanView) => {
  const out = span('pack', () => viewForPage(view, FIRST_LINES, ++sent));
  unsent = out.message.lines < view.list.arms.length ? { view, from: out.message.lines, sent } : null;
  return Comlink.transfer(out.message, out.buffers);
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
  prepareRules: session.prepareRules.bind(session),
  band: session.band.bind(session),
  groupText: session.groupText.bind(session),
  population: () => {
    const instance = session.population();
    return Comlink.transfer(instance, [
      instance.transitions.buffer,
      instance.features.buffer,
      instance.initial.buffer,
    ] as ArrayBuffer[]);
  },
  create: async (settings: PlanSettings, meta: PlanMeta) => send(await session.create(settings, meta)),
  /** The plan's view, or, when the saved plan is damaged, what is wrong with it (naming the field). */
  open: async (id: string): Promise<ViewMessage | { damaged: string }> => {
    try {
      return send(await session.open(id));
    } catch (error) {
      if (error instanceof PlanReadError) return { damaged: error.message };
      throw error;
    }
  },
  replan: async (settings: PlanSettings, policy: PlanPolicySource, now: number) =>
    send(await session.replan(settings, policy, now)),
  /** The lines after the first page of list `of` (ViewMessage.sent; null: a newer list went since, or they went). */
  rest: (of: number): RestMessage | null => {
    const u = unsent;
    if (u?.sent !== of) return null;
    unsent = null;
    const out = span('pack the rest', () => restForPage(u.view, u.from));
    return Comlink.transfer(out.message, out.buffers);
  },
  saved: session.saved.bind(session),
  previewOutcomes: session.previewOutcomes.bind(session),
  apply: async (replace: boolean, now: number, confirmed = false): Promise<AppliedMessage> => {
    const result = await session.apply(replace, now, confirmed);
    // Comlink transfers what is marked at the top level of a reply.
    if (!result.ok) return result;
    unsent = null;
    const out = viewForPage(result.view);
    return Comlink.transfer({ ...result, view: out.message }, out.buffers);
  },
  discardOutcomes: session.discardOutcomes.bind(session),
  /** onDraw: the page's callback (Comlink.proxy) for the counts so far. */
  uncertainty: async (onDraw?: (partial: Uncertainty) => void) => {
    const u = await session.uncertainty(
      onDraw && ((partial) => void onDraw(Comlink.transfer(partial, uncertaintyBuffers(partial)))),
    );
    return Comlink.transfer(u, uncertaintyBuffers(u));
  },
  listPlans: session.listPlans.bind(session),
  deletePlan: session.deletePlan.bind(session),
  /** PLAN.json of a saved plan as a Blob (a damaged one: what can still be read, `partial` saying what). */
  exportPlan: async (id: string) => {
    const { fileName, text, partial } = await session.exportPlan(id);
    return { fileName, partial, file: new Blob([text], { type: 'application/json' }) };
  },
  importPlan: session.importPlan.bind(session),
};

export type PlanWorkerApi = typeof api;
Comlink.expose(api);
