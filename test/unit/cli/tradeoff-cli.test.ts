import { describe, expect, test } from 'vitest';
import { runMain, runMainJson } from './run-main.ts';

const SMALL = [
  '--population',
  'multilingual',
  '--population-arms',
  '60',
  '--budget',
  '8',
  '--points',
  '5',
  '--trials',
  '12',
  '--seed',
  '3',
];

describe('allot tradeoff', () => {
  test('--json prints the points, the chosen lambda with its expression and loss, and the baselines', async () => {
    const out = await runMainJson([
      'tradeoff',
      ...SMALL,
      '--reward',
      'state * (1 + 3 * agent_feats[0])',
      '--max-loss',
      '0.05',
    ]);
    expect(out.points.map((p: { lambda: number }) => p.lambda)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    for (const p of out.points)
      for (const key of ['lambda', 'engagement', 'engagement_se', 'priority']) expect(p).toHaveProperty(key);
    expect(Object.keys(out.chosen)).toEqual(expect.arrayContaining(['lambda', 'expression', 'engagement_loss']));
    expect(out.chosen.engagement_loss).toBeLessThanOrEqual(0.05);
    const at = out.points.find((p: { lambda: number }) => p.lambda === out.chosen.lambda);
    expect(out.chosen.engagement_loss).toBeCloseTo(1 - at.engagement / out.points[0].engagement, 12);
    expect(out.baselines.map((b: { name: string }) => b.name)).toEqual(['group quotas', 'minimax (water-filling)']);
    for (const b of out.baselines) {
      expect(b).toHaveProperty('engagement');
      expect(b.bounds_held).toBe(true);
      const shares = Object.values(Object.values(b.calls_by_group)[0] as Record<string, number>);
      expect(shares.reduce((x, y) => x + y, 0)).toBeCloseTo(1, 9);
    }
  });

  test('the chosen expression, simulated on its own, gives the engagement of its point', async () => {
    const out = await runMainJson([
      'tradeoff',
      ...SMALL,
      '--reward',
      'state * (1 + 3 * agent_feats[0])',
      '--max-loss',
      '0.5',
      '--no-baselines',
    ]);
    const sim = await runMainJson([
      'simulate',
      '--population',
      'multilingual',
      '--population-arms',
      '60',
      '--budget',
      '8',
      '--trials',
      '12',
      '--seed',
      '3',
      '--reward',
      out.chosen.expression,
      '--workers',
      '1',
    ]);
    const at = out.points.find((p: { lambda: number }) => p.lambda === out.chosen.lambda);
    expect(sim.engaged_sum / (60 * 12 * 12)).toBeCloseTo(at.engagement, 12);
  });

  test('refuses a reward that does not parse and an unknown group, saying where', async () => {
    const bad = await runMain(['tradeoff', ...SMALL, '--reward', 'state * (1 +']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--reward:');
    const group = await runMain(['tradeoff', ...SMALL, '--reward', 'state', '--group', 'Nope']);
    expect(group.code).toBe(2);
    expect(group.stderr).toContain('"Nope" is not a feature group');
  });
});
