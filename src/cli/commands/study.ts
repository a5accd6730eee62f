// `allot study language`: the multilingual paper's study (8 prompts x languages x runs x alphas on
// the `multilingual` population), with translations from the user's file or the LLM, optional
// rewriting, DLM, and the paper's tables. `--state FILE` checkpoints after every step and resumes.
// `allot study prompts` prints the shipped English prompts in the --prompts file format.
import { existsSync } from 'node:fs';
import { readFile, writeFile, rename } from 'node:fs/promises';
import { basename } from 'node:path';
import { DEFAULT_DP_THRESHOLDS } from '../../core/fairness/unfairness-flags.ts';
import { readTranslations } from '../../pipeline/study/read-translations.ts';
import { runLanguageStudy } from '../../pipeline/study/run-language-study.ts';
import { createStudy, DEFAULT_STUDY_CONFIG, type StudyState } from '../../pipeline/study/study-state.ts';
import { formatStudyTable, studyTable } from '../../pipeline/study/study-table.ts';
import { intendedGroups, MULTILINGUAL_PROMPTS, SHIPPED_PROMPTS } from '../../core/tasks/multilingual-prompts.ts';
import { UsageError } from '../args.ts';
import { readTextFile } from '../read-text-file.ts';
import type { Command, Io } from '../command.ts';
import { openFairnessParts, TRIALS_PER_SEED } from '../fairness-wiring.ts';
import { RANGES, type NumberRange } from '../../core/limits/setting-ranges.ts';
import { numberOption, parseNumberList, WORKERS_OPTION, workersOption } from '../number-option.ts';
import { identityFromOptions, PROVIDER_OPTIONS, providerFromOptions, stateProvider } from '../provider-options.ts';

export function makeStudyCommand(env: Record<string, string | undefined> = process.env): Command {
  return {
    name: 'study',
    summary: 'the multilingual study: acceptable and success rates and unfairness counts per language and prompt',
    usage:
      'prompts [--json] | language [--prompts FILE] [--languages en,hi,ta,tcy] [--runs N] [--alpha A1,A2] [--mode ' +
      'zero-shot|reflection] [--rewrite auto|on|off] (--provider P --model M [--base-url URL] | --replay ' +
      'TRANSCRIPT) [--transcript FILE] [--state FILE [--switch-provider]] [--json]',
    options: {
      prompts: {
        type: 'string',
        value: 'FILE',
        description: 'translations, JSON {"hi": {"1": "..."}} (see below); the rest are translated by the LLM',
      },
      languages: {
        type: 'string',
        value: 'L1,...',
        description: 'ISO 639 codes',
        default: DEFAULT_STUDY_CONFIG.languages.join(','),
      },
      runs: {
        type: 'string',
        value: 'N',
        description: 'independent runs per language, prompt and alpha',
        default: String(DEFAULT_STUDY_CONFIG.runs),
        range: RANGES.studyRuns,
      },
      alpha: {
        type: 'string',
        value: 'A1,...',
        description: 'strengths of the multilingual population, each',
        default: DEFAULT_STUDY_CONFIG.alphas.join(','),
        range: RANGES.probability,
      },
      mode: {
        type: 'string',
        value: 'M',
        description: 'zero-shot or reflection (DLM, 2 rounds x 2 candidates)',
        default: 'reflection',
      },
      rewrite: {
        type: 'string',
        value: 'R',
        description: 'rewrite prompts into explicit English clauses: auto (prompts that are not English), on, off',
        default: 'off',
      },
      relevance: {
        type: 'string',
        value: 'L',
        description: 'acceptable reward: features (feature values) or groups',
        default: 'features',
      },
      baseline: {
        type: 'string',
        value: 'B',
        description: 'task success against a uniform allocation over feature values or over arms',
        default: 'values',
      },
      thresholds: {
        type: 'string',
        value: 'T1,...',
        description: 'thresholds of the absolute unfairness count',
        default: DEFAULT_DP_THRESHOLDS.join(','),
      },
      ...PROVIDER_OPTIONS,
      state: {
        type: 'string',
        value: 'FILE',
        description: 'checkpoint the study here after every step, and resume from it',
      },
      workers: WORKERS_OPTION,
    },
    details: [
      "The prompts: the paper's 8 English goal prompts (Table 2) are shipped, in the --prompts file format, as",
      'src/core/tasks/multilingual-prompts.en.json; they are used without a file. `allot study prompts` ' +
        'lists them with',
      'the feature groups and buckets each targets; `allot study prompts --json` prints that file:',
      '  {"en": {"1": "While still prioritizing all, ...", ..., "8": "..."}}',
      'A --prompts FILE has that shape, one object per language code (ISO 639, e.g. hi, ta, tcy), prompt ' +
        'numbers 1-8 as',
      'keys; any subset may be given. Prompts a language lacks are translated by the LLM and recorded with ' +
        'their source.',
      'An "en" entry replaces the shipped English wording (the targeted buckets stay those of the shipped prompt).',
      '',
      'Each cell (alpha, language, prompt, run r) uses the multilingual population with --alpha, seed r and the',
      `generator's other defaults, and simulates each candidate's Whittle policy for ${TRIALS_PER_SEED} trials ` +
        `with simulation seed r.`,
    ].join('\n'),
    async run({ options, positionals }, io) {
      if (positionals[0] === 'prompts' && positionals.length === 1) return printPrompts(options.json === true, io);
      if (positionals[0] !== 'language' || positionals.length > 1)
        throw new UsageError(
          positionals.length
            ? `unknown study "${positionals.join(' ')}"; use "language" (or "prompts" to list the shipped prompts)`
            : 'name the study: allot study language ...',
        );
      const workers = workersOption(options);
      const statePath = typeof options.state === 'string' ? options.state : undefined;
      if (options['switch-provider'] && !statePath)
        throw new UsageError('--switch-provider applies when resuming a --state');
      const saved =
        statePath && existsSync(statePath) ? (JSON.parse(await readFile(statePath, 'utf8')) as StudyState) : undefined;
      // Checked before any call: a resumed study stays on the provider it records (never the key).
      const provider = statePath ? stateProvider(saved, statePath, identityFromOptions(options), options) : undefined;
      // A resumed study adds its calls to the transcript of the earlier ones (providerFromOptions reads it).
      const llm = await providerFromOptions(options, env, saved);
      if (!llm) throw new UsageError('give --provider and --model, or --replay TRANSCRIPT');
      let state: StudyState;
      if (saved) {
        state = saved;
        if (state?.version !== 1 || !Array.isArray(state.cells))
          throw new Error(`${statePath}: not a study state written by allot`);
      } else {
        const numbers = MULTILINGUAL_PROMPTS.map((p) => p.number);
        const translations =
          typeof options.prompts === 'string'
            ? readTranslations(await readTextFile(options.prompts), basename(options.prompts), numbers)
            : undefined;
        state = createStudy(configOf(options), { translations });
      }
      let writing = Promise.resolve();
      const checkpoint = (s: StudyState) => {
        if (!statePath) return;
        // Write to a temporary file and rename, so that an interrupted write never leaves half a state.
        const text = JSON.stringify(provider ? { ...s, provider } : s);
        writing = writing
          .then(() => writeFile(`${statePath}.tmp`, text))
          .then(() => rename(`${statePath}.tmp`, statePath));
      };
      const parts = await openFairnessParts(workers);
      const population = (alpha: number, run: number) =>
        parts.loadPopulation('multilingual', { alpha: String(alpha), seed: String(run) });
      let final: StudyState;
      try {
        final = await runLanguageStudy(
          state,
          { llm: llm.provider, population, simulate: parts.simulate },
          {
            checkpoint,
            onCell: (_c, i, n) => (options.json ? undefined : io.stderr.write(`\rcell ${i + 1} of ${n}`)),
          },
        );
      } finally {
        await parts.close();
        await writing;
      }
      if (!options.json) io.stderr.write('\n');
      await llm.saved();
      const table = studyTable(final);
      io.stdout.write(
        options.json
          ? JSON.stringify({
              status: final.status,
              pausedBecause: final.pausedBecause ?? null,
              table,
              translations: final.translations,
            }) + '\n'
          : formatStudyTable(table) + '\n',
      );
      if (final.status === 'paused') {
        if (!options.json)
          io.stderr.write(
            `allot study: paused: ` +
              `${final.pausedBecause}${statePath ? ` (run again with --state ${statePath} to resume)` : ''}\n`,
          );
        return 1;
      }
      return 0;
    },
  };
}

