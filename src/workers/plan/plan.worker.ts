// The plan worker: owns one WASM engine (Whittle indices) and one PlanSession, so that reading a
// register, estimating transitions, indices for 10^6 beneficiaries and the weekly list never run on
// the page's thread.
import * as Comlink from 'comlink';
import { loadEngine } from '../../engine/load-browser.ts';
import type { IndexFunction } from '../../core/plan/weekly-list.ts';
import type { PackedPlan } from '../../core/plan/packed-plan.ts';
import type { PlanSettings } from '../../core/plan/plan-settings.ts';
import { PlanSession, type ApplyResult, type PlanView } from './plan-session.ts';
import { transferables } from './transfer-view.ts';

let whittle: Promise<IndexFunction> | undefined;
const session = new PlanSession(() => (whittle ??= loadEngine().then((engine) => (t, r, s, d) => engine.whittleIndices(t, r, s, d).indices)));

/** A view sent with its arrays transferred (transfer-view.ts). */
function send(view: PlanView): PlanView {
  const { view: out, buffers } = transferables(view);
  return Comlink.transfer(out, buffers);
}

const api = {
  loadRegister: session.loadRegister.bind(session),
  band: session.band.bind(session),
  create: async (settings: PlanSettings) => send(await session.create(settings)),
  open: async (packed: PackedPlan) => send(await session.open(packed)),
  replan: async (settings: PlanSettings) => send(await session.replan(settings)),
  previewOutcomes: session.previewOutcomes.bind(session),
  apply: async (replace: boolean): Promise<ApplyResult> => {
    const result = await session.apply(replace);
    if (!result.ok) return result;
    // Comlink transfers what is marked at the top level of a reply.
    const { view, buffers } = transferables(result.view);
    return Comlink.transfer({ ok: true, view }, buffers);
  },
  discardOutcomes: session.discardOutcomes.bind(session),
};

export type PlanWorkerApi = typeof api;
Comlink.expose(api);
