import { describe, expect, test } from 'vitest';
import type { CandidateRecord, RunRecord } from '../../../../src/storage/records.ts';
import { describeSource, policyOptions, selectedExpression } from '../../../../src/state/plan/policy-options.ts';

function run(kind: RunRecord['kind'], status: RunRecord['status'], checkpoint: unknown, config: unknown = {}): RunRecord {
  return { id: `r-${kind}`, kind, title: `${kind} run`, createdAt: 0, updatedAt: 0, status, populationId: 'p', prompt: '', config, checkpoint, transcript: [] };
}

const candidate = (index: number, expression: string, status = 'valid', origin = `dlm/r0/c${index}`): CandidateRecord => ({ runId: 'r', index, expression, origin, round: 0, diagnostics: { status }, summary: null });

describe('the policies a plan can follow', () => {
  test('a run that is not finished has no selected reward', () => {
    expect(selectedExpression(run('dlm', 'running', { dlm: { result: { expression: 'state * 2' } } }))).toBeNull();
    expect(selectedExpression(run('dlm', 'done', { summaries: {} }))).toBeNull();
  });

  test('a finished DLM run offers its pick first, then its other valid candidates once each', () => {
    const r = run('dlm', 'done', { dlm: { result: { expression: 'state * 2' } } });
    const options = policyOptions(r, [candidate(0, 'state * 2'), candidate(1, 'state + 1'), candidate(2, 'oops', 'failed'), candidate(3, 'state + 1')]);
    expect(options.map((o) => o.policy.expression)).toEqual(['state * 2', 'state + 1']);
    expect(options[0].policy.source).toEqual({ kind: 'run-selected', runId: 'r-dlm', runTitle: 'dlm run' });
    expect(describeSource(options[0].policy)).toBe('the selected reward of the run “dlm run”');
    expect(options[1].label).toContain('candidate dlm/r0/c1');
  });

  test('a finished SCLM run offers the pick of the welfare function it leads with', () => {
    const sclm = { result: { pool: { candidates: [{ id: 'a', expression: 'state' }, { id: 'b', expression: 'state * (1 + agent_feats[0])' }] }, selections: [{ label: 'utilitarian', candidate: 'a' }, { label: 'egalitarian', candidate: 'b' }] } };
    expect(selectedExpression(run('sclm', 'done', { sclm }, { welfare: 'egalitarian' }))).toBe('state * (1 + agent_feats[0])');
    expect(selectedExpression(run('sclm', 'done', { sclm }, { welfare: 'nash' }))).toBe('state');
  });

  test('a saved What-if comparison offers each of its candidates', () => {
    const options = policyOptions(run('what-if', 'done', null), [candidate(0, 'state', 'valid', 'default'), candidate(1, 'state * 3', 'valid', 'user')]);
    expect(options.map((o) => [o.label.split(':')[0], o.policy.source])).toEqual([
      ['What-if candidate 0 of “what-if run”', { kind: 'run-candidate', runId: 'r-what-if', runTitle: 'what-if run', candidate: 'default' }],
      ['What-if candidate 1 of “what-if run”', { kind: 'run-candidate', runId: 'r-what-if', runTitle: 'what-if run', candidate: '1' }],
    ]);
  });
});
