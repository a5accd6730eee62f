import { describe, expect, test } from 'vitest';
import type { RunRecord } from '../../../src/storage/records.ts';
import { parseRunJson, runToJson, type RunBundle } from '../../../src/state/run-file.ts';

function bundle(extra: Partial<RunRecord> = {}): RunBundle {
  const run: RunRecord = {
    id: 'r1',
    kind: 'what-if',
    title: 'What-if',
    createdAt: 1,
    updatedAt: 2,
    status: 'done',
    populationId: 'generator:dlm',
    prompt: '',
    config: { seed: 3 },
    checkpoint: null,
    transcript: [],
    ...extra,
  };
  return {
    format: 'allot-run',
    version: 1,
    run,
    candidates: [
      {
        runId: 'r1',
        index: 0,
        expression: 'state',
        origin: 'default',
        round: 0,
        diagnostics: null,
        summary: { occ: new Float64Array([0.1, 1 / 3, NaN, -Infinity, 5e-324]), counts: new Int32Array([1, -2]) },
      },
    ],
    result: null,
  };
}

describe('a run file', () => {
  test('gives back every typed array exactly, NaN and infinities included', () => {
    const back = parseRunJson(runToJson(bundle()), 'run.json');
    const summary = back.candidates[0].summary as { occ: Float64Array; counts: Int32Array };
    expect(summary.occ).toBeInstanceOf(Float64Array);
    expect(Array.from(summary.occ)).toEqual([0.1, 1 / 3, NaN, -Infinity, 5e-324]);
    expect(summary.counts).toEqual(new Int32Array([1, -2]));
    expect(back.run).toEqual(bundle().run);
  });

  test('is refused on export when any string is shaped like a provider key', () => {
    expect(() => runToJson(bundle({ prompt: 'use sk-ant-abcdefghijklmnopqrstuvwxyz012345' }))).toThrow(
      /\$\.run\.prompt looks like an API key/,
    );
  });

  test('is refused on export when it holds the key the user typed, whatever its shape', () => {
    expect(() =>
      runToJson(bundle({ transcript: [{ headers: 'Bearer my-local-secret-9' }] }), ['my-local-secret-9']),
    ).toThrow(/\$\.run\.transcript\[0\]\.headers holds your API key/);
  });

  test('names the line and column of a JSON syntax error', () => {
    expect(() => parseRunJson('{\n  "format": "allot-run",\n  oops\n}', 'mine.json')).toThrow(
      /^mine\.json: not valid JSON at line 3, column 3/,
    );
  });

  test('names the field that is wrong', () => {
    const text = runToJson(bundle()).replace('"status": "done"', '"status": "finished"');
    expect(() => parseRunJson(text, 'mine.json')).toThrow(
      /^mine\.json: "run\.status" must be running, paused, failed or done, not "finished"/,
    );
    expect(() => parseRunJson('{"format":"allot-instance"}', 'x.json')).toThrow(
      /"format" must be "allot-run", not "allot-instance"/,
    );
  });

  test('is refused on import when it holds a key', () => {
    const text = runToJson(bundle()).replace('"prompt": ""', '"prompt": "AIzaSyA1234567890abcdefghijklmnopqrstuv"');
    expect(() => parseRunJson(text, 'x.json')).toThrow(
      /^x\.json: Refused .*Remove it from the file and import again\.$/,
    );
  });
});
