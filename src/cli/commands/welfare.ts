// `allot welfare`: the generalized p-mean of a score vector (utilitarian p = 1, Nash p = 0, egalitarian p = -inf).
import { parseP } from '../../core/welfare/parse-p.ts';
import { pMean } from '../../core/welfare/p-mean.ts';
import { UsageError } from '../args.ts';
import type { Command } from '../command.ts';
import { parseNumberList } from '../number-option.ts';

export const welfareCommand: Command = {
  name: 'welfare',
  summary: 'the p-mean welfare of a score vector',
  usage: '--scores S1,S2,... --p P [--weights W1,W2,...] [--json]',
  options: {
    scores: { type: 'string', value: 'S1,S2,...', description: 'the scores, comma-separated, each >= 0' },
    p: {
      type: 'string',
      value: 'P',
      description: 'a number <= 1, -inf, utilitarian (1), nash (0) or egalitarian (-inf); --p -1 and --p=-1 both work',
    },
    weights: {
      type: 'string',
      value: 'W1,W2,...',
      description: 'one weight per score, >= 0, summing to 1',
      default: 'equal weights',
    },
  },
  details: [
    'M_p(x) = (sum_i w_i x_i^p)^(1/p); p = 0 is the weighted geometric mean, p = -inf the minimum.',
    'A score of 0 is allowed: for p <= 0 it makes the welfare 0 (the limit), for p > 0 it adds nothing.',
    "Negative scores are refused: divide by the default policy's value or min-max normalize first.",
  ].join('\n'),
  async run({ options }, io) {
    if (typeof options.scores !== 'string') throw new UsageError('--scores is required');
    if (typeof options.p !== 'string') throw new UsageError('--p is required');
    const scores = parseNumberList(options.scores, '--scores');
    const weights = typeof options.weights === 'string' ? parseNumberList(options.weights, '--weights') : undefined;
    let p: number;
    let value: number;
    try {
      p = parseP(options.p);
      value = pMean(scores, p, weights);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    io.stdout.write(options.json ? `${JSON.stringify({ value })}\n` : `${value}\n`);
    return 0;
  },
};
