import { describe, expect, test } from 'vitest';
import type { PolicySummary } from '../../../../src/core/measures/policy-summary.ts';
import type { RewardDiagnostics } from '../../../../src/core/reward/compile-reward.ts';
import { createDlmRun, type CandidateState, type DlmRunState } from '../../../../src/pipeline/dlm/dlm-run-state.ts';
import { createSclmRun } from '../../../../src/pipeline/sclm/sclm-run-state.ts';
import {
  candidateRecords,
  changedCandidates,
  runCandidates,
  validCandidates,
} from '../../../../src/state/runs/run-candidates.ts';

const diagnostics = (normalized: string): RewardDiagnostics => ({
  featuresUsed: [11],
  increasingInState: true,
  strictlyIncreasingArms: 48,
  nonnegative: true,
  range: [0, 2],
  normalized,
});
const summary = { totalUtility: 1 } as PolicySummary;

/** A DLM run with one round: a valid candidate, its duplicate, a pending one never asked and a failed one. */
function dlmRun(): DlmRunState {
  const run = createDlmRun('older mothers');
  const valid: CandidateState = {
    id: 'r0/c0',
    attempts: [{ reply: '$$$ a $$$' }],
    status: 'valid',
    expression: 'state*x',
    normalized: 'state*x',
  };
  const duplicate: CandidateState = {
    id: 'r0/c1',
    attempts: [{ reply: '$$$ b $$$' }],
    status: 'valid',
    expression: 'x*state',
    normalized: 'state*x',
    duplicateOf: 'r0/c0',
  };
  const pending: CandidateState = { id: 'r0/c2', attempts: [], status: 'pending' };
  const failed: CandidateState = {
    id: 'r0/c3',
    attempts: [{ reply: 'no', error: 'Write it between $$$.' }],
    status: 'failed',
  };
  run.rounds.push({ index: 0, candidates: [valid, duplicate, pending, failed], done: false });
  return run;
}

describe('runCandidates and validCandidates', () => {
  test('an SCLM run lists its generator, clause runs and baselines, in that order', () => {
    const sclm = createSclmRun('prioritize the old and the poor');
    sclm.generator = dlmRun();
    sclm.clauseRuns = { old: dlmRun() };
    sclm.baselines.zeroShot = dlmRun();
    const runs = runCandidates({ sclm });
    expect([...new Set(runs.map((r) => r.run))]).toEqual(['generator', 'clause:old', 'zero-shot']);
    expect(runs).toHaveLength(12);
  });

  test('the valid candidates leave out duplicates', () => {
    expect(validCandidates({ dlm: dlmRun() }).map((c) => c.id)).toEqual(['r0/c0']);
  });
});

describe('candidateRecords', () => {
  test('a candidate never asked for has no record; a failed one keeps its last error', () => {
    const records = candidateRecords('run', { dlm: dlmRun() }, {}, () => undefined, []);
    expect(records.map((r) => r.origin)).toEqual(['dlm/r0/c0', 'dlm/r0/c1', 'dlm/r0/c3']);
    expect(records[2].diagnostics).toEqual({ status: 'failed', attempts: 1, error: 'Write it between $$$.' });
    expect(records[1].diagnostics.duplicateOf).toBe('r0/c0');
  });

  test(
    'keeps the saved diagnostics of a candidate compiled before a reload, and takes fresh ones when ' + 'compiled here',
    () => {
      const saved = candidateRecords('run', { dlm: dlmRun() }, {}, diagnostics, []);
      const reopened = candidateRecords('run', { dlm: dlmRun() }, {}, () => undefined, saved);
      expect(reopened[0].diagnostics).toEqual(saved[0].diagnostics);
      expect(reopened[0].diagnostics.featuresUsed).toEqual([11]);
    },
  );

  test('gives every candidate of an expression the summary simulated for it', () => {
    const records = candidateRecords('run', { dlm: dlmRun() }, { 'state*x': summary }, diagnostics, []);
    expect(records.map((r) => r.summary)).toEqual([summary, summary, null]);
  });
});

describe('changedCandidates', () => {
  test('returns only the records that changed since they were written, and nothing the second time', () => {
    const written = new Map<number, string>();
    const run = dlmRun();
    const first = candidateRecords('run', { dlm: run }, {}, () => undefined, []);
    expect(changedCandidates(first, written)).toHaveLength(3);
    expect(changedCandidates(first, written)).toEqual([]);
    // Compiled on this page, then simulated: each is a change of the first record only.
    const compiled = candidateRecords(
      'run',
      { dlm: run },
      {},
      (n) => (n === 'state*x' ? diagnostics(n) : undefined),
      first,
    );
    expect(changedCandidates(compiled, written).map((r) => r.index)).toEqual([0, 1]);
    const simulated = candidateRecords('run', { dlm: run }, { 'state*x': summary }, diagnostics, compiled);
    expect(changedCandidates(simulated, written).map((r) => r.index)).toEqual([0, 1]);
  });

  test('a new attempt of a candidate, or a candidate moved to another index, is a change', () => {
    const written = new Map<number, string>();
    const run = dlmRun();
    changedCandidates(
      candidateRecords('run', { dlm: run }, {}, () => undefined, []),
      written,
    );
    run.rounds[0].candidates[2].attempts.push({ reply: 'x', error: 'no' });
    const records = candidateRecords('run', { dlm: run }, {}, () => undefined, []);
    // The pending candidate now has a record at index 2, and the failed one moves to index 3.
    expect(changedCandidates(records, written).map((r) => r.origin)).toEqual(['dlm/r0/c2', 'dlm/r0/c3']);
  });
});
