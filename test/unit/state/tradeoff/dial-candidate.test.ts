// The dial's pick joins a run's pool: simulated as the run simulates its candidates, stored with the
// run in IndexedDB (fake-indexeddb) as made by the dial, read back after the store is closed and
// opened again (a reload), kept by the run's own candidate sync, and offered by the Plan screen.
import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, test } from 'vitest';
import { createNodeSimulator } from '../../../../src/cli/node-simulate.ts';
import { findGenerator } from '../../../../src/core/datasets/generators.ts';
import type { Instance } from '../../../../src/core/instance/types.ts';
import { summarizePolicy } from '../../../../src/core/measures/policy-summary.ts';
import { bucketCells } from '../../../../src/core/measures/trial-counts.ts';
import { compileReward } from '../../../../src/core/reward/compile-reward.ts';
import type { Simulate } from '../../../../src/core/simulation/simulate-port.ts';
import { dialExpression } from '../../../../src/core/tradeoff/dial-expression.ts';
import { createDlmRun } from '../../../../src/pipeline/dlm/dlm-run-state.ts';
import { openStore } from '../../../../src/storage/open-store.ts';
import type { RunRecord } from '../../../../src/storage/records.ts';
import { policyOptions } from '../../../../src/state/plan/policy-options.ts';
import { runRepository, type AnyRunRecord } from '../../../../src/state/run-records.ts';
import { candidateRecords, DIAL_INDEX_BASE, type DialProvenance } from '../../../../src/state/runs/run-candidates.ts';
import type { CandidateRow } from '../../../../src/state/runs/run-results.ts';
import { addDialCandidate } from '../../../../src/state/tradeoff/dial-candidate.ts';
import { dialNote, withDialScores } from '../../../../src/state/tradeoff/dial-rows.ts';

const NAME = `allot-dial-${process.pid}`;
const SETTINGS = { trials: 6, seed: 2 };
let simulate: Simulate;
let instance: Instance;

beforeAll(async () => {
  simulate = (await createNodeSimulator(1)).simulate;
  instance = findGenerator('multilingual')!.generate({ arms: 30, budget: 5 }, 3);
});

/** A finished DLM run with one valid LLM candidate. */
function dlm() {
  const run = createDlmRun('older mothers');
  run.rounds.push({
    index: 0,
    candidates: [
      {
        id: 'r0/c0',
        attempts: [{ reply: '$$$ x $$$' }],
        status: 'valid',
        expression: 'state * (1 + agent_feats[3])',
        normalized: 'state * (1 + agent_feats[3])',
      },
    ],
    done: true,
  });
  return run;
}
const record: RunRecord = {
  id: 'run-1',
  kind: 'dlm',
  title: 'Older mothers',
  createdAt: 0,
  updatedAt: 0,
  status: 'done',
  populationId: 'p',
  prompt: 'older mothers',
  config: {},
  checkpoint: { summaries: {} },
  transcript: [],
};

