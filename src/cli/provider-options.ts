// The LLM options of the commands that run DLM: a real provider (--provider, --model, --base-url,
// key from ALLOT_API_KEY only: arguments end up in shell history) with its calls recorded, or a
// replay of a recorded transcript (--replay), which needs no key and no network.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { HttpProvider } from '../llm/http-provider.ts';
import type { LlmProvider } from '../llm/llm-provider.ts';
import { isProviderKind, PROVIDER_KINDS, PROVIDERS } from '../llm/provider-config.ts';
import {
  describeIdentity,
  identityOf,
  readIdentity,
  sameProvider,
  type ProviderIdentity,
} from '../llm/provider-identity.ts';
import { ReplayProvider } from '../llm/replay-provider.ts';
import { ResumeProvider } from '../llm/resume-provider.ts';
import { Transcript, type TranscriptEntry } from '../llm/transcript.ts';
import { UsageError, type OptionSpecs } from './args.ts';
import { TranscriptFile } from './transcript-file.ts';

export const PROVIDER_OPTIONS: OptionSpecs = {
  provider: { type: 'string', value: 'P', description: `one of ${PROVIDER_KINDS.join(', ')} (key from ALLOT_API_KEY)` },
  model: { type: 'string', value: 'M', description: 'model name' },
  'base-url': { type: 'string', value: 'URL', description: "replaces the provider's origin" },
  replay: { type: 'string', value: 'FILE', description: 'answer from a recorded transcript instead of a provider' },
  transcript: {
    type: 'string',
    value: 'FILE',
    description:
      'write every LLM call here, after each call (JSON; a resumed run answers from it first and adds to it)',
  },
  'switch-provider': {
    type: 'flag',
    description:
      'resume a --state with the --provider, --model and --base-url given, though it was started with others',
  },
};

export interface ProviderChoice {
  provider: LlmProvider;
  /** The calls of a real provider (and of earlier runs with the same --transcript file). */
  transcript?: Transcript;
  /** Waits until the --transcript file holds every call (it is written after each one). */
  saved(): Promise<void>;
}

/**
 * The provider the options name, or undefined when they name none. `resumed` is the --state being
 * resumed: the replies it holds are not handed out again from the transcript (see RecordedReplies).
 */
export async function providerFromOptions(
  options: Record<string, string | true>,
  env: Record<string, string | undefined>,
  resumed?: unknown,
): Promise<ProviderChoice | undefined> {
  const held = repliesHeld(resumed);
  if (typeof options.replay === 'string') {
    if (options.provider !== undefined || options['base-url'] !== undefined)
      throw new UsageError('--replay answers from the transcript: give no --provider or --base-url');
    const entries = await readTranscript(options.replay);
    const answered = entries.find((e) => e && e.reply !== null);
    if (!answered) throw new Error(`${options.replay}: not a transcript with answered calls`);
    const model = typeof options.model === 'string' ? options.model : answered.model;
    return {
      provider: new ReplayProvider(answered.provider, model, entries, undefined, { replies: held }),
      saved: async () => {},
    };
  }
  if (options.provider === undefined) {
    if (options.model !== undefined || options['base-url'] !== undefined)
      throw new UsageError('--model and --base-url need --provider');
    return undefined;
  }
  const kind = String(options.provider);
  if (!isProviderKind(kind))
    throw new UsageError(`unknown provider "${kind}"; use one of ${PROVIDER_KINDS.join(', ')}`);
  if (typeof options.model !== 'string') throw new UsageError('option "--model" is required with --provider');
  const apiKey = env.ALLOT_API_KEY?.trim() || undefined;
  if (!apiKey && PROVIDERS[kind].keyRequired)
    throw new Error(`no key: set the environment variable ALLOT_API_KEY to your ${PROVIDERS[kind].label} key`);
  const path = typeof options.transcript === 'string' ? options.transcript : undefined;
  const earlier = path && existsSync(path) ? await readTranscript(path) : [];
  // Written after every call (a kill loses at most the call in flight); a resumed run answers from
  // the earlier calls first, so nothing already paid for is asked again.
  const file = path ? new TranscriptFile(path) : undefined;
  const transcript: Transcript = new Transcript(earlier, () => file?.save(transcript.entries));
  const live = new HttpProvider(
    { kind, model: options.model, baseUrl: options['base-url'] as string | undefined, apiKey },
    { transcript },
  );
  const provider = earlier.length ? new ResumeProvider(live, earlier, held) : live;
  if (!file) return { provider, transcript, saved: async () => {} };
  // The run goes on only once the call is on disk: a kill then loses at most the call in flight.
  const complete: LlmProvider['complete'] = async (request, o) => {
    try {
      return await provider.complete(request, o);
    } finally {
      await file.flush();
    }
  };
  return { provider: { kind: provider.kind, model: provider.model, complete }, transcript, saved: () => file.flush() };
}

