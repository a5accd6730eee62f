import { describe, expect, test } from 'vitest';
import {
  describeDlmEvent,
  describeSclmEvent,
  explainPause,
  nothingDone,
  phaseOnOpening,
} from '../../../../src/state/runs/run-events.ts';

describe('the run log', () => {
  test('says which candidate was refused and why, one line per event, numbering rounds from 1', () => {
    expect(
      describeDlmEvent({ type: 'candidate', id: 'r0/c1', status: 'refused', error: 'Write it between $$$.' }),
    ).toBe('Candidate r0/c1 was refused: Write it between $$$.');
    expect(describeDlmEvent({ type: 'picked', round: 0, id: null, reason: 'no valid candidate' })).toBe(
      'Round 1: no pick (no valid candidate)',
    );
    expect(
      describeSclmEvent({
        type: 'dlm',
        run: 'generator',
        event: { type: 'simulated', id: 'r0/c0', normalized: 'state' },
      }),
    ).toBe('generator: Simulated candidate r0/c0');
    expect(describeDlmEvent({ type: 'paused', reason: 'x' })).toBeNull();
  });
});

describe('a run as its page opens', () => {
  test('a run saved as running was interrupted: it shows as paused, with what resuming does', () => {
    expect(phaseOnOpening({ status: 'running' }, false)).toEqual({
      phase: 'paused',
      message: expect.stringContaining('nothing already answered is asked again'),
    });
  });

  test('a paused SCLM run waiting for its clauses shows the clause editor', () => {
    expect(phaseOnOpening({ status: 'paused', statusMessage: 'Waiting for you to accept the clauses.' }, true)).toEqual(
      { phase: 'awaiting-clauses', message: 'Waiting for you to accept the clauses.' },
    );
    expect(phaseOnOpening({ status: 'done' }, true)).toEqual({ phase: 'done', message: null });
  });

  test('a pause reason becomes advice; a cancel says so', () => {
    expect(explainPause('The operation was aborted.')).toBe('Cancelled by you. Resume to continue where it stopped.');
    expect(explainPause('The provider is overloaded (529).')).toMatch(
      /^Paused: The provider is overloaded \(529\)\. When that is fixed, resume/,
    );
  });
});

describe('a run with nothing done yet', () => {
  test('starts on opening only when no step, no rewrite and no LLM call is recorded and it has not ended', () => {
    expect(nothingDone({ status: 'paused' }, {}, 0)).toBe(true);
    expect(nothingDone({ status: 'paused' }, {}, 1)).toBe(false);
    expect(nothingDone({ status: 'paused' }, { rewrite: {} }, 0)).toBe(false);
    expect(nothingDone({ status: 'failed' }, {}, 0)).toBe(false);
  });
});