describe('a dial candidate in the run pool', () => {
  test('is simulated like the run’s candidates, stored as made by the dial, and survives a reload', async () => {
    const expression = dialExpression('state * (1 + agent_feats[3])', 0.4, instance.schema);
    const dial: DialProvenance = {
      of: 'dlm/r0/c0',
      reward: 'state * (1 + agent_feats[3])',
      lambda: 0.4,
      maxLoss: 0.02,
      engagementLoss: 0.011,
      engagementLossSe: 0.003,
    };
    let { store } = await openStore({ name: NAME });
    const runs = () => runRepository(() => store);
    await store.putRun(record);
    const llm = candidateRecords(record.id, { dlm: dlm() }, {}, () => undefined, []);
    for (const r of llm) await runs().putCandidate(r);

    const added = await addDialCandidate({
      store,
      simulate,
      runId: record.id,
      instance,
      settings: SETTINGS,
      saved: llm,
      expression,
      dial,
    });
    expect(added).toMatchObject({
      origin: 'dial/1',
      index: DIAL_INDEX_BASE,
      expression,
      diagnostics: { status: 'valid', attempts: 0, dial, normalized: expression },
    });
    // the summary is the one the run would have stored for this reward (its seed, trials, per-step series and tallies)
    const compiled = compileReward(expression, instance);
    if (!compiled.ok) throw new Error(compiled.error.message);
    const occupancy = await simulate({
      instance,
      rewards: compiled.table,
      policy: 'whittle',
      trials: SETTINGS.trials,
      seed: SETTINGS.seed,
      perStep: true,
      tally: bucketCells(instance),
    });
    expect(added.summary).toEqual(
      summarizePolicy(occupancy, instance, compiled.table, compiled.diagnostics.featuresUsed),
    );

    // a reload: the store closed and opened again
    (store as unknown as { close(): void }).close();
    ({ store } = await openStore({ name: NAME }));
    const reloaded = await runs().candidates(record as AnyRunRecord);
    expect(reloaded.map((r) => r.origin)).toEqual(['dlm/r0/c0', 'dial/1']);
    expect(reloaded[1]).toEqual(added);

    // the run's own sync of its LLM candidates keeps it; a second pick is numbered after it
    expect(
      candidateRecords(record.id, { dlm: dlm() }, {}, () => undefined, reloaded as never).map((r) => r.origin),
    ).toEqual(['dlm/r0/c0', 'dial/1']);
    const second = await addDialCandidate({
      store,
      simulate,
      runId: record.id,
      instance,
      settings: SETTINGS,
      saved: reloaded as never,
      expression: 'state',
      dial: { ...dial, lambda: 0 },
    });
    expect([second.origin, second.index]).toEqual(['dial/2', DIAL_INDEX_BASE + 1]);

    // the Plan screen lists it among the run's candidates, as the policy of a plan
    const options = policyOptions(record as AnyRunRecord, await runs().candidates(record as AnyRunRecord));
    const option = options.find((o) => o.policy.expression === expression);
    expect(option?.label).toMatch(/: the trade-off dial's blend 1$/);
    expect(option?.policy.source).toEqual({
      kind: 'run-candidate',
      runId: 'run-1',
      runTitle: 'Older mothers',
      candidate: 'dial/1',
    });
    expect(dialNote(added)).toBe(
      'dial/1: made by the trade-off dial, not written by the LLM: dlm/r0/c0 blended with the default at λ 0.4 ' +
        '(engagement loss 1.1%, within the 2.0% accepted).',
    );
  });

  test('shows its stored clause scores, and their welfare, in an SCLM run’s table', () => {
    const row = { origin: 'dial/1', scores: null, welfare: null } as unknown as CandidateRow;
    const records = [
      {
        runId: 'r',
        index: DIAL_INDEX_BASE,
        origin: 'dial/1',
        expression: 'state',
        round: 0,
        summary: null,
        diagnostics: {
          status: 'valid' as const,
          attempts: 0,
          dial: {
            of: 'x',
            reward: 'state',
            lambda: 1,
            maxLoss: 0,
            engagementLoss: 0,
            engagementLossSe: null,
            clauseScores: [1, 0.25],
          },
        },
      },
    ];
    const sclm = {
      clauses: [
        { name: 'a', kind: 'simulator' as const, rule: 'ratio' as const },
        { name: 'b', kind: 'utility' as const, rule: 'range' as const },
      ],
      selections: [{ label: 'utilitarian' }, { label: 'egalitarian' }, { label: 'nash' }],
    } as never;
    const [out] = withDialScores([row], records, sclm);
    expect(out.scores).toEqual([1, 0.25]);
    expect(out.welfare).toEqual({ utilitarian: 0.625, egalitarian: 0.25, nash: 0.5 });
    expect(withDialScores([row], records, undefined)[0]).toBe(row);
  });
});
