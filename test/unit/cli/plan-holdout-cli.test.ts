// `allot plan --holdout`: the randomized holdout through the real use-case (main(), the WASM engine,
// PLAN.json): the seeded split kept with the plan, both arms called at one rate, each call's arm, the
// MDE before the first week and the evidence after each applied week, against a count by hand.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { idUniform } from '../../../src/core/plan/holdout.ts';
import { tQuantile975 } from '../../../src/core/plan/holdout-evidence.ts';
import { runMain, runMainJson } from './run-main.ts';

const dir = mkdtempSync(join(tmpdir(), 'allot-holdout-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const at = (name: string) => join(dir, name);
const CREATE = [
  'plan',
  '--register',
  'sclm',
  '--arms',
  '800',
  '--weeks',
  '8',
  '--reward',
  'state',
  '--budget',
  '80',
  '--seed',
  '5',
  '--draws',
  '3',
];
type Call = { id: string; arm: string; chance?: number; reason: string };

/** Outcomes for the listed ids: called as listed; engaged by a fixed rule, and always after a call of the plan's. */
function outcomes(ids: string[], calls: Call[], week: number): string {
  const called = new Set(calls.map((c) => c.id)),
    byPlan = new Set(calls.filter((c) => c.arm === 'plan').map((c) => c.id));
  const row = (id: string, i: number) =>
    `${id},${called.has(id) ? 1 : 0},${(i * 7 + week) % 3 === 0 || byPlan.has(id) ? 1 : 0}`;
  return 'id,called,engaged\n' + ids.map(row).join('\n') + '\n';
}

describe('allot plan --holdout', () => {
  test(
    'splits by the seed, calls both arms at one rate, and states the MDE, then the evidence ' + 'week by week',
    async () => {
      const first = await runMainJson([...CREATE, '--holdout', '0.25', '--state', at('h.json')]);
      const file = JSON.parse(readFileSync(at('h.json'), 'utf8'));
      expect(file.settings.holdout).toEqual({ share: 0.25, rule: 'random', seed: 5, weeks: 12 });
      const ids: string[] = file.register.ids;
      const held = new Set(ids.filter((id) => idUniform(5, id) < 0.25));
      expect(held.size).toBeGreaterThan(150);
      expect(held.size).toBeLessThan(250);
      // every call's arm is her arm; the holdout's calls at the register's rate, after the plan's lines, without a
      // chance
      const calls: Call[] = first.calls;
      expect(calls).toHaveLength(80);
      for (const c of calls) expect(c.arm).toBe(held.has(c.id) ? 'holdout' : 'plan');
      const h = calls.filter((c) => c.arm === 'holdout');
      expect(h.length).toBe(Math.round((80 * held.size) / 800));
      expect(calls.slice(80 - h.length).every((c) => c.arm === 'holdout' && c.chance === undefined)).toBe(true);
      expect(h[0].reason).toBe('holdout: a random call, for the comparison');
      expect(calls.slice(0, 80 - h.length).every((c) => c.chance !== undefined)).toBe(true);
      expect(first.evidence).toMatchObject({
        weeks: 0,
        share: 0.25,
        rule: 'random',
        plan: null,
        holdout: null,
        effect: null,
        ci95: null,
        mde_weeks: 12,
      });
      expect(first.evidence.mde).toBeGreaterThan(0.01);
      expect(first.evidence.mde).toBeLessThan(0.3);
      const words =
        `with 800 mothers and 80 calls a week, 12 weeks can detect a difference of ` +
        `${(100 * first.evidence.mde).toFixed(1)} points or more`;
      expect(first.evidence.sentences[0]).toContain(words);
      // the text answer says it before the list
      const text = await runMain([...CREATE, '--holdout', '0.25', '--state', at('h-text.json')]);
      expect(text.stdout.split('\n')[1]).toContain(words);

      // two applied weeks: the evidence against a count by hand (y = her share of weeks engaged; Welch)
      const engaged = new Map<string, number>();
      let calls2 = calls;
      let out = first;
      for (const week of [8, 9]) {
        const csv = outcomes(ids, calls2, week);
        for (const line of csv.trim().split('\n').slice(1)) {
          const [id, , e] = line.split(',');
          engaged.set(id, (engaged.get(id) ?? 0) + Number(e));
        }
        writeFileSync(at(`w${week}.csv`), csv);
        out = await runMainJson(['plan', '--state', at('h.json'), '--outcomes', at(`w${week}.csv`)]);
        calls2 = out.calls;
      }
      const arm = (inHoldout: boolean) => {
        const ys = ids.filter((id) => held.has(id) === inHoldout).map((id) => engaged.get(id)! / 2);
        const mean = ys.reduce((a, b) => a + b, 0) / ys.length;
        const v = ys.reduce((a, y) => a + (y - mean) ** 2, 0) / (ys.length - 1);
        return { n: ys.length, mean, v, weeks: mean * 2 };
      };
      const p = arm(false),
        q = arm(true);
      const e = out.evidence;
      expect(e.weeks).toBe(2);
      expect(e.plan).toEqual({
        mothers: p.n,
        engaged_weeks: expect.closeTo(p.weeks, 12),
        share_engaged: expect.closeTo(p.mean, 12),
      });
      expect(e.holdout.mothers).toBe(q.n);
      expect(e.effect).toBeCloseTo(p.mean - q.mean, 12);
      const a = p.v / p.n,
        b = q.v / q.n;
      const df = (a + b) ** 2 / ((a * a) / (p.n - 1) + (b * b) / (q.n - 1));
      const half = tQuantile975(df) * Math.sqrt(a + b);
      expect(e.ci95[0]).toBeCloseTo(p.mean - q.mean - half, 12);
      expect(e.ci95[1]).toBeCloseTo(p.mean - q.mean + half, 12);
      // the plan's calls engaged by the rule above: the list does better, and says so
      expect(e.ci95[0]).toBeGreaterThan(0);
      expect(e.sentences[1]).toMatch(
        /^the difference is \+\d+\.\d points \(95% interval .*\): the list does better than the comparison/,
      );
      // the split held: nobody moved between arms
      for (const c of out.calls as Call[]) expect(c.arm).toBe(held.has(c.id) ? 'holdout' : 'plan');
    },
  );

  test(
    'the default rule calls the holdout by the state policy; bad values are refused, and a damaged ' +
      'holdout is named',
    async () => {
      const d = await runMainJson([
        ...CREATE,
        '--holdout',
        '0.2',
        '--holdout-rule',
        'default',
        '--holdout-weeks',
        '26',
        '--state',
        at('d.json'),
      ]);
      const h = (d.calls as Call[]).filter((c) => c.arm === 'holdout');
      expect(h.length).toBeGreaterThan(0);
      expect(h[0].reason).toBe("holdout: the default policy's call, for the comparison");
      expect(d.evidence).toMatchObject({ rule: 'default', mde_weeks: 26 });
      const bad = await runMain([...CREATE, '--holdout', '0.7', '--state', at('x.json')]);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('--holdout');
      const rule = await runMain([
        ...CREATE,
        '--holdout',
        '0.2',
        '--holdout-rule',
        'practice',
        '--state',
        at('x.json'),
      ]);
      expect(rule.code).toBe(2);
      expect(rule.stderr).toContain('--holdout-rule must be random, default or FILE.csv');
      const lone = await runMain([...CREATE, '--holdout-rule', 'default', '--state', at('x.json')]);
      expect(lone.code).toBe(2);
      expect(lone.stderr).toContain('--holdout-rule applies with --holdout SHARE');
      // a PLAN.json whose holdout was edited by hand is refused, naming the field
      const file = JSON.parse(readFileSync(at('d.json'), 'utf8'));
      file.settings.holdout.share = 2;
      writeFileSync(at('d.json'), JSON.stringify(file));
      writeFileSync(at('dw.csv'), outcomes(file.register.ids, d.calls, 8));
      const damaged = await runMain(['plan', '--state', at('d.json'), '--outcomes', at('dw.csv')]);
      expect(damaged.code).not.toBe(0);
      expect(damaged.stderr).toContain('"settings.holdout.share" must be a share above 0 and at most 0.5, not 2');
    },
  );
});
