// `allot indices`: Whittle indices of the arms of an arm CSV or of a population (a generator or a
// population file with a reward expression, src/cli/arms-source.ts), by the WASM engine.
import {
  countNotIndexable,
  indexOverflowProblem,
  nonIndexableNote,
  verdictName,
} from '../../core/simulation/indexability.ts';
import { loadEngineNode } from '../../engine/load-node.ts';
import { ARMS_SOURCE_HELP, ARMS_SOURCE_OPTIONS, DISCOUNT_OPTION, loadArmsSource } from '../arms-source.ts';
import type { Command } from '../command.ts';
import { RANGES } from '../../core/limits/setting-ranges.ts';
import { numberOption } from '../number-option.ts';

export const indicesCommand: Command = {
  name: 'indices',
  summary:
    'Whittle indices of 2-state arms from a CSV file (columns q00,q01,q10,q11 and optional r0,r1) or of a population',
  usage:
    '(--arms FILE.csv | --population NAME|FILE [--reward EXPR] [--population-seed S] [generator flags]) ' +
    '[--discount 0.9] [--json]',
  details: [
    'FILE has a header with the columns q00,q01,q10,q11: the probability that the next state is 1 given state s',
    'and action a (a = 1 is the active action); optional r0,r1 are the rewards in state 0 and 1 (default 0 and 1).',
    'Other columns (id, ...) are ignored. Prints w0,w1 per arm in input order (w0,...,w<S-1> for S-state',
    'populations, then a verdict column: strongly indexable, indexable or not indexable), numbers in shortest ' +
      'round-trip form;',
    '--json prints {"indices": [[w0, w1], ...], "indexable": [true, ...], "verdict": ["strongly indexable", ...]}. ' +
      'A warning on',
    'stderr counts the arms that are not indexable and says what priority they get.',
    '',
    ARMS_SOURCE_HELP,
    "A population's indices cover all its arms (no per-seed sample), at its own discount unless --discount is given.",
  ].join('\n'),
  options: {
    ...ARMS_SOURCE_OPTIONS,
    discount: { ...DISCOUNT_OPTION, default: '0.9' },
  },
  async run({ options }, io) {
    // Checked first, so that nothing is read with a bad discount; a population takes it as its own.
    const discount = numberOption(options, 'discount', RANGES.discount, 0.9);
    const { instance, ...arms } = await loadArmsSource(options);
    const engine = await loadEngineNode();
    const S = arms.numStates;
    const { indices, indexable } = engine.whittleIndices(
      arms.transitions,
      arms.rewards,
      S,
      instance && options.discount === undefined ? instance.discount : discount,
    );
    // Infinity or NaN is no index (and its verdict means nothing): said in words, nothing printed.
    const overflow = indexOverflowProblem(indices, arms.rewards, S, arms.ids);
    if (overflow) throw new Error(overflow);
    const n = arms.numArms;
    const row = (i: number) => Array.from(indices.subarray(i * S, (i + 1) * S));
    // 2-state arms are always indexable; S-state arms get a verdict column (assembly/whittle-s.ts)
    const verdicts = S > 2;
    if (options.json) {
      io.stdout.write(
        JSON.stringify({
          indices: Array.from({ length: n }, (_, i) => row(i)),
          indexable: Array.from(indexable, (x) => x > 0),
          verdict: Array.from(indexable, verdictName),
        }) + '\n',
      );
    } else {
      const lines = [
        Array.from({ length: S }, (_, s) => `w${s}`)
          .concat(verdicts ? ['verdict'] : [])
          .join(','),
      ];
      for (let i = 0; i < n; i++) lines.push(row(i).join(',') + (verdicts ? `,${verdictName(indexable[i])}` : ''));
      io.stdout.write(lines.join('\n') + '\n');
    }
    const note = nonIndexableNote(countNotIndexable(indexable), n);
    if (note) io.stderr.write(`allot indices: warning: ${note}\n`);
    return 0;
  },
};
