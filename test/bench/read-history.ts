// A national history in one read: `allot plan` on a history of N beneficiaries x 26 weeks (id, week,
// state, called; 10^6 x 26 is about 420 MB) with its features file (one row per beneficiary), timed as
// a person runs it: a fresh `node src/cli/allot.mjs plan ...` process under /usr/bin/time, which
// reports its wall time, CPU time and peak resident memory (the whole process: Node, tsx, the WASM
// engine). The list is made with B = N / 100 and no posterior draws (--draws 0; each draw costs about
// 0.8 s at 10^6), and PLAN.json is written, as always.
// With --vs DIR, the same files are also given to the allot checked out at DIR (e.g. /work/main), in
// alternating rounds, so that the figures are paired on one machine at one load.
// Run: npx tsx test/bench/read-history.ts [N] [--rounds R] [--vs DIR]   (files are made once in $TMPDIR)
import { spawnSync } from 'node:child_process';
import { rmSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { historyFiles, WEEKS } from './history-files.ts';

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? undefined : args.splice(i, 2)[1];
};
const rounds = Number(flag('rounds') ?? 1);
const vs = flag('vs');
const N = Number(args[0] ?? 1_000_000);
const { dir, history, features } = await historyFiles(N);
const mb = (path: string) => `${(statSync(path).size / 1e6).toFixed(0)} MB`;

/** One `allot plan` in a fresh process under /usr/bin/time: wall and CPU seconds, peak RSS in MB. */
function run(root: string, label: string): { wall: number; cpu: number; rss: number } {
  const state = join(dir, `plan-${label}.json`);
  rmSync(state, { force: true });
  const cli = [
    'plan',
    '--register',
    history,
    '--features',
    features,
    '--reward',
    'state * (1 + agent_feats[1])',
    '--budget',
    String(N / 100),
    '--draws',
    '0',
    '--state',
    state,
  ];
  const r = spawnSync(
    '/usr/bin/time',
    ['-f', 'TIME %e %U %S %M', process.execPath, join(root, 'src/cli/allot.mjs'), ...cli],
    { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 },
  );
  const line = r.stderr.split('\n').find((l) => l.startsWith('TIME '));
  if (r.status !== 0 || !line) throw new Error(`${label}: allot plan failed (${r.status}):\n${r.stderr.slice(-2000)}`);
  const [wall, user, system, kb] = line.split(' ').slice(1).map(Number);
  rmSync(state, { force: true });
  return { wall, cpu: user + system, rss: kb / 1024 };
}

const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(', ');
console.log(
  `allot plan on ${N.toLocaleString('en')} beneficiaries x ${WEEKS} weeks: history ${mb(history)}, features ` +
    `${mb(features)}; B = ${N / 100}, --draws 0`,
);
const sides: [string, string][] = [
  ['this allot', resolve('.')],
  ...(vs ? [[`allot at ${vs}`, resolve(vs)] as [string, string]] : []),
];
for (let round = 1; round <= rounds; round++) {
  for (const [label, root] of round % 2 ? sides : [...sides].reverse()) {
    const before = load();
    const t = run(root, label.replace(/\W+/g, '-'));
    console.log(
      `round ${round}  ${label.padEnd(24)} ${t.wall.toFixed(1).padStart(6)} s wall  ` +
        `${t.cpu.toFixed(1).padStart(6)} s CPU  ${t.rss.toFixed(0).padStart(6)} MB peak RSS  (load ${before})`,
    );
  }
}
