// Issue 28, item 2: a posterior draw at --arms beneficiaries beside numpy's Beta sampler on the same
// parameters (beta_numpy.py: Generator.beta over the 4 x N posterior rows). The posterior is the plan's:
// a dlm register of 26 simulated weeks (10 % called a week) estimated with its default prior group.
// Timed in interleaved rounds: the engine's Beta sampler alone, then a whole posterior draw (the Beta
// draws and each beneficiary's Whittle index under them, fused in WASM memory). Last, 20 draws as the
// plan worker counts them (each draw's top-B counted), timed once.
// Run: npx tsx test/bench/beta-numpy.ts [--arms 1000000] [--rounds 7]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { estimateTransitions } from '../../src/core/plan/estimate-transitions.ts';
import { generatedRegister } from '../../src/core/plan/generated-register.ts';
import { listRules, tieDraw } from '../../src/core/plan/list-rules.ts';
import { MembershipCount, posteriorDrawIndex } from '../../src/core/plan/posterior-draws.ts';
import { defaultPriorGroup, PLAN_DEFAULTS } from '../../src/core/plan/plan-settings.ts';
import { currentWeek } from '../../src/core/plan/register.ts';
import { betaSampler, planIndexFunction } from '../../src/engine/beta-sampler.ts';
import { loadEngineNode } from '../../src/engine/load-node.ts';
import { interleaved, load, PYTHON, PythonTwin, timeHere } from './numpy-twin.ts';

const { values: opt } = parseArgs({
  options: { arms: { type: 'string', default: '1000000' }, rounds: { type: 'string', default: '7' } },
});
const N = Number(opt.arms),
  rounds = Number(opt.rounds);
const script = fileURLToPath(new URL('./beta_numpy.py', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'allot-beta-'));

try {
  console.log(`(Node ${process.version}, ${PYTHON}; ${cpus().length} cores; load ${load()})`);
  const weeks = { weeks: 26, callsPerWeek: Math.round(N / 10) };
  const { register } = generatedRegister('dlm', { arms: N, sample: 48 }, 1, weeks);
  const priorGroup = defaultPriorGroup(register.schema);
  const { history, schema, features } = register;
  const posterior = estimateTransitions(history, schema, features, N, { groupBy: priorGroup });
  const { alpha, beta } = posterior;
  let small = 0;
  for (let c = 0; c < alpha.length; c++) if (alpha[c] < 1 || beta[c] < 1) small++;
  const rows = alpha.length.toLocaleString('en'),
    few = ((100 * small) / alpha.length).toFixed(1);
  console.log(
    `(posterior: ${N.toLocaleString('en')} dlm beneficiaries, 26 weeks, prior group ${priorGroup}; ` +
      `${rows} Beta rows, ${few} % with a shape below 1)`,
  );
  writeFileSync(join(tmp, 'alpha.f64'), alpha);
  writeFileSync(join(tmp, 'beta.f64'), beta);
  const twin = new PythonTwin([script, tmp]);
  const versions = await twin.versions();
  console.log(`(numpy ${versions.numpy}, Python ${versions.python})`);

  const engine = await loadEngineNode(),
    whittle = planIndexFunction(engine);
  const out = new Float64Array(alpha.length * 2);
  let seed = 0;
  const sampler = () => timeHere(() => betaSampler(engine.kernels)(alpha, beta, seed++, out));
  sampler();
  const reference = await twin.run(); // warm-up on both sides
  let mean = 0;
  for (let c = 0; c < alpha.length; c++) mean += out[2 * c + 1];
  const theirs = (reference.mean as number).toFixed(6);
  console.log(`(mean of one draw's ${rows} Betas: allot ${(mean / alpha.length).toFixed(6)}, numpy ${theirs})`);
  await interleaved(`the Beta sampler, ${rows} Beta draws`, rounds, sampler, () => twin.run());

  const budget = Math.round(N / 10);
  const settings = { ...PLAN_DEFAULTS, reward: 'state', budget, exclude: [], shares: [], seed: 0, priorGroup };
  const rules = listRules(register, settings, currentWeek(register.history), posterior);
  const { random } = tieDraw(rules.tieSeed, N);
  const draw = () => timeHere(() => posteriorDrawIndex(posterior, rules, whittle, random));
  const label = `a posterior draw (the Beta draws and the indices), ${N.toLocaleString('en')} beneficiaries`;
  await interleaved(label, rounds, draw, () => twin.run());
  twin.close();

  const count = new MembershipCount(rules.top, N),
    loadBefore = load();
  const twenty = timeHere(() => {
    const stream = tieDraw(rules.tieSeed, N).random;
    for (let k = 0; k < 20; k++) count.add(posteriorDrawIndex(posterior, rules, whittle, stream));
  });
  const s = (ms: number) => (ms / 1000).toFixed(2);
  console.log(
    `20 posterior draws with their top-${budget.toLocaleString('en')} counted: wall ${s(twenty.wallMs)} s, ` +
      `CPU ${s(twenty.cpuMs)} s (load ${loadBefore} before, ${load()} after)`,
  );
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
