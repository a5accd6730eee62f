// The text of a PDF that Chromium printed (Skia's PDF writer), page by page and line by line, for the
// print tests: no pdftotext on every machine, so this reads the few parts Skia writes. Objects
// ("N 0 obj ... endobj", no object streams), Flate streams inflated with Node's zlib, the page tree
// walked in order, fonts' ToUnicode CMaps (bfchar, bfrange) mapping 2-byte glyph codes to text, and each
// page's content stream run through the graphics state (q/Q, cm) and text operators (BT, Tf, Tm, Td,
// Tj, TJ), so that every text run has its place on the page. Runs on one baseline make a line.
import { inflateSync } from 'node:zlib';

export interface TextRun {
  /** Page coordinates in points, y from the top of the page. */
  x: number;
  y: number;
  text: string;
}

export interface PdfPage {
  runs: TextRun[];
  /**
   * Runs grouped by baseline (to 0.5 pt), top to bottom, each line's runs left to right joined by a space
   * (ligatures such as "ﬁ" as their letters).
   */
  lines: string[];
}

type Matrix = [number, number, number, number, number, number];
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];

function objects(pdf: Buffer): Map<number, { dict: string; stream: Buffer | null }> {
  const text = pdf.toString('latin1');
  const out = new Map<number, { dict: string; stream: Buffer | null }>();
  const head = /(\d+) 0 obj\s*/g;
  for (let m = head.exec(text); m; m = head.exec(text)) {
    const start = m.index + m[0].length;
    const s = text.indexOf('stream', start),
      e = text.indexOf('endobj', start);
    if (s >= 0 && s < e && text.slice(start, s).includes('/Length')) {
      const dict = text.slice(start, s);
      let at = s + 6;
      if (text[at] === '\r') at++;
      if (text[at] === '\n') at++;
      const length = Number(/\/Length (\d+)/.exec(dict)![1]);
      const raw = pdf.subarray(at, at + length);
      out.set(Number(m[1]), { dict, stream: dict.includes('/FlateDecode') ? inflateSync(raw) : raw });
      head.lastIndex = at + length;
    } else {
      out.set(Number(m[1]), { dict: text.slice(start, e), stream: null });
    }
  }
  return out;
}

const ref = (dict: string, key: string) => Number(new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1]);

/** A ToUnicode CMap: glyph code -> text. */
function cmap(source: string): Map<number, string> {
  const map = new Map<number, string>();
  const hex = (h: string) => String.fromCodePoint(...(h.match(/.{4}/g) ?? []).map((x) => parseInt(x, 16)));
  for (const block of source.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, to] of block[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      map.set(parseInt(code, 16), hex(to));
    }
  }
  for (const block of source.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo, hi, to] of block[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      const first = parseInt(to, 16);
      const from = parseInt(lo, 16);
      for (let c = from; c <= parseInt(hi, 16); c++) map.set(c, String.fromCodePoint(first + c - from));
    }
  }
  return map;
}

/** The pages of the PDF in order, with their text runs and lines. */
export function pdfPages(pdf: Buffer): PdfPage[] {
  const objs = objects(pdf);
  const catalog = [...objs.values()].find((o) => /\/Type \/Catalog/.test(o.dict))!;
  const pages: number[] = [];
  const walk = (n: number) => {
    const o = objs.get(n)!;
    if (/\/Type \/Pages/.test(o.dict)) {
      for (const [, kid] of /\/Kids \[([^\]]*)\]/.exec(o.dict)![1].matchAll(/(\d+) 0 R/g)) walk(Number(kid));
    } else if (/\/Type \/Page\b/.test(o.dict)) pages.push(n);
  };
  walk(ref(catalog.dict, 'Pages'));
  const cmaps = new Map<number, Map<number, string>>();
  const fontMap = (n: number) => {
    if (!cmaps.has(n)) cmaps.set(n, cmap(objs.get(ref(objs.get(n)!.dict, 'ToUnicode'))!.stream!.toString('latin1')));
    return cmaps.get(n)!;
  };
  return pages.map((n) => {
    const page = objs.get(n)!.dict;
    const height = Number(/\/MediaBox \[[\d.\s]+? ([\d.]+)\]/.exec(page)![1]);
    const fonts = new Map<string, number>();
    const fontRefs = /\/Font <<([^>]*)>>/.exec(page)?.[1] ?? '';
    for (const [, name, obj] of fontRefs.matchAll(/\/(\w+) (\d+) 0 R/g)) fonts.set(name, Number(obj));
    const content = objs.get(ref(page, 'Contents'))!.stream!.toString('latin1');
    const runs = contentRuns(content, (f) => fontMap(fonts.get(f)!), height);
    return { runs, lines: linesOf(runs) };
  });
}

function contentRuns(content: string, font: (name: string) => Map<number, string>, height: number): TextRun[] {
  const runs: TextRun[] = [];
  const stack: Matrix[] = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0],
    tm: Matrix = [1, 0, 0, 1, 0, 0],
    line: Matrix = tm;
  let map = new Map<number, string>();
  let current: TextRun | null = null;
  const operands: string[] = [];
  const show = (hex: string) => {
    let text = '';
    for (let i = 0; i + 4 <= hex.length; i += 4) text += map.get(parseInt(hex.slice(i, i + 4), 16)) ?? '';
    if (!current) {
      const at = multiply(tm, ctm);
      current = { x: at[4], y: height - at[5], text: '' };
      runs.push(current);
    }
    current.text += text;
  };
  for (const token of content.matchAll(/<[0-9A-Fa-f]*>|\[[^\]]*\]|\/\w+|[-+]?(?:\d+\.?\d*|\.\d+)|[A-Za-z'"*]+/g)) {
    const t = token[0];
    if (/^[-+.\d]/.test(t) || t.startsWith('/') || t.startsWith('<') || t.startsWith('[')) {
      operands.push(t);
      continue;
    }
    const num = (i: number) => Number(operands[operands.length - i]);
    switch (t) {
      case 'q':
        stack.push(ctm);
        break;
      case 'Q':
        ctm = stack.pop() ?? ctm;
        break;
      case 'cm':
        ctm = multiply([num(6), num(5), num(4), num(3), num(2), num(1)], ctm);
        break;
      case 'BT':
        tm = line = [1, 0, 0, 1, 0, 0];
        current = null;
        break;
      case 'ET':
        current = null;
        break;
      case 'Tf':
        map = font(operands[operands.length - 2].slice(1));
        break;
      case 'Tm':
        tm = line = [num(6), num(5), num(4), num(3), num(2), num(1)];
        current = null;
        break;
      // Td moves within the run (Skia places each glyph with one): the run goes on.
      case 'Td':
        tm = line = multiply([1, 0, 0, 1, num(2), num(1)], line);
        break;
      case 'Tj':
        show(operands[operands.length - 1].slice(1, -1));
        break;
      case 'TJ':
        for (const h of operands[operands.length - 1].matchAll(/<([0-9A-Fa-f]*)>/g)) show(h[1]);
        break;
    }
    operands.length = 0;
  }
  return runs;
}

function linesOf(runs: TextRun[]): string[] {
  const byY = new Map<number, TextRun[]>();
  for (const r of runs) {
    const y = Math.round(r.y * 2) / 2;
    byY.set(y, [...(byY.get(y) ?? []), r]);
  }
  return [...byY.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([, rs]) =>
      rs
        .sort((a, b) => a.x - b.x)
        .map((r) => r.text)
        .join(' '),
    )
    .map((line) => line.replace(/\s+/g, ' ').trim().normalize('NFKC'))
    .filter(Boolean);
}
