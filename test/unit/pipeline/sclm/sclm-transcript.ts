// For the tests: an SCLM run's LLM transcript and a replay of it: its own questions (clause split,
// ratings) and those of every inner DLM run, keyed so that a rerun on recorded replies needs no
// provider. (The app replays runs at the provider: src/llm/replay-provider.ts.)
import type { DlmRunState } from '../../../../src/pipeline/dlm/dlm-run-state.ts';
import { answerFrom, repliesOf, type RecordedReply } from '../dlm/recorded-replies.ts';
import type { DlmRunName, SclmParts } from '../../../../src/pipeline/sclm/run-sclm.ts';
import type { AskState, SclmRunState } from '../../../../src/pipeline/sclm/sclm-run-state.ts';

/**
 * Every answered call of `state`: "split#0", "rate/<candidate>/<clause>#0", "<run>/<DLM key>" (e.g.
 * "generator/r0/c1#0").
 */
export function sclmTranscriptOf(state: SclmRunState): RecordedReply[] {
  const asked = (key: string, ask: AskState | undefined) =>
    (ask?.attempts ?? []).map((a, i) => ({ key: `${key}#${i}`, reply: a.reply }));
  const inner = (run: DlmRunName, dlm: DlmRunState | undefined) =>
    dlm ? repliesOf(dlm).map((e) => ({ key: `${run}/${e.key}`, reply: e.reply })) : [];
  return [
    ...asked('split', state.split),
    ...inner('generator', state.generator),
    ...Object.entries(state.clauseRuns).flatMap(([name, run]) => inner(`clause:${name}`, run)),
    ...inner('zero-shot', state.baselines.zeroShot),
    ...inner('extended', state.baselines.extended),
    ...Object.entries(state.ratings).flatMap(([key, ask]) => asked(`rate/${key.replace('|', '/')}`, ask)),
  ];
}

/** `parts` whose LLM answers come from `transcript` (a call it has no reply for fails, and the run pauses). */
export function replaySclm(transcript: readonly RecordedReply[], parts: Omit<SclmParts, 'ask'>): SclmParts {
  const replies = new Map(transcript.map((e) => [e.key, e.reply]));
  return {
    ...parts,
    ask: async (request) => {
      const reply = replies.get(request.key);
      if (reply === undefined) throw new Error(`the transcript has no reply for ${request.key}`);
      return reply;
    },
    dlm: (run) => {
      const prefix = `${run}/`;
      const own = transcript
        .filter((e) => e.key.startsWith(prefix))
        .map((e) => ({ key: e.key.slice(prefix.length), reply: e.reply }));
      return { ...parts.dlm(run), ...answerFrom(own) };
    },
  };
}
