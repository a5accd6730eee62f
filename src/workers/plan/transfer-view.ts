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
import { firstLinesOf } from '../../pipeline/plan/plan-view.ts';

/** A column of strings packed to cross threads: its distinct values and per line a code, or one text. */
export type PackedStrings = { values: string[]; codes: Int32Array } | { text: string; ends: Int32Array };

/** The list's string columns packed (the lines' ids, buckets and carried values; the list's via and workers). */
export interface PackedTexts {
  ids: PackedStrings;
  buckets: PackedStrings;
  carry: PackedStrings;
  via: PackedStrings;
  worker?: PackedStrings;
}

/** The view as it crosses: the same, with the list's string columns packed, of its first `lines` lines. */
export interface ViewMessage {
  view: PlanView;
  texts: PackedTexts;
  /** The lines whose texts and feature values came: all, or the first page's (the rest follow: RestMessage). */
  lines: number;
  /** Which list this is of those the worker sent (the rest is asked for by it). */
  sent: number;
}

/** The texts of the lines from `from` on, and every line's feature values. */
export interface RestMessage {
  from: number;
  texts: PackedTexts;
  features: Float64Array;
}

/** A week applied as it crosses: its view packed. */
export type AppliedMessage =
  | (Omit<Extract<WeekApplyResult, { ok: true }>, 'view'> & { view: ViewMessage })
  | Extract<WeekApplyResult, { ok: false }>;

/** The lines whose texts go with a new list's view (CallList's first rows); the rest follow (restForPage). */
export const FIRST_LINES = 100;

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

/** Some lines' string columns packed: their ids, buckets and carried values, the list's via and worker of each. */
function packTexts(
  lines: { ids: string[]; buckets: string[]; carry: string[] },
  via: string[],
  worker: string[] | undefined,
): PackedTexts {
  return {
    ids: packStrings(lines.ids),
    buckets: packStrings(lines.buckets),
    carry: packStrings(lines.carry),
    via: packStrings(via),
    ...(worker ? { worker: packStrings(worker) } : {}),
  };
}

/**
 * The view with the list's arrays copied and its strings packed, and the buffers to transfer. With `first`, only the
 * first `first` lines' texts and feature values go (what the page shows first: CallList's first 100 rows), the
 * others' after it (restForPage): 10^5 lines' texts cost the worker 40-70 ms to make and pack, and the page 10-40 ms
 * to unpack, before the list could be drawn.
 */
export function viewForPage(
  view: PlanView,
  first = Infinity,
  sent = 0,
): { message: ViewMessage; buffers: ArrayBuffer[] } {
  const l = view.list;
  const n = l.arms.length;
  const head = (first < n && firstLinesOf(view, first)) || null;
  const k = head ? first : n;
  const lines0 = head ?? view.lines;
  const texts = packTexts(lines0, head ? l.via.slice(0, k) : l.via, head ? l.lineWorker?.slice(0, k) : l.lineWorker);
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
  // (spread from the lines that go: the whole list's lines make their buckets and feature values when read)
  const lines = { ...lines0, ids: [], buckets: [], carry: [] };
  const buffers = [
    ...[list.arms, list.index, list.defaultRank, list.membership, list.intervals, list.defaultArms, lines.features].map(
      (a) => a.buffer as ArrayBuffer,
    ),
    ...Object.values(texts).map(bufferOf),
  ];
  return { message: { view: { ...view, list, lines }, texts, lines: k, sent }, buffers };
}

/** The texts and feature values of the lines after the first `from` (viewForPage), to complete the page's view. */
export function restForPage(view: PlanView, from: number): { message: RestMessage; buffers: ArrayBuffer[] } {
  const { lines, list: l } = view;
  const K = lines.carried.length;
  const texts = packTexts(
    { ids: lines.ids.slice(from), buckets: lines.buckets.slice(from), carry: lines.carry.slice(from * K) },
    l.via.slice(from),
    l.lineWorker?.slice(from),
  );
  const features = lines.features;
  return {
    message: { from, texts, features },
    buffers: [features.buffer as ArrayBuffer, ...Object.values(texts).map(bufferOf)],
  };
}

/** On the page: the view with its string columns unpacked (a view of its first lines has room for the rest). */
export function viewOnPage({ view, texts, lines: k }: ViewMessage): PlanView {
  const n = view.list.arms.length;
  const grown = (xs: string[], length: number) => (k < n && (xs.length = length), xs);
  const K = view.lines.carried.length;
  const list = { ...view.list, via: grown(unpackStrings(texts.via), n) };
  if (texts.worker) list.lineWorker = grown(unpackStrings(texts.worker), n);
  const lines = {
    ...view.lines,
    ids: grown(unpackStrings(texts.ids), n),
    buckets: grown(unpackStrings(texts.buckets), n),
    carry: grown(unpackStrings(texts.carry), n * K),
  };
  const out = { ...view, list, lines };
  if (k < n) waiting.set(lines, out);
  return out;
}

/** Views on the page whose lines after the first page have not come yet, by their lines. */
const waiting = new WeakMap<object, PlanView>();
/** How the rest of a view's lines come (asked for once, when first needed: linesArrived), by its lines. */
const rests = new WeakMap<object, () => Promise<void>>();

/**
 * On the page: how a view of its first lines gets the rest (`ask`), which fill it in place (the page's state holds its
 * arrays). They are asked for when first needed (linesArrived), so that their packing and their message do not
 * compete with the first rows' frame.
 */
export function restOnPage(lines: object, ask: () => Promise<RestMessage | null>): void {
  const view = waiting.get(lines);
  if (!view) return;
  const fill = (xs: string[], packed: PackedStrings, at: number) => {
    const more = unpackStrings(packed);
    for (let i = 0; i < more.length; i++) xs[at + i] = more[i];
  };
  let done: Promise<void> | null = null;
  rests.set(
    lines,
    () =>
      (done ??= ask().then((r) => {
        if (!r) throw new Error('the rest of the list did not come: make the list again');
        const { lines: l, list } = view;
        fill(l.ids, r.texts.ids, r.from);
        fill(l.buckets, r.texts.buckets, r.from);
        fill(l.carry, r.texts.carry, r.from * l.carried.length);
        fill(list.via, r.texts.via, r.from);
        if (list.lineWorker && r.texts.worker) fill(list.lineWorker, r.texts.worker, r.from);
        l.features = r.features;
        waiting.delete(lines);
      })),
  );
}

/** On the page: when every line of a view has come (asking for them if need be; at once for a view that came whole). */
export function linesArrived(lines: object): Promise<void> {
  return rests.get(lines)?.() ?? Promise.resolve();
}

export function uncertaintyBuffers(u: Uncertainty | null): ArrayBuffer[] {
  return u ? [u.membership.buffer as ArrayBuffer] : [];
}
