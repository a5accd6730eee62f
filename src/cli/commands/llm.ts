// `allot llm`: one prompt to the user's provider, the reply on stdout. The key comes from the
// ALLOT_API_KEY environment variable only: arguments end up in shell history and process lists.
import { UsageError } from '../args.ts';
import type { Command } from '../command.ts';
import { RANGES } from '../../core/limits/setting-ranges.ts';
import { numberOption, optionalNumber } from '../number-option.ts';
import { HttpProvider } from '../../llm/http-provider.ts';
import { LlmError } from '../../llm/llm-error.ts';
import { isProviderKind, PROVIDER_KINDS, PROVIDERS } from '../../llm/provider-config.ts';

export const llmCommand: Command = {
  name: 'llm',
  summary: 'send one prompt to your LLM provider and print the reply (key from ALLOT_API_KEY)',
  usage: '--provider P --model M (--prompt TEXT | --list-models) [--base-url URL] [--json]',
  details: [
    `Providers: ${PROVIDER_KINDS.join(', ')}. The base URL replaces the provider's origin; for openai and`,
    'openai-compatible it includes /v1 (e.g. http://localhost:11434/v1 for Ollama, http://localhost:1234/v1 for ' +
      'LM Studio).',
    'The key is read from the environment variable ALLOT_API_KEY, never from the command line; openai-compatible',
    'servers may need none. Exit 1 with the classified failure (wrong key, model not found, quota, unreachable...).',
  ].join('\n'),
  options: {
    provider: { type: 'string', value: 'P', description: `one of ${PROVIDER_KINDS.join(', ')}` },
    model: {
      type: 'string',
      value: 'M',
      description: 'model name, e.g. gpt-4o-mini, claude-sonnet-4-5, gemini-2.5-flash, llama3.2',
    },
    prompt: { type: 'string', value: 'TEXT', description: 'the prompt (user message)' },
    'base-url': { type: 'string', value: 'URL', description: "replaces the provider's origin" },
    temperature: {
      type: 'string',
      value: 'T',
      description: "sampling temperature (the model's default when omitted)",
      range: RANGES.temperature,
    },
    'max-tokens': { type: 'string', value: 'N', description: 'upper bound on reply tokens', range: RANGES.maxTokens },
    timeout: { type: 'string', value: 'S', description: 'seconds per attempt', default: '120', range: RANGES.timeout },
    'list-models': { type: 'flag', description: 'print the models the key can use instead of sending a prompt' },
  },
  async run({ options, positionals }, io) {
    if (positionals.length)
      throw new UsageError(`unexpected argument "${positionals[0]}" (put the prompt after --prompt)`);
    const kind = String(options.provider ?? '');
    if (!isProviderKind(kind))
      throw new UsageError(
        options.provider
          ? `unknown provider "${kind}"; use one of ${PROVIDER_KINDS.join(', ')}`
          : 'option "--provider" is required',
      );
    const listModels = options['list-models'] === true;
    if (!listModels && typeof options.prompt !== 'string')
      throw new UsageError('option "--prompt" is required (or use --list-models)');
    const model = typeof options.model === 'string' ? options.model : listModels ? '(list)' : '';
    if (!model) throw new UsageError('option "--model" is required');
    const apiKey = process.env.ALLOT_API_KEY?.trim() || undefined;
    const temperature = optionalNumber(options, 'temperature', RANGES.temperature);
    const maxTokens = optionalNumber(options, 'max-tokens', RANGES.maxTokens);
    const timeoutMs = numberOption(options, 'timeout', RANGES.timeout, 120) * 1000;
    const fail = (message: string, kind: string) => {
      if (options.json) io.stdout.write(JSON.stringify({ error: { kind, message } }) + '\n');
      else io.stderr.write(`allot llm: ${message}\n`);
      return 1;
    };
    if (!apiKey && PROVIDERS[kind].keyRequired)
      return fail(`no key: set the environment variable ALLOT_API_KEY to your ${PROVIDERS[kind].label} key`, 'config');

    const provider = new HttpProvider({
      kind,
      model,
      baseUrl: options['base-url'] as string | undefined,
      apiKey,
      timeoutMs,
    });
    try {
      if (listModels) {
        const models = await provider.listModels();
        io.stdout.write(
          options.json ? JSON.stringify({ provider: kind, models }) + '\n' : models.map((m) => m + '\n').join(''),
        );
        return 0;
      }
      const reply = await provider.complete({ prompt: options.prompt as string, temperature, maxTokens });
      if (options.json) {
        const { text, usage, attempts, durationMs, truncated, hash } = reply;
        io.stdout.write(
          JSON.stringify({ provider: kind, model, reply: text, usage, attempts, durationMs, truncated, hash }) + '\n',
        );
      } else {
        io.stdout.write(reply.text.endsWith('\n') ? reply.text : reply.text + '\n');
        if (reply.truncated) io.stderr.write('allot llm: the reply stopped at the token limit (raise --max-tokens)\n');
      }
      return 0;
    } catch (error) {
      if (error instanceof LlmError) return fail(error.message, error.kind);
      throw error;
    }
  },
};
