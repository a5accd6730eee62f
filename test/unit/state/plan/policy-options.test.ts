import { describe, expect, test } from 'vitest';
import type { RunRecord } from '../../../../src/storage/records.ts';
import type { AnyCandidateRecord, AnyRunRecord } from '../../../../src/state/run-records.ts';
import {
  describeSource,
  originInWords,
  policyOptions,
  selectedExpression,
} from '../../../../src/state/plan/policy-options.ts';

function run(
  kind: RunRecord['kind'],
  status: RunRecord['status'],
  checkpoint: unknown,
  config: unknown = {},
): AnyRunRecord {
  // Partial payloads, as a record read back: only what the options read.
  return {
    id: `r-${kind}`,
    kind,
    title: `${kind} run`,
    createdAt: Date.UTC(2026, 10, 12, 12),
    updatedAt: 0,
    status,
    populationId: 'p',
    prompt: '',
    config,
    checkpoint,
    transcript: [],
  } as RunRecord as AnyRunRecord;
}

const candidate = (
  index: number,
  expression: string,
  status = 'valid',
  origin = `dlm/r0/c${index}`,
): AnyCandidateRecord =>
  ({ runId: 'r', index, expression, origin, round: 0, diagnostics: { status }, summary: null }) as AnyCandidateRecord;

describe('the policies a plan can follow', () => {
  test('a candidate is named in words, never by its id', () => {
    expect(originInWords('generator/r1/c0', false)).toBe('round 2, candidate 1');
    expect(originInWords('dlm/r0/c3', false)).toBe('round 1, candidate 4');
    expect(originInWords('clause 2/r0/c1', false)).toBe('round 1, candidate 2 of clause 2');
    expect(originInWords('dial/1', true)).toBe("the trade-off dial's blend 1");
    expect(originInWords('default', false)).toBe('the default reward (state)');
  });

  test('a run that is not finished has no selected reward', () => {
    expect(selectedExpression(run('dlm', 'running', { dlm: { result: { expression: 'state * 2' } } }))).toBeNull();
    expect(selectedExpression(run('dlm', 'done', { summaries: {} }))).toBeNull();
  });

  test('a finished DLM run offers its pick first, then its other valid candidates once each', () => {
    const r = run('dlm', 'done', { dlm: { result: { expression: 'state * 2' } } });
    const options = policyOptions(r, [
      candidate(0, 'state * 2'),
      candidate(1, 'state + 1'),
      candidate(2, 'oops', 'failed'),
      candidate(3, 'state + 1'),
    ]);
    expect(options.map((o) => o.policy.expression)).toEqual(['state * 2', 'state + 1']);
    expect(options[0].policy.source).toEqual({ kind: 'run-selected', runId: 'r-dlm', runTitle: 'dlm run' });
    expect(describeSource(options[0].policy)).toBe('the selected reward of the run “dlm run”');
    expect(options[0].label).toBe('Run of 12 Nov 2026 “dlm run”: the reward it selected');
    expect(options[1].label).toBe('Run of 12 Nov 2026 “dlm run”: round 1, candidate 2');
  });

  test('a finished SCLM run offers the pick of the welfare function it leads with', () => {
    const sclm = {
      result: {
        pool: {
          candidates: [
            { id: 'a', expression: 'state' },
            { id: 'b', expression: 'state * (1 + agent_feats[0])' },
          ],
        },
        selections: [
          { label: 'utilitarian', candidate: 'a' },
          { label: 'egalitarian', candidate: 'b' },
        ],
      },
    };
    expect(selectedExpression(run('sclm', 'done', { sclm }, { welfare: 'egalitarian' }))).toBe(
      'state * (1 + agent_feats[0])',
    );
    expect(selectedExpression(run('sclm', 'done', { sclm }, { welfare: 'nash' }))).toBe('state');
  });

  test('a saved What-if comparison offers each of its candidates', () => {
    const options = policyOptions(run('what-if', 'done', null), [
      candidate(0, 'state', 'valid', 'default'),
      candidate(1, 'state * 3', 'valid', 'user'),
    ]);
    expect(options.map((o) => [o.label, o.policy.source])).toEqual([
      [
        'What-if of 12 Nov 2026 “what-if run”: the default reward (state)',
        { kind: 'run-candidate', runId: 'r-what-if', runTitle: 'what-if run', candidate: 'default' },
      ],
      [
        'What-if of 12 Nov 2026 “what-if run”: reward 1',
        { kind: 'run-candidate', runId: 'r-what-if', runTitle: 'what-if run', candidate: '1' },
      ],
    ]);
  });
});
