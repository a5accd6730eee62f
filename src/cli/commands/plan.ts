// `allot plan`: the weekly call list on the command line, on the same core as the Plan screen
// (src/core/plan/). Creating a plan writes week 1's list; applying a week's outcomes writes the next.
// Nothing is written until everything read is valid.
import type { Command } from '../command.ts';

export const planCommand: Command = {
  name: 'plan',
  summary: 'the weekly call list: who to call this week under a reward and budget, and why; then apply the week\'s outcomes',
  usage:
    '--register FILE|NAME --reward EXPR --budget B [--features FILE.csv] [--exclude IDS.csv] [--cooldown K] [--min-share GROUP=BUCKET:SHARE]... ' +
    '[--max-share GROUP=BUCKET:SHARE]... [--seed S] --state PLAN.json [--out calls.csv] [--json]\n' +
    '       allot plan --state PLAN.json --outcomes WEEK.csv [--replace] [--out calls.csv] [--json]',
  options: {
    register: { type: 'string', value: 'FILE|NAME', description: 'a register CSV (population CSV with a state column, or a history CSV id,week,state,called) or a built-in population (dlm, sclm, multilingual) with simulated histories' },
    features: { type: 'string', value: 'FILE.csv', description: 'features of a history register (id and feature columns)' },
    reward: { type: 'string', value: 'EXPR', description: 'the reward expression (Python subset over state and agent_feats)' },
    budget: { type: 'string', value: 'B', description: 'calls per week' },
    exclude: { type: 'string', value: 'IDS.csv', description: 'ids never to call (an id column, or one id per line)' },
    cooldown: { type: 'string', value: 'K', description: 'do not call anyone called in the last K weeks', default: '0' },
    'min-share': { type: 'string', value: 'GROUP=BUCKET:SHARE', description: 'at least SHARE of calls to a bucket of a feature group (repeatable)', repeatable: true },
    'max-share': { type: 'string', value: 'GROUP=BUCKET:SHARE', description: 'at most SHARE of calls to a bucket of a feature group (repeatable)', repeatable: true },
    seed: { type: 'string', value: 'S', description: 'seed of the tie and posterior draws (and of a built-in register)', default: '0' },
    state: { type: 'string', value: 'PLAN.json', description: 'the plan file: written when creating a plan, read and updated when applying outcomes' },
    outcomes: { type: 'string', value: 'WEEK.csv', description: 'the week\'s outcomes: id, called, engaged (0/1)' },
    replace: { type: 'flag', description: 'replace the last applied week with these outcomes' },
    out: { type: 'string', value: 'calls.csv', description: 'write the list as CSV: id, rank, index, default_rank, reason, features' },
  },
  async run() {
    throw new Error('allot plan: not implemented yet');
  },
};
