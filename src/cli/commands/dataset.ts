// `allot dataset list|generate|validate|estimate`: the built-in populations, writing them to a
// file, checking a population file, and estimating transitions from trajectories.
import { writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { GENERATORS } from '../../core/datasets/generators.ts';
import { instanceToJson } from '../../core/datasets/instance-json.ts';
import { populationSchemaFile, populationToCsv } from '../../core/datasets/population-export.ts';
import { ESTIMATE_DEFAULTS, transitionsFromTrajectories } from '../../core/datasets/trajectories.ts';
import { RANGES } from '../../core/limits/setting-ranges.ts';
import { UsageError } from '../args.ts';
import { optionalNumber } from '../number-option.ts';
import { readTextFile } from '../read-text-file.ts';
import type { Command, Io } from '../command.ts';
import { describeInstance, loadPopulation, POPULATION_OPTIONS } from '../population.ts';
import { COLUMN_OPTIONS } from '../column-flags.ts';
import { isRegisterFile, validateRegister } from '../register-report.ts';

const SUBCOMMANDS = ['list', 'generate', 'validate', 'estimate'];

function generatorHelp(): string {
  const lines = ["Generators (defaults marked * are allot's own choices; no paper publishes them):"];
  for (const g of GENERATORS) {
    lines.push('', `  ${g.name}: ${g.description}`);
    for (const p of g.parameters)
      lines.push(`    --${p.name} ${p.default}${p.ownChoice ? ' *' : ''}  ${p.description} [${p.source}]`);
    for (const choice of g.ownChoices) lines.push(`    * ${choice}`);
  }
  return lines.join('\n');
}

export const datasetCommand: Command = {
  name: 'dataset',
  summary: "built-in populations and the user's own data: list, generate, validate, estimate",
  usage:
    'list | generate NAME [--seed S] [--arms N] [generator flags] --out FILE.json | validate FILE [--schema ' +
    'FILE.json | --features FILE --sheet NAME --id-column COL ...] | estimate TRAJECTORIES.csv --out FILE.csv',
  details: [
    'list          one line per generator: its name, then a description',
    'generate      writes a generated population as an allot instance (.json) or a population CSV (.csv),',
    '              columns headed by their names as written, with FILE.schema.json beside it (read both with --schema)',
    'validate      checks a population file (.csv or .json), or her register as exported (a history with --features,',
    '              or a register with a state column; CSV or XLSX) and prints what became of every column, the',
    '              guesses marked; exit 1 with the message when it is invalid',
    'estimate      rows arm,step,state,action -> transition estimates, written as id,q00,q01,q10,q11',
    `              (Dirichlet prior of --prior pseudo-counts per next state, default ${ESTIMATE_DEFAULTS.prior}; ` +
      `active rows from a state`,
    `              with fewer than --min-active observations, default ${ESTIMATE_DEFAULTS.minActive}, are filled ` +
      `as passive + the pooled active effect)`,
    '',
    'A population CSV has a column id, transition columns q00,q01,q10,q11 (P(next state 1 | state s, action a))',
    'or p_s_a_t for S states, optional init_s columns, and feature columns.',
    '',
    generatorHelp(),
  ].join('\n'),
  options: {
    ...POPULATION_OPTIONS,
    ...COLUMN_OPTIONS,
    features: {
      type: 'string',
      value: 'FILE',
      description: 'validate: the features file beside a history (id and feature columns, or id, attribute, value)',
    },
    out: { type: 'string', value: 'FILE', description: 'where generate and estimate write' },
    prior: {
      type: 'string',
      value: 'X',
      description: 'estimate: Dirichlet pseudo-count per next state',
      default: String(ESTIMATE_DEFAULTS.prior),
      range: RANGES.prior,
    },
    'min-active': {
      type: 'string',
      value: 'N',
      description: 'estimate: fewer active observations from a state than this and the row is filled',
      default: String(ESTIMATE_DEFAULTS.minActive),
      range: RANGES.minActive,
    },
    states: {
      type: 'string',
      value: 'S',
      description: 'estimate: number of states (default: the largest state seen + 1)',
      range: RANGES.states,
    },
  },
  async run({ options, positionals, lists }, io) {
    const [sub, target, ...extra] = positionals;
    if (!sub || !SUBCOMMANDS.includes(sub))
      throw new UsageError(
        sub
          ? `unknown subcommand "${sub}"; use ${SUBCOMMANDS.join(', ')}`
          : `name a subcommand: ${SUBCOMMANDS.join(', ')}`,
      );
    if (extra.length) throw new UsageError(`unexpected argument "${extra[0]}"`);
    if (sub === 'list') {
      if (target) throw new UsageError(`"list" takes no argument`);
      return list(options.json === true, io);
    }
    if (!target) throw new UsageError(`"${sub}" needs ${sub === 'generate' ? 'a generator name' : 'a file'}`);
    if (sub === 'estimate') return estimate(target, options, io);
    if (sub === 'validate' && (await isRegisterFile(target, options, lists))) {
      if (options.out) throw new UsageError('"validate" writes nothing; drop --out');
      return validateRegister(target, options, lists, io);
    }
    const out = typeof options.out === 'string' ? options.out : undefined;
    if (sub === 'generate') {
      if (!GENERATORS.some((g) => g.name === target))
        throw new UsageError(
          `no generator "${target}"; the generators are ${GENERATORS.map((g) => g.name).join(', ')}`,
        );
      if (!out) throw new UsageError('"generate" needs --out FILE.json (or FILE.csv)');
    }
    const started = performance.now();
    const instance = await loadPopulation(target, options);
    const ms = performance.now() - started;
    if (sub === 'generate') {
      // A CSV is headed by the column names as written; its schema JSON beside it keeps the rest (identifiers, groups,
      // budget).
      const schemaOut = /\.csv$/i.test(out!) ? out!.replace(/\.csv$/i, '.schema.json') : undefined;
      if (schemaOut) {
        await writeFile(out!, populationToCsv(instance));
        await writeFile(schemaOut, JSON.stringify(populationSchemaFile(instance), null, 2) + '\n');
      } else await writeFile(out!, instanceToJson(instance));
      if (options.json)
        io.stdout.write(
          JSON.stringify({
            out: out!,
            ...(schemaOut && { schema: schemaOut }),
            numArms: instance.numArms,
            milliseconds: ms,
            provenance: instance.provenance,
            warnings: instance.warnings,
          }) + '\n',
        );
      else
        io.stdout.write(
          `wrote ${out}: ${describeInstance(instance)} (generated in ${ms.toFixed(1)} ` +
            `ms)${
              schemaOut
                ? `; its schema (feature names, groups, budget) in ${schemaOut}: read both with ` +
                  `--schema ${schemaOut}`
                : ''
            }\n`,
        );
      return 0;
    }
    if (out) throw new UsageError('"validate" writes nothing; drop --out');
    if (options.json) {
      io.stdout.write(
        JSON.stringify({
          valid: true,
          numArms: instance.numArms,
          numStates: instance.numStates,
          numFeatures: instance.schema.columns.length,
          milliseconds: ms,
          warnings: instance.warnings,
        }) + '\n',
      );
    } else {
      io.stdout.write(`${basename(target)} is valid: ${describeInstance(instance)} (read in ${ms.toFixed(1)} ms)\n`);
      for (const warning of instance.warnings) io.stdout.write(`warning: ${warning}\n`);
    }
    return 0;
  },
};

function list(json: boolean, io: Io): number {
  if (json) {
    io.stdout.write(
      JSON.stringify(
        GENERATORS.map(({ name, description, parameters, ownChoices }) => ({
          name,
          description,
          parameters,
          ownChoices,
        })),
      ) + '\n',
    );
    return 0;
  }
  const width = Math.max(...GENERATORS.map((g) => g.name.length));
  for (const g of GENERATORS) io.stdout.write(`${g.name.padEnd(width)}  ${g.description}\n`);
  return 0;
}

async function estimate(file: string, options: Record<string, string | true>, io: Io): Promise<number> {
  const out = typeof options.out === 'string' ? options.out : undefined;
  if (!out) throw new UsageError('"estimate" needs --out FILE.csv');
  const prior = optionalNumber(options, 'prior', RANGES.prior);
  const minActive = optionalNumber(options, 'min-active', RANGES.minActive);
  const statesGiven = optionalNumber(options, 'states', RANGES.states);
  const started = performance.now();
  const text = await readTextFile(file);
  const result = transitionsFromTrajectories(text, {
    fileName: basename(file),
    prior,
    minActive,
    numStates: statesGiven,
  });
  const ms = performance.now() - started;
  const { ids, numStates, transitions } = result;
  const schema = { columns: [], groups: [] };
  await writeFile(
    out,
    populationToCsv(
      {
        numArms: ids.length,
        numStates,
        ids,
        transitions,
        schema,
        features: new Float64Array(0),
        initial: new Float64Array(0),
      },
      { features: false, initial: false },
    ),
  );
  const filledRows = result.filled.reduce((x, y) => x + y, 0);
  if (options.json) {
    io.stdout.write(
      JSON.stringify({
        out,
        numArms: ids.length,
        numStates,
        counts: ids.map((id, arm) => ({
          id,
          counts: Array.from(result.counts.subarray(arm * numStates * 2, (arm + 1) * numStates * 2)),
        })),
        filledRows,
        warnings: result.warnings,
      }) + '\n',
    );
  } else {
    io.stdout.write(
      `wrote ${out}: transition estimates for ${ids.length} arms, ${numStates} states (${ms.toFixed(1)} ms); ` +
        `${filledRows} active rows filled by the rare-transition rule\n`,
    );
    for (const warning of result.warnings) io.stdout.write(`warning: ${warning}\n`);
  }
  return 0;
}
