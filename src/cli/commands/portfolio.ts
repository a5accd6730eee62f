// `allot portfolio`: a small set of policies from a pool that stays near-optimal for every p-mean
// welfare function (p-MeanPortfolio or Budget-ConstrainedPortfolio), with its approximation factor.
import { parsePolicyUtilities } from '../../core/datasets/policy-utilities-csv.ts';
import { approximationFactor } from '../../core/portfolio/approximation-factor.ts';
import { budgetPortfolio } from '../../core/portfolio/budget-portfolio.ts';
import { pGrid } from '../../core/portfolio/p-grid.ts';
import { pMeanPortfolio } from '../../core/portfolio/p-mean-portfolio.ts';
import { UsageError } from '../args.ts';
import { readTextFile } from '../read-text-file.ts';
import type { Command } from '../command.ts';
import { RANGES } from '../../core/limits/setting-ranges.ts';
import { numberOption } from '../number-option.ts';

export const portfolioCommand: Command = {
  name: 'portfolio',
  summary: 'a small policy portfolio that is near-optimal for every p-mean welfare',
  usage:
    '--utilities FILE.csv [--drop-zero-default] (--alpha A | --budget K --initial-p P) [--grid N] [--grid-alpha ' +
    'A] [--json]',
  options: {
    utilities: {
      type: 'string',
      value: 'FILE.csv',
      description: 'columns Key, Category, then one column per policy (the first the default); one row per stakeholder',
    },
    'drop-zero-default': {
      type: 'flag',
      description: 'drop the stakeholders whose utility under the default policy is 0',
    },
    alpha: {
      type: 'string',
      value: 'A',
      description: 'p-MeanPortfolio with approximation target A',
      range: RANGES.portfolioAlpha,
    },
    budget: {
      type: 'string',
      value: 'K',
      description: 'Budget-ConstrainedPortfolio with K oracle calls',
      range: RANGES.oracleCalls,
    },
    'initial-p': {
      type: 'string',
      value: 'P',
      description: 'the first p of Budget-ConstrainedPortfolio (the paper uses -100)',
      range: RANGES.initialP,
    },
    grid: {
      type: 'string',
      value: 'N',
      description: 'points of the p-grid for the approximation factor',
      default: '500',
      range: RANGES.grid,
    },
    'grid-alpha': {
      type: 'string',
      value: 'A',
      description: "alpha that places the grid's split point p_mid = -ln d / ln(1/A)",
      default: '0.6',
      range: RANGES.portfolioAlpha,
    },
  },
  details: [
    'Output: the portfolio size (distinct policies), the p at which each policy was chosen, the policies (column',
    'names), the oracle calls (argmax over the pool; every call counted, including the first one at p0) and the',
    'approximation factor: the minimum over the p-grid of best-in-portfolio / best-in-pool welfare.',
  ].join('\n'),
  async run({ options }, io) {
    if (typeof options.utilities !== 'string') throw new UsageError('--utilities is required');
    const useAlpha = options.alpha !== undefined;
    if (useAlpha === (options.budget !== undefined))
      throw new UsageError('give either --alpha A or --budget K --initial-p P');
    if (!useAlpha && options['initial-p'] === undefined) throw new UsageError('--budget needs --initial-p P');
    if (useAlpha && options['initial-p'] !== undefined)
      throw new UsageError('--initial-p goes with --budget, not --alpha');
    const alpha = useAlpha ? numberOption(options, 'alpha', RANGES.portfolioAlpha) : 0;
    const budget = useAlpha ? 0 : numberOption(options, 'budget', RANGES.oracleCalls);
    const initialP = useAlpha ? 0 : numberOption(options, 'initial-p', RANGES.initialP);
    const gridSize = numberOption(options, 'grid', RANGES.grid, 500);
    const gridAlpha = numberOption(options, 'grid-alpha', RANGES.portfolioAlpha, 0.6);

    const text = await readTextFile(options.utilities);
    const { pool, policyNames } = parsePolicyUtilities(text, options.utilities, options['drop-zero-default'] === true);
    const result = useAlpha ? pMeanPortfolio(pool, alpha) : budgetPortfolio(pool, budget, initialP);
    const approximation = approximationFactor(pool, result.policies, pGrid(pool.numStakeholders, gridAlpha, gridSize));
    const output = {
      size: new Set(result.policies).size,
      p_values: result.pValues,
      policies: result.policies.map((k) => policyNames[k]),
      oracle_calls: result.oracleCalls,
      approximation,
    };
    if (options.json) io.stdout.write(`${JSON.stringify(output)}\n`);
    else {
      io.stdout.write(
        `${pool.numStakeholders} stakeholders, ${pool.numPolicies} policies; ` +
          `${
            useAlpha
              ? `p-MeanPortfolio, alpha ${alpha}`
              : `Budget-ConstrainedPortfolio, budget ${budget}, ` + `initial p ${initialP}`
          }\n`,
      );
      result.policies.forEach((k, i) =>
        io.stdout.write(`  p = ${result.pValues[i].toFixed(3).padStart(9)}  ${policyNames[k]}\n`),
      );
      io.stdout.write(
        `size ${output.size}, oracle calls ${output.oracle_calls}, approximation ${approximation.toFixed(4)} on a ` +
          `${gridSize}-point p-grid\n`,
      );
    }
    return 0;
  },
};