export const studyCommand = makeStudyCommand();

/** The shipped English prompts: a table to read, or (--json) the shipped --prompts file. */
function printPrompts(json: boolean, io: Io): number {
  if (json) {
    io.stdout.write(JSON.stringify(SHIPPED_PROMPTS, null, 2) + '\n');
    return 0;
  }
  for (const p of MULTILINGUAL_PROMPTS) {
    io.stdout.write(
      `${p.number}. ${p.text}\n   intended: ` +
        `${intendedGroups(p).join(', ')}${p.rephrases ? ` (rephrases prompt ${p.rephrases})` : ''}; buckets: ` +
        `${p.reading}\n`,
    );
  }
  return 0;
}

function configOf(options: Record<string, string | true>) {
  const str = (name: string) => (typeof options[name] === 'string' ? (options[name] as string) : undefined);
  const list = (name: string) =>
    str(name)
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  const numbers = (name: string, range?: NumberRange) =>
    str(name) === undefined ? undefined : parseNumberList(str(name)!, `--${name}`, range);
  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const v = str(name) ?? fallback;
    if (!allowed.includes(v as T)) throw new UsageError(`--${name} must be one of ${allowed.join(', ')}, not "${v}"`);
    return v as T;
  };
  const runs = numberOption(options, 'runs', RANGES.studyRuns, DEFAULT_STUDY_CONFIG.runs);
  const alphas = numbers('alpha', RANGES.probability) ?? DEFAULT_STUDY_CONFIG.alphas;
  return {
    languages: list('languages') ?? DEFAULT_STUDY_CONFIG.languages,
    runs,
    alphas,
    dlm: { mode: oneOf('mode', ['zero-shot', 'reflection'] as const, 'reflection') },
    rewrite: oneOf('rewrite', ['auto', 'on', 'off'] as const, 'off'),
    relevance: oneOf('relevance', ['features', 'groups'] as const, 'features'),
    baseline: oneOf('baseline', ['values', 'arms'] as const, 'values'),
    thresholds: numbers('thresholds') ?? [...DEFAULT_DP_THRESHOLDS],
  };
}
