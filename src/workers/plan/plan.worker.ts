// The plan worker: owns one WASM engine (Whittle indices) and one PlanSession, so that reading a
// register, estimating transitions, indices for 10^6 beneficiaries and the weekly list never run on
// the page's thread.
import * as Comlink from 'comlink';
import { loadEngine } from '../../engine/load-browser.ts';
import type { IndexFunction } from '../../core/plan/weekly-list.ts';
import { PlanSession } from './plan-session.ts';

let whittle: Promise<IndexFunction> | undefined;
const session = new PlanSession(() => (whittle ??= loadEngine().then((engine) => (t, r, s, d) => engine.whittleIndices(t, r, s, d).indices)));

const api = {
  loadRegister: session.loadRegister.bind(session),
  band: session.band.bind(session),
  create: session.create.bind(session),
  open: session.open.bind(session),
  replan: session.replan.bind(session),
  previewOutcomes: session.previewOutcomes.bind(session),
  apply: session.apply.bind(session),
  discardOutcomes: session.discardOutcomes.bind(session),
};

export type PlanWorkerApi = typeof api;
Comlink.expose(api);
