// A resumed `evaluate dlm` whose transcript holds paid calls its --state does not (killed between the
// transcript write and the checkpoint) answers a request asked again by its own reply: the k-th ask
// of a prompt gets the k-th recorded reply the state has not used, never the first one again, and
// only what the transcript lacks is paid for. The real CLI in process against the fake provider on
// 127.0.0.1; every proposal reply is different, so a reply handed out twice shows.
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { repliesHeld } from '../../../src/cli/provider-options.ts';
import type { TranscriptEntry } from '../../../src/llm/transcript.ts';
import { startFakeProvider, type FakeProvider } from '../../fake-provider/fake-provider-server.ts';
import { runMain } from './run-main.ts';

const dir = mkdtempSync(join(tmpdir(), 'allot-repeat-'));
let fake: FakeProvider;
/** Proposal replies handed out so far (the n-th names feature n, so each is different). */
let proposals = 0;
beforeAll(async () => {
  fake = await startFakeProvider({
    reply: (_format, body) =>
      body.messages.at(-1).content.startsWith('Create a Python')
        ? `$$$ state * (1 + agent_feats[${proposals++ % 16}]) $$$`
        : 'The best reward function is at index: 1',
  });
});
beforeEach(() => {
  proposals = 0;
});
afterAll(async () => {
  await fake?.close();
  rmSync(dir, { recursive: true, force: true });
});

const run = (name: string, extra: string[] = []) =>
  runMain([
    'evaluate',
    'dlm',
    '--tasks',
    '0',
    '--seeds',
    '1',
    '--trials',
    '2',
    '--rounds',
    '2',
    '--candidates',
    '2',
    '--provider',
    'openai-compatible',
    '--base-url',
    `${fake.origin}/v1`,
    '--model',
    'fake-large',
    '--transcript',
    join(dir, `${name}.json`),
    '--state',
    join(dir, `${name}-state.json`),
    '--json',
    ...extra,
  ]);
const json = (file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8'));
const answered = (file: string): TranscriptEntry[] => json(file).filter((e: TranscriptEntry) => e.reply !== null);
/** Each candidate's and reflection's replies, in the order the run made them. */
const repliesOf = (stateFile: string) => repliesHeld(json(stateFile));
/** The next `ok` calls answered, then one refused with a 401 (the run pauses, its state saved). */
const allowThenRefuse = (ok: number) => fake.script(...Array.from({ length: ok }, () => ({})), { status: 401 });

test(
  'a resumed run replays a repeated request to its own recorded replies in order and pays only for the rest',
  { timeout: 120_000 },
  async () => {
    const whole = await run('whole');
    expect(whole.code).toBe(0);
    const total = fake.calls().length;
    const wholeReplies = repliesOf('whole-state.json');
    expect(wholeReplies).toHaveLength(total);
    // The premise: the two candidates of a round ask the same request, and got different replies.
    const wholeCalls = answered('whole.json');
    const hashes = wholeCalls.map((e) => e.hash);
    expect(hashes[1]).toBe(hashes[0]);
    expect(wholeCalls[1].reply).not.toBe(wholeCalls[0].reply);

    // Interrupted: paused after 1 call (state A), then resumed and paused again after 3 more calls.
    proposals = 0;
    allowThenRefuse(1);
    expect((await run('cut')).code).toBe(1);
    copyFileSync(join(dir, 'cut-state.json'), join(dir, 'state-after-1.json'));
    allowThenRefuse(3);
    expect((await run('cut')).code).toBe(1);
    expect(answered('cut.json')).toHaveLength(4);
    // As if killed after the 4th paid call but before the checkpoints after the 1st: the state holds
    // one reply, the transcript four; the second candidate's request is the first one's again.
    copyFileSync(join(dir, 'state-after-1.json'), join(dir, 'cut-state.json'));
    expect(repliesOf('cut-state.json')).toHaveLength(1);

    const before = fake.calls().length;
    const resumed = await run('cut');
    expect(resumed.code).toBe(0);
    // Paid: only the calls the transcript lacks (the two refused calls were never answered).
    expect(fake.calls().length - before).toBe(total - 4);
    // Each candidate got the reply it got in the uninterrupted run: none handed out twice.
    expect(repliesOf('cut-state.json')).toEqual(wholeReplies);
    expect(JSON.parse(resumed.stdout).tasks).toEqual(JSON.parse(whole.stdout).tasks);
    expect(answered('cut.json').map((e) => e.reply)).toEqual(wholeCalls.map((e) => e.reply));
  },
);

test(
  '--replay with a resumed --state uses the replies the state has not used yet, and refuses a request asked more ' +
    'often than recorded',
  { timeout: 120_000 },
  async () => {
    const recorded = join(dir, 'whole.json');
    proposals = 0;
    // State after one reply, as the cut run above began.
    copyFileSync(join(dir, 'state-after-1.json'), join(dir, 'replayed-state.json'));
    const before = fake.calls().length;
    const replayed = await runMain([
      'evaluate',
      'dlm',
      '--tasks',
      '0',
      '--seeds',
      '1',
      '--trials',
      '2',
      '--rounds',
      '2',
      '--candidates',
      '2',
      '--replay',
      recorded,
      '--state',
      join(dir, 'replayed-state.json'),
      '--json',
    ]);
    expect(replayed.code).toBe(0);
    expect(fake.calls().length).toBe(before);
    expect(repliesOf('replayed-state.json')).toEqual(repliesOf('whole-state.json'));

    // More candidates than recorded: the third ask of the round's request has no reply to replay.
    const more = await runMain([
      'evaluate',
      'dlm',
      '--tasks',
      '0',
      '--seeds',
      '1',
      '--trials',
      '2',
      '--rounds',
      '2',
      '--candidates',
      '3',
      '--replay',
      recorded,
      '--json',
    ]);
    expect(more.code).toBe(1);
    expect(JSON.parse(more.stdout).pausedBecause).toMatch(
      /all used: the run asked it more often than the recorded run did/,
    );
  },
);
