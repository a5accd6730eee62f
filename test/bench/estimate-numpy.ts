// Issue 28, item 4: estimating the transitions (estimate-transitions.ts) beside its numpy twin
// (estimate_numpy.py, the same estimator formula for formula). First the check: both estimate the same
// registers (a sample of each built-in population, one with missing weeks, one with the register-wide
// prior) and the largest differences of alpha, beta and the transitions are printed (exit 1 above 1e-9).
// Then the speed at --arms dlm beneficiaries with 26 simulated weeks (10 % called a week), in interleaved
// rounds. Both are given the register's buckets per feature group (computed once per register).
// Run: npx tsx test/bench/estimate-numpy.ts [--arms 1000000] [--rounds 7] [--check-arms 20000] [--no-check]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { planeBytes } from '../../src/core/plan/bit-plane.ts';
import { groupBuckets } from '../../src/core/measures/group-buckets.ts';
import { estimateTransitions } from '../../src/core/plan/estimate-transitions.ts';
import { generatedRegister } from '../../src/core/plan/generated-register.ts';
import { MISSING, type Register } from '../../src/core/plan/register.ts';
import { seededRandom } from '../../src/core/random/seeded-random.ts';
import { interleaved, load, PYTHON, PythonTwin, runPython, timeHere } from './numpy-twin.ts';
import { weekBytes } from '../../src/core/plan/week-states.ts';

const { values: opt } = parseArgs({
  options: {
    arms: { type: 'string', default: '1000000' },
    rounds: { type: 'string', default: '7' },
    'check-arms': { type: 'string', default: '20000' },
    'no-check': { type: 'boolean', default: false },
  },
});
const script = fileURLToPath(new URL('./estimate_numpy.py', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'allot-estimate-'));

/** Writes the register's history and buckets where estimate_numpy.py reads them. */
function writeInput(register: Register, groupBy: string | null, folder: string): void {
  const { numArms: N, schema, features, history } = register;
  const join8 = (weeks: Uint8Array[]) => {
    const out = new Uint8Array(weeks.length * N);
    weeks.forEach((w, i) => out.set(w, i * N));
    return out;
  };
  writeFileSync(join(folder, 'states.u8'), join8(history.states.map(weekBytes)));
  writeFileSync(join(folder, 'called.u8'), join8(history.called.map(planeBytes)));
  const buckets = groupBuckets(schema, features, N);
  const all = new Int16Array(buckets.length * N);
  buckets.forEach((b, g) => all.set(b, g * N));
  writeFileSync(join(folder, 'buckets.i16'), all);
  const meta = {
    numArms: N,
    weeks: history.states.length,
    counts: schema.groups.map((g) => g.buckets.length),
    groupBy: groupBy === null ? -1 : schema.groups.findIndex((g) => g.name === groupBy),
    minGroupArms: 20,
  };
  writeFileSync(join(folder, 'meta.json'), JSON.stringify(meta));
}

const f64 = (path: string) => new Float64Array(readFileSync(path).buffer.slice(0));

function check(): boolean {
  const N = Number(opt['check-arms']);
  const cases: [string, Record<string, number>, string | null, number, boolean][] = [
    ['dlm', { arms: N, sample: 48 }, 'Ages', 0.1, false],
    ['dlm', { arms: N, sample: 48 }, null, 0.33, true],
    ['sclm', { arms: N, budget: N / 10 }, 'Feature A', 0.1, false],
    ['multilingual', { arms: N, budget: N / 10 }, 'Age', 0.33, true],
  ];
  let worst = 0;
  for (const [name, parameters, groupBy, rate, missing] of cases) {
    const { register } = generatedRegister(name, parameters, 3, { weeks: 26, callsPerWeek: Math.round(N * rate) });
    if (missing) {
      const random = seededRandom(5);
      register.history.states = register.history.states.map((w) => {
        const week = weekBytes(w).slice();
        for (let arm = 0; arm < N; arm++) if (random.next() < 0.05) week[arm] = MISSING;
        return week;
      });
    }
    writeInput(register, groupBy, tmp);
    const ours = estimateTransitions(register.history, register.schema, register.features, N, { groupBy });
    const largest = (exact: boolean) => {
      runPython([script, tmp, '--out', tmp, ...(exact ? ['--exact'] : [])]);
      let d = 0;
      for (const key of ['alpha', 'beta', 'transitions'] as const) {
        const theirs = f64(join(tmp, `${key}.f64`));
        for (let i = 0; i < theirs.length; i++)
          d = Math.max(d, Math.abs(theirs[i] - ours[key][i]) / Math.max(1, Math.abs(theirs[i])));
      }
      return d;
    };
    const exact = largest(true),
      own = largest(false);
    worst = Math.max(worst, exact);
    console.log(
      `check ${name}, ${N.toLocaleString('en')} beneficiaries, prior group ${groupBy ?? '(none)'}, ${rate * 100} % ` +
        `called a week${missing ? ', 5 % of weeks missing' : ''}: largest difference of alpha, beta, transitions ` +
        `${exact.toExponential(1)} (with numpy's log and exp: ${own.toExponential(1)})`,
    );
  }
  console.log(
    `(relative where a value exceeds 1; ${worst <= 1e-9 ? 'all within 1e-9' : 'OVER 1e-9'}. With numpy's own log ` +
      `the flat likelihood's top moves the fitted priors by ~1e-7: v8_math.py)`,
  );
  return worst <= 1e-9;
}

try {
  console.log(`(Node ${process.version}, ${PYTHON}; ${cpus().length} cores; load ${load()})`);
  const ok = opt['no-check'] || check();
  const N = Number(opt.arms);
  const made = performance.now();
  const { register } = generatedRegister('dlm', { arms: N, sample: 48 }, 1, {
    weeks: 26,
    callsPerWeek: Math.round(N / 10),
  });
  console.log(
    `(register: ${N.toLocaleString('en')} dlm beneficiaries, 26 simulated weeks, 10 % called a week; made in ` +
      `${((performance.now() - made) / 1000).toFixed(1)} s)`,
  );
  writeInput(register, 'Ages', tmp);
  const twin = new PythonTwin([script, tmp]);
  const versions = await twin.versions();
  console.log(`(numpy ${versions.numpy}, Python ${versions.python})`);
  const ours = () =>
    timeHere(() => estimateTransitions(register.history, register.schema, register.features, N, { groupBy: 'Ages' }));
  ours();
  await twin.run(); // warm-up on both sides
  await interleaved(
    `estimate transitions, ${N.toLocaleString('en')} histories of 26 weeks, prior group Ages`,
    Number(opt.rounds),
    ours,
    () => twin.run(),
  );
  twin.close();
  if (!ok) process.exitCode = 1;
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
