// The plan as a file and as stored records (issue 28, item 3): PLAN.json's bytes per beneficiary, its
// write and read beside JSON.stringify and JSON.parse of the same document (interleaved, each round
// timing both), and the bytes an applied week writes to IndexedDB (V8's serializer, which Chromium's
// IndexedDB uses for values) beside what the whole-plan record wrote before.
// The file as `allot plan` writes it (its pieces, one write each) beside JSON.stringify and one writeFile; the
// peak memory of a process that reads PLAN.json, and of one that reads it and writes it back (both ways).
// A read as `allot plan` does it, once in a fresh process, beside JSON.parse once in a fresh process (and, with
// --vs DIR, another checkout's read of the same file), interleaved: a process's first parse also pays its heap.
// Run: npx tsx test/bench/plan-file.ts [arms] [rounds] [--vs DIR]   (default 10^6 dlm beneficiaries, 26 weeks,
// 5 rounds)
// CPU time of this process (on a shared machine the figure to compare), min / median / max over rounds.
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { serialize } from 'node:v8';
import { parseOutcomesCsv } from '../../src/core/datasets/outcomes-csv.ts';
import { applyOutcomes } from '../../src/core/plan/apply-outcomes.ts';
import { jsBase64, type Base64Codec } from '../../src/core/plan/base64.ts';
import { generatedRegister } from '../../src/core/plan/generated-register.ts';
import { planFilePieces, planFileText, readPlanFile } from '../../src/core/plan/plan-json.ts';
import { appliedWeekParts } from '../../src/core/plan/plan-parts.ts';
import type { PlanRecord } from '../../src/core/plan/plan-record.ts';
import { createPlan, type PlanState } from '../../src/core/plan/plan-state.ts';
import type { IndexFunction } from '../../src/core/plan/weekly-list.ts';
import { nodeBase64 } from '../../src/cli/node-base64.ts';
import { writePieces } from '../../src/cli/plan-file-store.ts';
import {} from '../../src/core/plan/week-states.ts';
import { unpackIds } from '../../src/core/plan/packed-ids.ts';

const META = { id: 'p1', name: 'bench', createdAt: 0, updatedAt: 0, policy: { kind: 'typed' as const } };
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const timed = <T>(run: () => T): [T, number] => {
  const start = cpu();
  const out = run();
  return [out, cpu() - start];
};
const spread = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `${s[0].toFixed(0)} / ${s[Math.floor(s.length / 2)].toFixed(0)} / ${s[s.length - 1].toFixed(0)}`;
};
const row = (label: string, ours: number[], ref: number[] | null, refLabel = '') => {
  const ratios = ref ? ours.map((x, i) => x / ref[i]) : null;
  const r = ratios
    ? `   ratio ${[...ratios]
        .sort((a, b) => a - b)
        .map((x) => x.toFixed(2))
        .join(', ')}`
    : '';
  console.log(
    `${label.padEnd(58)} ${spread(ours).padStart(18)} ms${ref ? `   ${refLabel} ${spread(ref)} ms` : ''}${r}`,
  );
};

/** A fresh copy of the plan's arrays, so that nothing packed or encoded before is reused (a first write). */
function cold(plan: PlanState): PlanState {
  const r = plan.register;
  return {
    ...plan,
    register: {
      ...r,
      ids: { text: r.ids.text, ends: r.ids.ends.slice() },
      features: {
        numArms: r.features.numArms,
        columns: r.features.columns.map((c) => (ArrayBuffer.isView(c) ? c.slice() : { ...c, bits: c.bits.slice() })),
      },
      history: {
        ...r.history,
        states: r.history.states.map((s) => (ArrayBuffer.isView(s) ? s.slice() : { ...s, bits: s.bits.slice() })),
        called: r.history.called.map((c) => ({ bits: c.bits.slice(), length: c.length })),
      },
    },
    weeks: plan.weeks.map((w) => ({ ...w, planned: w.planned.slice() })),
  };
}

/** The plan after one more week: the listed called, engaged by a rule that differs by `salt`. */
function nextWeek(plan: PlanState, whittle: IndexFunction, salt: number): PlanState {
  const listed = new Uint8Array(plan.register.numArms);
  for (const arm of plan.weeks[plan.weeks.length - 1].planned) listed[arm] = 1;
  const text =
    'id,called,engaged\n' +
    unpackIds(plan.register.ids)
      .map((id, arm) => `${id},${listed[arm]},${(arm * 7 + salt) % 3 === 0 ? 1 : 0}`)
      .join('\n');
  const parsed = parseOutcomesCsv(text, plan.register.ids, 2, `week-${salt}.csv`);
  if (!parsed.ok) throw new Error(parsed.errors[0]);
  const r = applyOutcomes({ ...plan, settings: { ...plan.settings, draws: 0 } }, parsed.outcomes, whittle, {
    confirmed: true,
  });
  if (!r.ok) throw new Error(r.errors[0]);
  return r.plan;
}

