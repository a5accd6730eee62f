// How many of a week's calls are borderline (on the list in 20-80% of the posterior draws), and whether
// the chances mean what they say: on registers simulated with 26 weeks of history (true transitions
// known), each list's mean chance beside the share of its calls that are in the list planned on the
// true transitions (the same rules), and that share per band of chance. A calibrated chance has the
// two equal; the borderline count is then what the history can and cannot tell.
// Run: npx tsx test/bench/plan-borderline.ts [arms=3000] [budget=300] [draws=20] [seeds=1,2] (WEEKS=104: longer
// histories)
import { isBorderline } from '../../src/core/plan/borderline.ts';
import { constrainedTopB } from '../../src/core/plan/constrained-top-b.ts';
import { generatedRegister } from '../../src/core/plan/generated-register.ts';
import { listRules } from '../../src/core/plan/list-rules.ts';
import { defaultPriorGroup } from '../../src/core/plan/plan-settings.ts';
import { planPosterior } from '../../src/core/plan/plan-state.ts';
import { currentIndex } from '../../src/core/plan/posterior-draws.ts';
import { currentWeek } from '../../src/core/plan/register.ts';
import { buildWeeklyList } from '../../src/core/plan/weekly-list.ts';
import { loadEngineNode } from '../../src/engine/load-node.ts';

const N = Number(process.argv[2] ?? 3000),
  B = Number(process.argv[3] ?? 300),
  draws = Number(process.argv[4] ?? 20);
const seeds = (process.argv[5] ?? '1,2').split(',').map(Number);
const WEEKS = Number(process.env.WEEKS ?? 26);
const engine = await loadEngineNode();
const whittle = (t: Float64Array, r: Float64Array, S: number, d: number) => engine.whittleIndices(t, r, S, d).indices;

// The history's calls a week: the register's own budget (dlm: a third of the register), or 10 %.
const CASES = [
  { name: 'dlm', reward: 'state * (1 + 2 * agent_feats.age_51_60)', callsPerWeek: undefined },
  { name: 'dlm', reward: 'state', callsPerWeek: undefined },
  { name: 'dlm', reward: 'state * (1 + 2 * agent_feats.age_51_60)', callsPerWeek: Math.round(N / 10) },
  { name: 'sclm', reward: 'state', callsPerWeek: Math.round(N / 10) },
  { name: 'multilingual', reward: 'state', callsPerWeek: Math.round(N / 10) },
  { name: 'multilingual', reward: 'state', callsPerWeek: Math.round(N / 3) },
];

console.log(`${N} beneficiaries, ${WEEKS} weeks of history, ${B} calls, ${draws} posterior draws`);
console.log(
  'population    calls/week  reward                                    seed  borderline  below 20%  mean chance  ' +
    'in true list  (by chance 0-20/20-40/40-60/60-80/80-100%: lines, share in true list)',
);
for (const c of CASES) {
  for (const seed of seeds) {
    const { register, truth } = generatedRegister(c.name, { arms: N }, seed, {
      weeks: WEEKS,
      callsPerWeek: c.callsPerWeek,
    });
    const settings = {
      reward: c.reward,
      budget: B,
      exclude: [],
      cooldown: 0,
      shares: [],
      seed,
      draws,
      priorGroup: defaultPriorGroup(register.schema),
      level: 0.9,
    };
    const posterior = planPosterior(register, settings.priorGroup);
    const week = currentWeek(register.history);
    const list = buildWeeklyList(register, settings, week, { whittle, posterior });
    const rules = listRules(register, settings, week, posterior);
    const truly = new Set(constrainedTopB({ index: currentIndex(rules, whittle, truth), ...rules.top }).arms);
    const m = Array.from(list.membership);
    const bands = [0, 1, 2, 3, 4].map((b) => {
      const lines = m.map((x, j) => ({ x, j })).filter(({ x }) => Math.min(4, Math.floor(x * 5)) === b);
      const hit = lines.filter(({ j }) => truly.has(list.arms[j])).length;
      return lines.length ? `${lines.length} ${(hit / lines.length).toFixed(2)}` : '0 -';
    });
    const inTrue = Array.from(list.arms).filter((a) => truly.has(a)).length / B;
    const cells = [
      c.name.padEnd(12),
      String(c.callsPerWeek ?? register.budget).padStart(10),
      c.reward.padEnd(40),
      String(seed).padStart(5),
      String(m.filter(isBorderline).length).padStart(10),
      String(m.filter((x) => x < 0.2).length).padStart(9),
      (m.reduce((a, b) => a + b, 0) / B).toFixed(2).padStart(11),
      inTrue.toFixed(2).padStart(12),
    ];
    console.log(`${cells.join('  ')}  ${bands.join(' / ')}`);
  }
}
