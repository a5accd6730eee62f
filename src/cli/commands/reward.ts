// `allot reward`: parse and check one reward expression against a schema (names, indices,
// diagnostics), and with --features compute its reward for one arm in states 0 and 1.
import { compileReward } from '../../core/reward/compile-reward.ts';
import { probePopulation } from '../../core/reward/probe-population.ts';
import { parseReward } from '../../core/reward/parse-reward.ts';
import { UsageError } from '../args.ts';
import type { Command } from '../command.ts';
import { loadSchema } from '../load-schema.ts';

const NUM_STATES = 2;

export const rewardCommand: Command = {
  name: 'reward',
  summary: 'check a reward expression against a schema and compute it',
  usage: '--schema NAME|FILE --expr "..." [--features v0,v1,...] [--json]',
  options: {
    schema: {
      type: 'string',
      value: 'NAME|FILE',
      description:
        'built-in schema (dlm43), a generator (dlm, sclm, multilingual: its schema), a JSON FeatureSchema, an ' +
        'instance file (.json) or a population CSV',
    },
    expr: {
      type: 'string',
      value: 'EXPR',
      description: 'the reward expression (write --expr=... when it starts with -)',
    },
    features: {
      type: 'string',
      value: 'V0,V1,...',
      description: "one arm's feature values, one per schema column: prints its reward in states 0 and 1",
    },
  },
  details: [
    'The expression is the Python subset that LLMs write (state, agent_feats[i], agent_feats.name,',
    'arithmetic, comparisons, and/or/not, a if c else b, if_ max min abs float int bool round), optionally',
    'as "lambda agent_feats, state: ..." and wrapped in $$$, backticks or a code fence.',
    '',
    'increasing_in_state and nonnegative are checked over probe arms covering every combination of the',
    'one-hot groups the expression reads and a range of values for the other columns it reads (plus the',
    '--features arm), in states 0 and 1.',
    '',
    'A schema FILE is JSON: {"columns": [{"name": "age", "type": "integer", "label": "Age",',
    '"description": "...", "group": null}, ...], "groups": [{"name": "Ages", "kind": "one-hot",',
    '"columns": [3, 4, 5], "ordered": true, "buckets": ["10-20", "21-30", "31-40"]}]}; name and type',
    '("binary", "integer" or "continuous") are required, the rest optional. A generator name, an allot instance',
    'file (.json with "format": "allot-instance") or a population CSV gives its population\'s schema (a CSV\'s as',
    '`allot dataset validate` infers it).',
    '',
    'Exit code 1 with {"error": {"message", "position", "hint"}} when the expression is refused.',
  ].join('\n'),
  async run({ options }, io) {
    if (typeof options.schema !== 'string') throw new UsageError('--schema is required');
    if (typeof options.expr !== 'string') throw new UsageError('--expr is required');
    const schema = await loadSchema(options.schema);
    const n = schema.columns.length;
    let arm: number[] | null = null;
    if (typeof options.features === 'string') {
      arm = options.features.split(',').map((text, i) => {
        const v = Number(text.trim());
        if (text.trim() === '' || !Number.isFinite(v))
          throw new UsageError(`--features: value ${i} ("${text}") is not a finite number`);
        return v;
      });
      if (arm.length !== n) throw new UsageError(`--features: ${arm.length} values given, the schema has ${n} columns`);
    }
    const expr = options.expr;
    const parsed = parseReward(expr, schema);
    const fail = (error: { message: string; position: number; hint: string; excerpt: string }) => {
      if (options.json)
        io.stdout.write(
          JSON.stringify({ error: { message: error.message, position: error.position, hint: error.hint } }) + '\n',
        );
      else
        io.stderr.write(
          `allot reward: ${error.message}\n${error.excerpt}\n${error.hint ? `hint: ${error.hint}\n` : ''}`,
        );
      return 1;
    };
    if (!parsed.ok) return fail(parsed.error);
    // The --features arm comes first, so that an error there names arm 0; the probe arms follow.
    const probe = probePopulation(schema, parsed.featuresUsed);
    const features = new Float64Array((probe.numArms + (arm ? 1 : 0)) * n);
    if (arm) features.set(arm);
    features.set(probe.features, arm ? n : 0);
    const result = compileReward(expr, { numArms: features.length / n, numStates: NUM_STATES, schema, features });
    if (!result.ok) return fail(result.error);
    const d = result.diagnostics;
    const reward = arm ? [result.table[0], result.table[1]] : null;
    if (options.json) {
      io.stdout.write(
        JSON.stringify({
          features_used: d.featuresUsed,
          increasing_in_state: d.increasingInState,
          nonnegative: d.nonnegative,
          normalized: d.normalized,
          range: d.range,
          ...(reward ? { reward } : {}),
        }) + '\n',
      );
      return 0;
    }
    const yes = (b: boolean) => (b ? 'yes' : 'no');
    io.stdout.write(
      [
        `normalized:          ${d.normalized}`,
        `features used:       ` +
          (d.featuresUsed.map((i) => `${i} (${schema.columns[i].label || schema.columns[i].name})`).join(', ') ||
            'none'),
        `increasing in state: ${yes(d.increasingInState)}   (over ${features.length / n} arms x ${NUM_STATES} states)`,
        `nonnegative:         ${yes(d.nonnegative)}`,
        `range:               ${d.range[0]} to ${d.range[1]}`,
        ...(reward ? [`reward:              ${reward[0]} (state 0), ${reward[1]} (state 1)`] : []),
        '',
      ].join('\n'),
    );
    return 0;
  },
};
