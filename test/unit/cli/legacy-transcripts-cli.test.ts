// Transcripts recorded by `allot` before the one ask step (test/fixtures/legacy-transcripts/) still
// replay: `evaluate dlm --replay` with every request hash matching, and `study language --replay`,
// whose rewrite and translation fed refused replies back in the old wording, to the same table.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { createNodeSimulator } from '../../../src/cli/node-simulate.ts';
import { findGenerator } from '../../../src/core/datasets/generators.ts';
import { DLM_NEURIPS_TASKS } from '../../../src/core/tasks/dlm-neurips-tasks.ts';
import { ReplayProvider } from '../../../src/llm/replay-provider.ts';
import { Transcript, type TranscriptEntry } from '../../../src/llm/transcript.ts';
import { evaluateDlm } from '../../../src/pipeline/dlm/evaluate-dlm.ts';
import { EvaluationProtocol } from '../../../src/pipeline/dlm/evaluation-protocol.ts';
import { runMainJson } from './run-main.ts';

const fixture = (name: string) => new URL(`../../fixtures/legacy-transcripts/${name}`, import.meta.url).pathname;
const read = (name: string) => JSON.parse(readFileSync(fixture(name), 'utf8'));

describe('a transcript of allot evaluate dlm recorded before the ask step', () => {
  const recorded: TranscriptEntry[] = read('evaluate-dlm.json');

  test('holds refused replies with their feedback (what the replay has to send again byte for byte)', () => {
    expect(recorded.map((e) => e.reply)).toEqual([
      '$$$ state * agent_feats[999] $$$',
      '$$$ state * (1 + 2 * agent_feats[11]) $$$',
      '$$$ state + agent_feats[12] * state $$$',
      'I cannot decide between them.',
      'I cannot decide between them.',
      'The best reward function is at index: 1',
    ]);
    const lead = '\nYour previous reply could not be used. The reward function could not be used: index 999';
    expect(recorded[1].request.prompt).toContain(lead);
  });

  test('replays through allot evaluate dlm --replay to the recorded output', async () => {
    const sizes = ['--tasks', '0', '--seeds', '1', '--trials', '5', '--rounds', '1', '--candidates', '2'];
    const out = await runMainJson(['evaluate', 'dlm', ...sizes, '--replay', fixture('evaluate-dlm.json')]);
    delete out.elapsedMs;
    expect(out).toEqual(read('evaluate-dlm.out.json'));
  });

  test('every request of the replay has the hash of the recorded one', async () => {
    const node = await createNodeSimulator(1);
    try {
      const population = findGenerator('dlm')!.generate({}, 0);
      const protocol = new EvaluationProtocol(population, { seeds: 1, trials: 5, returns: 'undiscounted' });
      const replayed = new Transcript();
      const llm = ReplayProvider.of(recorded, { transcript: replayed, source: 'test' });
      const tasks = [DLM_NEURIPS_TASKS.tasks[0]];
      const dlmConfig = { rounds: 1, candidates: 2, maxAttempts: 3 };
      const evaluation = await evaluateDlm({ protocol, simulate: node.simulate, tasks, llm, dlmConfig });
      expect(evaluation.status).toBe('done');
      expect(replayed.entries.map((e) => e.hash)).toEqual(recorded.map((e) => e.hash));
    } finally {
      await node.close();
    }
  });
});

describe('a transcript of allot study language recorded before the ask step', () => {
  test('holds a translation and a rewrite fed back in the old wording', () => {
    const prompts = (read('study-language.json') as TranscriptEntry[]).map((e) => e.request.prompt);
    expect(prompts[1]).toMatch(/nothing else\.\nYour reply did not contain the translation\. /);
    expect(prompts[3]).toMatch(/nothing else\.\nYour reply did not list any clauses\. /);
  });

  test('replays through allot study language --replay to the recorded table and translations', async () => {
    const args = ['study', 'language', '--languages', 'tcy', '--runs', '1', '--alpha', '0.2', '--mode', 'zero-shot'];
    const files = ['--prompts', fixture('study-language.prompts.json'), '--replay', fixture('study-language.json')];
    const out = await runMainJson([...args, '--rewrite', 'on', '--thresholds', '0.1', ...files]);
    expect(out).toEqual(read('study-language.out.json'));
  });
});