export async function benchPlanFile(
  N: number,
  rounds: number,
  whittle: IndexFunction,
  given?: PlanState,
): Promise<void> {
  console.log(
    `(load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(', ')})`,
  );
  const plan =
    given ??
    createPlan(
      generatedRegister('dlm', { arms: N, sample: Math.min(48, N) }, 1, { weeks: 26, callsPerWeek: Math.round(N / 10) })
        .register,
      {
        reward: 'state * (1 + 2 * agent_feats.age_51_60)',
        budget: Math.round(N / 10),
        exclude: [],
        cooldown: 0,
        shares: [],
        seed: 1,
        draws: 0,
        priorGroup: 'Ages',
        level: 0.9,
      },
      whittle,
    ).plan;
  const F = plan.register.schema.columns.length;
  const record = (p: PlanState): PlanRecord => ({ ...META, plan: p });
  const text = planFileText(record(plan), nodeBase64);
  console.log(
    `PLAN.json of ${N.toLocaleString('en')} beneficiaries (dlm, ${F} features), 26 weeks of history and its first ` +
      `list: ${(text.length / 1e6).toFixed(1)} MB, ${(text.length / N).toFixed(1)} bytes per beneficiary`,
  );
  const doc = JSON.parse(text);
  for (const [name, codec] of [
    ['Node Buffer base64 (allot plan)', nodeBase64],
    ['plain JavaScript base64 (a browser without its own)', jsBase64],
  ] as [string, Base64Codec][]) {
    console.log(`-- ${name}`);
    const write: number[] = [],
      stringify: number[] = [],
      warm: number[] = [],
      stringify2: number[] = [],
      read: number[] = [],
      parse: number[] = [],
      pages: number[] = [];
    const restored = readPlanFile(text, 'PLAN.json', META, codec).plan;
    const weeks = Array.from({ length: rounds }, (_, i) => nextWeek(restored, whittle, i + 1));
    const warmDoc = JSON.parse(planFileText(record(weeks[0]), codec));
    const files: number[] = [],
      writeFiles: number[] = [];
    const ours = join(tmpdir(), `allot-bench-${process.pid}-ours.json`),
      theirs = join(tmpdir(), `allot-bench-${process.pid}-ref.json`);
    for (let i = 0; i < rounds; i++) {
      if (codec === nodeBase64) {
        const fresh = record(cold(plan));
        files.push(timed(() => writePieces(ours, planFilePieces(fresh, codec)))[1]);
        writeFiles.push(timed(() => writeFileSync(theirs, JSON.stringify(doc)))[1]);
      }
      const fresh = record(cold(plan));
      write.push(timed(() => planFileText(fresh, codec))[1]);
      stringify.push(timed(() => JSON.stringify(doc))[1]);
      warm.push(timed(() => planFileText(record(weeks[i]), codec))[1]);
      stringify2.push(timed(() => JSON.stringify(warmDoc))[1]);
      read.push(timed(() => readPlanFile(text, 'PLAN.json', META, codec))[1]);
      parse.push(timed(() => JSON.parse(text))[1]);
      pages.push(
        timed(() => {
          const x = new Uint8Array(N * F);
          for (let k = 0; k < x.length; k += 512) x[k] = 1;
          return x;
        })[1],
      );
    }
    if (files.length) {
      if (readFileSync(ours, 'utf8') !== text) throw new Error('the pieces written are not the text');
      row('write to a file, first time (pieces, a write each)', files, writeFiles, 'stringify + writeFile');
    }
    rmSync(ours, { force: true });
    rmSync(theirs, { force: true });
    row("write, first time (packs the register's feature columns, a byte a value)", write, stringify, 'JSON.stringify');
    row('write after a week is applied (only the new week packed)', warm, stringify2, 'JSON.stringify');
    row('read (checked, register and history unpacked)', read, parse, 'JSON.parse');
    row(
      `  of which: pages of fresh ${((N * F) / 1e6).toFixed(0)} MB (the register's byte columns)`,
      pages,
      parse,
      'JSON.parse',
    );
  }
  peakMemory(text);
  freshReads(text, rounds);
  // IndexedDB: what applying a week writes now, and what it wrote when the whole plan was one record.
  const after = nextWeek(plan, whittle, 1);
  const parts = appliedWeekParts({ plan: record(after), week: plan.weeks[0].week, replace: false });
  const now = [parts.head, ...parts.weeks].reduce((sum, r) => sum + serialize(r).length, 0);
  const before = serialize({ id: META.id, plan: record(after).plan }).length;
  const calls = plan.weeks[0].planned.length;
  console.log(
    `applying a week writes ${(now / 1e6).toFixed(2)} MB to IndexedDB (${(now / (calls / 1000) / 1e3).toFixed(1)} ` +
      `KB per thousand calls; head ${serialize(parts.head).length} B, two weeks ` +
      `${parts.weeks.map((w) => serialize(w).length).join(' + ')} B); the whole-plan record was ` +
      `${(before / 1e6).toFixed(1)} MB (${(before / now).toFixed(0)}x)`,
  );
}