/**
 * The provider --provider, --model and --base-url name (kind, model, base URL; never the key), or
 * undefined for none or --replay.
 */
export function identityFromOptions(options: Record<string, string | true>): ProviderIdentity | undefined {
  if (options.provider === undefined || typeof options.replay === 'string') return undefined;
  const kind = String(options.provider);
  if (!isProviderKind(kind))
    throw new UsageError(`unknown provider "${kind}"; use one of ${PROVIDER_KINDS.join(', ')}`);
  if (typeof options.model !== 'string') throw new UsageError('option "--model" is required with --provider');
  const baseUrl = typeof options['base-url'] === 'string' ? options['base-url'] : undefined;
  return identityOf({ kind, model: options.model, baseUrl });
}

/**
 * The provider a --state file records from here on, checked before any call: a resumed run talks only
 * to the provider it was started with (the key goes nowhere else) unless --switch-provider says to
 * move it. `saved` is the state read from `path` (untrusted), or undefined for a new one; `given` the
 * provider the options name (undefined: none, or --replay, which sends nothing). A UsageError names both
 * when they differ.
 */
export function stateProvider(
  saved: unknown,
  path: string,
  given: ProviderIdentity | undefined,
  options: Record<string, string | true>,
): ProviderIdentity | undefined {
  if (options['switch-provider'] && given === undefined) {
    throw new UsageError(
      '--switch-provider moves a resumed --state to the --provider given: give --provider and --model',
    );
  }
  const field = saved && typeof saved === 'object' ? (saved as { provider?: unknown }).provider : undefined;
  const recorded = field === undefined ? null : readIdentity(field);
  if (field !== undefined && !recorded) {
    throw new Error(
      `${path}: its "provider" record is damaged (expected {"kind", "model", "baseUrl"}); nothing was sent to ` +
        `any provider`,
    );
  }
  if (!given) return recorded ?? undefined;
  if (!recorded || sameProvider(recorded, given) || options['switch-provider']) return given;
  throw new UsageError(
    `${path} was started with ${describeIdentity(recorded)}, but this command names ${describeIdentity(given)}: ` +
      'give its --provider, --model and --base-url to resume it (the key goes only to the provider the run names), ' +
      'or add --switch-provider to move it',
  );
}

/**
 * Every LLM reply a pipeline state holds: the states of `allot evaluate` and `allot study` keep each
 * reply as `{ reply, error? }` in an `attempts` list (DLM candidates and reflections, rewrites,
 * translations), so this finds them without knowing each state's shape.
 */
export function repliesHeld(state: unknown): string[] {
  const found: string[] = [];
  const walk = (value: unknown, inAttempts: boolean): void => {
    if (Array.isArray(value)) for (const v of value) walk(v, inAttempts);
    else if (value && typeof value === 'object') {
      const o = value as Record<string, unknown>;
      if (inAttempts && typeof o.reply === 'string') found.push(o.reply);
      for (const [k, v] of Object.entries(o)) if (v && typeof v === 'object') walk(v, k === 'attempts');
    }
  };
  walk(state, false);
  return found;
}

async function readTranscript(path: string): Promise<TranscriptEntry[]> {
  let entries: unknown;
  try {
    entries = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new Error(`${path}: not a transcript (${error instanceof Error ? error.message : error})`);
  }
  if (!Array.isArray(entries)) throw new Error(`${path}: not a transcript (expected a JSON array of calls)`);
  return entries as TranscriptEntry[];
}
