// What crosses from the plan worker to the page: copies of the list's typed arrays (B lines, cheap to
// copy), transferred rather than cloned; the worker keeps its own arrays (the week record it is still
// saving refers to them). The lines' feature values are made for the page alone and go as they are. The
// register never crosses.
// The list's per-line texts (ids, buckets, carried values, worker, the minimum that brought her in) are
// packed too: cloning 10^5 strings per column costs the page's thread far more than one long string or
// a few distinct values with their codes, so a column repeating its values goes as a dictionary and any
// other as one text with each value's end. The page unpacks them (viewOnPage) before anything reads them.
import type { Uncertainty } from '../../pipeline/plan/uncertain-places.ts';
import type { PlanView, WeekApplyResult } from '../../pipeline/plan/weekly-plan.ts';

/** A column of strings packed to cross threads: its distinct values and per line a code, or one text. */
export type PackedStrings = { values: string[]; codes: Int32Array } | { text: string; ends: Int32Array };

/** The view as it crosses: the same, with the list's string columns packed. */
export interface ViewMessage {
  view: PlanView;
  texts: {
    ids: PackedStrings;
    buckets: PackedStrings;
    carry: PackedStrings;
    via: PackedStrings;
    worker?: PackedStrings;
  };
}

/** A week applied as it crosses: its view packed. */
export type AppliedMessage =
  | (Omit<Extract<WeekApplyResult, { ok: true }>, 'view'> & { view: ViewMessage })
  | Extract<WeekApplyResult, { ok: false }>;

/** Values of a long column looked at before trying a dictionary (packStrings). */
const PROBE = 1024;

/**
 * Packs `xs`: as a dictionary while at most a quarter of its values are distinct, else as one text. A long column
 * whose PROBE values spread over it are all distinct goes as text at once (ids: a dictionary tried on 10^5 distinct
 * values cost the worker 40 ms before giving up); either packing gives the same strings back.
 */
export function packStrings(xs: readonly string[]): PackedStrings {
  if (xs.length > 4 * PROBE && allDistinct(xs)) return asText(xs);
  const index = new Map<string, number>();
  const values: string[] = [];
  const codes = new Int32Array(xs.length);
  for (let i = 0; i < xs.length && values.length <= xs.length / 4; i++) {
    let code = index.get(xs[i]);
    if (code === undefined) index.set(xs[i], (code = values.push(xs[i]) - 1));
    codes[i] = code;
  }
  return values.length <= xs.length / 4 ? { values, codes } : asText(xs);
}

/** Whether PROBE values spread evenly over `xs` are all distinct. */
function allDistinct(xs: readonly string[]): boolean {
  const seen = new Set<string>();
  for (let k = 0; k < PROBE; k++) seen.add(xs[Math.floor((k * xs.length) / PROBE)]);
  return seen.size === PROBE;
}

function asText(xs: readonly string[]): PackedStrings {
  const ends = new Int32Array(xs.length);
  let at = 0;
  for (let i = 0; i < xs.length; i++) ends[i] = at += xs[i].length;
  return { text: xs.join(''), ends };
}

export function unpackStrings(packed: PackedStrings): string[] {
  if ('values' in packed) {
    const { values, codes } = packed;
    const out = new Array<string>(codes.length);
    for (let i = 0; i < codes.length; i++) out[i] = values[codes[i]];
    return out;
  }
  const { text, ends } = packed;
  const out = new Array<string>(ends.length);
  for (let i = 0, start = 0; i < ends.length; start = ends[i++]) out[i] = text.slice(start, ends[i]);
  return out;
}

const bufferOf = (p: PackedStrings) => ('codes' in p ? p.codes : p.ends).buffer as ArrayBuffer;

/** The view with the list's arrays copied and its strings packed, and the buffers to transfer. */
export function viewForPage(view: PlanView): { message: ViewMessage; buffers: ArrayBuffer[] } {
  const l = view.list;
  const texts: ViewMessage['texts'] = {
    ids: packStrings(view.lines.ids),
    buckets: packStrings(view.lines.buckets),
    carry: packStrings(view.lines.carry),
    via: packStrings(l.via),
    ...(l.lineWorker ? { worker: packStrings(l.lineWorker) } : {}),
  };
  const list = {
    ...l,
    arms: l.arms.slice(),
    index: l.index.slice(),
    defaultRank: l.defaultRank.slice(),
    membership: l.membership.slice(),
    intervals: l.intervals.slice(),
    defaultArms: l.defaultArms.slice(),
    via: [],
    lineWorker: l.lineWorker && [],
  };
  const lines = { ...view.lines, ids: [], buckets: [], carry: [] };
  const buffers = [
    ...[list.arms, list.index, list.defaultRank, list.membership, list.intervals, list.defaultArms, lines.features].map(
      (a) => a.buffer as ArrayBuffer,
    ),
    ...Object.values(texts).map(bufferOf),
  ];
  return { message: { view: { ...view, list, lines }, texts }, buffers };
}

/** On the page: the view with its string columns unpacked. */
export function viewOnPage({ view, texts }: ViewMessage): PlanView {
  const list = { ...view.list, via: unpackStrings(texts.via) };
  if (texts.worker) list.lineWorker = unpackStrings(texts.worker);
  const lines = {
    ...view.lines,
    ids: unpackStrings(texts.ids),
    buckets: unpackStrings(texts.buckets),
    carry: unpackStrings(texts.carry),
  };
  return { ...view, list, lines };
}

export function uncertaintyBuffers(u: Uncertainty | null): ArrayBuffer[] {
  return u ? [u.membership.buffer as ArrayBuffer] : [];
}