/** Peak resident memory of a process that reads PLAN.json, and of one that reads it and writes it again. */
function peakMemory(text: string): void {
  const path = join(tmpdir(), `allot-bench-${process.pid}-peak.json`);
  writeFileSync(path, text);
  const run = (mode: string) =>
    execFileSync(process.execPath, [...process.execArgv, process.argv[1], '--peak', mode, path], { encoding: 'utf8' });
  try {
    for (const mode of ['read', 'pieces', 'stringify']) console.log(run(mode).trim());
  } finally {
    rmSync(path, { force: true });
    rmSync(`${path}.out`, { force: true });
  }
}

/** Other checkouts whose read is timed beside this one's (--vs DIR). */
const others = process.argv.flatMap((a, i) => (process.argv[i - 1] === '--vs' ? [a] : []));

/** CPU of one read in a fresh process (this checkout's, others', JSON.parse), in interleaved rounds. */
function freshReads(text: string, rounds: number): void {
  const path = join(tmpdir(), `allot-bench-${process.pid}-once.json`);
  writeFileSync(path, text);
  const once = (what: string) =>
    Number(
      execFileSync(process.execPath, [...process.execArgv, process.argv[1], '--once', what, path], {
        encoding: 'utf8',
      }).trim(),
    );
  const runs = ['parse', 'read', ...others];
  const cpu = runs.map((): number[] => []);
  try {
    for (let i = 0; i < rounds; i++) runs.forEach((what, k) => cpu[k].push(once(what)));
  } finally {
    rmSync(path, { force: true });
  }
  console.log('-- one read in a fresh process (as `allot plan` reads), CPU of the read alone');
  row('read (checked, register and history unpacked)', cpu[1], cpu[0], 'JSON.parse');
  others.forEach((dir, k) => row(`  the read of ${dir}`, cpu[k + 2], cpu[0], 'JSON.parse'));
}

/** The child of freshReads: JSON.parse, or the read of this checkout or of another (a folder), once. */
async function onceChild(what: string, path: string): Promise<void> {
  const text = readFileSync(path, 'utf8');
  const root = what === 'read' ? '../..' : what;
  const read: typeof readPlanFile | null =
    what === 'parse' ? null : (await import(`${root}/src/core/plan/plan-json.ts`)).readPlanFile;
  const start = process.cpuUsage();
  const out = read ? read(text, path, META, nodeBase64) : JSON.parse(text);
  const used = process.cpuUsage(start);
  console.log(((used.user + used.system) / 1000).toFixed(1));
  void out;
}

/** The child of peakMemory: reads the file (and writes it in pieces or as one text), prints its peak memory. */
function peakChild(mode: string, path: string): void {
  // This process's own peak (VmHWM: maxRSS would carry the parent's peak over from the fork).
  const mb = () => {
    const hwm = /VmHWM:\s*(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    return ((hwm ? Number(hwm[1]) : process.resourceUsage().maxRSS) / 1024).toFixed(0);
  };
  const base = mb();
  const rec = readPlanFile(readFileSync(path, 'utf8'), path, META, nodeBase64);
  const read = mb();
  if (mode === 'pieces') writePieces(`${path}.out`, planFilePieces(rec, nodeBase64));
  if (mode === 'stringify') writeFileSync(`${path}.out`, planFileText(rec, nodeBase64));
  const words = { read: 'read', pieces: 'read, then written in pieces', stringify: 'read, then written as one text' };
  console.log(
    `peak memory of a process (node ${base} MB before): PLAN.json ${words[mode as keyof typeof words]}: ` +
      `${read} MB after the read${mode === 'read' ? '' : `, ${mb()} MB after the write`}`,
  );
}

if (process.argv[2] === '--peak') peakChild(process.argv[3], process.argv[4]);
else if (process.argv[2] === '--once') await onceChild(process.argv[3], process.argv[4]);
else if (import.meta.url === `file://${process.argv[1]}`) {
  const { loadEngineNode } = await import('../../src/engine/load-node.ts');
  const engine = await loadEngineNode();
  await benchPlanFile(
    Number(process.argv[2] ?? 1_000_000),
    Number(process.argv[3] ?? 5),
    (t, r, S, d) => engine.whittleIndices(t, r, S, d).indices,
  );
}
