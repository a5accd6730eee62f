// `allot indices`: Whittle indices of the 2-state arms of a CSV file, by the WASM engine.
import { readFile } from 'node:fs/promises';
import { parseArmsCsv } from '../../core/datasets/arms-csv.ts';
import { loadEngineNode } from '../../engine/load-node.ts';
import { UsageError } from '../args.ts';
import type { Command } from '../command.ts';
import { numberOption } from '../number-option.ts';

export const indicesCommand: Command = {
  name: 'indices',
  summary: 'Whittle indices of 2-state arms from a CSV file (columns q00,q01,q10,q11 and optional r0,r1)',
  usage: '--arms FILE.csv [--discount 0.9] [--json]',
  details: [
    'FILE has a header with the columns q00,q01,q10,q11: the probability that the next state is 1 given state s',
    'and action a (a = 1 is the active action); optional r0,r1 are the rewards in state 0 and 1 (default 0 and 1).',
    'Other columns (id, ...) are ignored. Prints w0,w1 per arm in input order, numbers in shortest round-trip form;',
    '--json prints {"indices": [[w0, w1], ...], "indexable": [...]}.',
  ].join('\n'),
  options: {
    arms: { type: 'string', value: 'FILE', description: 'the arms, one CSV row each' },
    discount: { type: 'string', value: 'D', description: 'discount in [0, 1)', default: '0.9' },
  },
  async run({ options }, io) {
    const discount = numberOption(options, 'discount', { min: 0, below: 1 }, 0.9);
    if (typeof options.arms !== 'string') throw new UsageError('option "--arms" is required');
    const arms = parseArmsCsv(await readFile(options.arms, 'utf8'), options.arms);
    const engine = await loadEngineNode();
    const { indices, indexable } = engine.whittleIndices(arms.transitions, arms.rewards, 2, discount);
    const n = arms.ids.length;
    if (options.json) {
      const rows = Array.from({ length: n }, (_, i) => [indices[2 * i], indices[2 * i + 1]]);
      io.stdout.write(JSON.stringify({ indices: rows, indexable: Array.from(indexable, (x) => x === 1) }) + '\n');
    } else {
      const lines = ['w0,w1'];
      for (let i = 0; i < n; i++) lines.push(`${indices[2 * i]},${indices[2 * i + 1]}`);
      io.stdout.write(lines.join('\n') + '\n');
    }
    return 0;
  },
};
