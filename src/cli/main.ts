// The command router: `allot <command> [options]`. Exit codes: 0 success, 1 the work failed,
// 2 a bad command line (one line on stderr).
import { describeRange } from '../core/limits/setting-ranges.ts';
import { COMMON_OPTIONS, parseArgs, UsageError } from './args.ts';
import type { Command, Io } from './command.ts';
import { adjudicateCommand } from './commands/adjudicate.ts';
import { benchCommand } from './commands/bench.ts';
import { datasetCommand } from './commands/dataset.ts';
import { evaluateCommand } from './commands/evaluate.ts';
import { exampleCommand } from './commands/example.ts';
import { fairnessCommand } from './commands/fairness.ts';
import { indicesCommand } from './commands/indices.ts';
import { llmCommand } from './commands/llm.ts';
import { planCommand } from './commands/plan.ts';
import { portfolioCommand } from './commands/portfolio.ts';
import { rewardCommand } from './commands/reward.ts';
import { simulateCommand } from './commands/simulate.ts';
import { studyCommand } from './commands/study.ts';
import { tradeoffCommand } from './commands/tradeoff.ts';
import { welfareCommand } from './commands/welfare.ts';

/** Every command, in the order `allot --help` lists them. */
export const COMMANDS: Command[] = [
  indicesCommand,
  simulateCommand,
  rewardCommand,
  datasetCommand,
  llmCommand,
  evaluateCommand,
  welfareCommand,
  portfolioCommand,
  adjudicateCommand,
  fairnessCommand,
  planCommand,
  studyCommand,
  tradeoffCommand,
  benchCommand,
  exampleCommand,
];

export async function main(argv: string[], io: Io): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(topHelp());
    return 0;
  }
  if (name === '--version') {
    io.stdout.write(`${(await import('../../package.json', { with: { type: 'json' } })).default.version}\n`);
    return 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    io.stderr.write(`allot: unknown command "${name}"; run "allot --help" for the list\n`);
    return 2;
  }
  const specs = { ...COMMON_OPTIONS, ...command.options };
  try {
    const args = parseArgs(rest, specs);
    if (args.options.help) {
      io.stdout.write(commandHelp(command));
      return 0;
    }
    return await command.run(args, io);
  } catch (error) {
    if (error instanceof UsageError) {
      // One line, whatever the usage: a synopsis of several forms is joined with " | ".
      const usage = `allot ${command.name} ${command.usage}`.replace(/\n\s*/g, ' | ');
      io.stderr.write(`allot ${command.name}: ${error.message.replace(/\n/g, ' ')} (usage: ${usage})\n`);
      return 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    if (rest.includes('--json')) io.stdout.write(JSON.stringify({ error: { message } }) + '\n');
    else io.stderr.write(`allot ${command.name}: ${message}\n`);
    return 1;
  }
}

function topHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    'allot: restless-bandit allocation policies from plain-language priorities.',
    '',
    'Usage: allot <command> [options]     (from a clone: npm run -s cli -- <command> [options])',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Every command takes --help and --json. Exit codes: 0 success, 1 the work failed, 2 bad arguments.',
    '',
  ].join('\n');
}

export function commandHelp(command: Command): string {
  const specs = { ...command.options, ...COMMON_OPTIONS };
  const rows = Object.entries(specs).map(([name, spec]) => {
    const left = `--${name}${spec.type === 'string' ? ` ${spec.value ?? 'VALUE'}` : ''}`;
    const range = spec.range ? `; ${describeRange(spec.range)}` : '';
    return [left, spec.description + range + (spec.default !== undefined ? ` (default ${spec.default})` : '')];
  });
  const width = Math.max(...rows.map(([left]) => left.length));
  return [
    `allot ${command.name}: ${command.summary}`,
    '',
    `Usage: allot ${command.name} ${command.usage}`,
    '',
    'Options:',
    ...rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`),
    ...(command.details ? ['', command.details] : []),
    '',
  ].join('\n');
}
