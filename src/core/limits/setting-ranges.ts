// The range of every number a user can type, defined once: the command line checks its flags against
// these before any work and prints them in --help (src/cli/number-option.ts), and the app's forms
// use the same ones for their fields and checks. Past these bounds a command would run for days,
// exhaust the machine's memory (a trade-off grid of 10^9 points, 10^6 weeks of history), or mean
// nothing (a seed the generator cannot take, more calls than beneficiaries).

export interface NumberRange {
  /** Whole numbers only. */
  integer: boolean;
  min: number;
  max: number;
  /** The minimum itself is not allowed: (min, max]. */
  minExcluded?: boolean;
  /** The maximum itself is not allowed: [min, max). */
  maxExcluded?: boolean;
}

const whole = (min: number, max: number): NumberRange => ({ integer: true, min, max });
const real = (min: number, max: number, maxExcluded = false): NumberRange => ({
  integer: false,
  min,
  max,
  ...(maxExcluded && { maxExcluded }),
});
const open = (min: number, max: number): NumberRange => ({
  integer: false,
  min,
  max,
  minExcluded: true,
  maxExcluded: true,
});

export const RANGES = {
  /** Every seed (simulations, generators, the plan's draws): the generators take unsigned 32-bit seeds. */
  seed: whole(0, 2 ** 32 - 1),
  /** Evaluation seeds of a protocol (DLM evaluates 200). */
  seeds: whole(1, 10_000),
  /** Simulated trials per policy or per seed. */
  trials: whole(1, 100_000),
  /** Beneficiaries (arms) of a generated population. */
  arms: whole(1, 10_000_000),
  /** Calls per step or week; never more than the arms (budgetProblem). */
  budget: whole(1, 10_000_000),
  /** Steps per simulated trial: DLM uses 10, SCLM 12; 10,000 weekly steps are two centuries. */
  horizon: whole(1, 10_000),
  discount: real(0, 1, true),
  /** A probability or a share, e.g. P(state 1) at the start. */
  probability: real(0, 1),
  /** Points of the trade-off dial from lambda 0 to the largest lambda. */
  points: whole(2, 200),
  /** The largest lambda of the dial. */
  lambdaMax: real(0.1, 100),
  /** The engagement loss accepted for a priority (0.99: 99 %). */
  maxLoss: real(0, 0.99),
  /** DLM: rounds, candidates per round, LLM attempts per reply; SCLM: the same for clause rewards. */
  rounds: whole(1, 20),
  candidates: whole(1, 50),
  attempts: whole(1, 10),
  /** SCLM's assumed multiplicative score noise. */
  epsilon: real(0, 1, true),
  /** The weekly plan: beneficiaries and weeks of a built-in register's simulated history, cooldown, posterior draws. */
  registerArms: whole(10, 2_000_000),
  weeks: whole(1, 104),
  cooldown: whole(0, 520),
  draws: whole(0, 200),
  /** The plan's randomized holdout: the share held out (0: none) and the weeks its MDE is stated for. */
  holdoutShare: real(0, 0.5),
  holdoutWeeks: whole(1, 520),
  /** A health worker's calls a week (capacity, minimum). */
  capacity: whole(0, 1_000_000),
  /** Weeks in a row not engaged before a mother is no longer listed. */
  deactivateAfter: whole(1, 520),
  /** Independent runs per cell of the multilingual study. */
  studyRuns: whole(1, 100),
  /** Timed runs of a benchmark workload, and the arms of its S-state workload. */
  repeat: whole(1, 1000),
  sstateArms: whole(1, 1_000_000),
  /** Portfolio: the approximation target alpha (and the grid's), the p-grid's points, oracle calls of
   *  Budget-ConstrainedPortfolio, its first p. */
  portfolioAlpha: open(0, 1),
  grid: whole(4, 100_000),
  oracleCalls: whole(1, 10_000),
  initialP: real(-1e6, 1, true),
  /** Trajectory estimates: Dirichlet pseudo-counts, the fewest active observations, states per arm. */
  prior: { integer: false, min: 0, max: 1e6, minExcluded: true },
  minActive: whole(0, 1_000_000),
  states: whole(2, 255),
  /** LLM calls: sampling temperature, reply tokens, seconds per attempt. */
  temperature: real(0, 2),
  maxTokens: whole(1, 10_000_000),
  timeout: real(0.001, 86_400),
} as const satisfies Record<string, NumberRange>;

const number = (x: number) => x.toLocaleString('en-US', { maximumFractionDigits: 6 });

/** "a whole number from 0 to 200", "a number from 0.1 to 100", "a number in [0, 1)". */
export function describeRange(range: NumberRange): string {
  if (range.minExcluded || range.maxExcluded) {
    const [left, right] = [range.minExcluded ? '(' : '[', range.maxExcluded ? ')' : ']'];
    return `a number in ${left}${number(range.min)}, ${number(range.max)}${right}`;
  }
  return `${range.integer ? 'a whole number' : 'a number'} from ${number(range.min)} to ${number(range.max)}`;
}

/** Whether `value` lies in `range` (NaN never does). */
export function inRange(value: number, range: NumberRange): boolean {
  const above = range.minExcluded ? value > range.min : value >= range.min;
  const below = range.maxExcluded ? value < range.max : value <= range.max;
  return above && below && (!range.integer || Number.isInteger(value));
}

/** Why a budget cannot be used with `numArms` arms, or null: within RANGES.budget and at most the arms. */
export function budgetProblem(budget: number, numArms: number): string | null {
  const outside = rangeProblem('the budget', budget, RANGES.budget);
  if (outside) return outside;
  const arms = `${number(numArms)} arm${numArms === 1 ? '' : 's'}`;
  if (budget > numArms) return `the budget ${number(budget)} is more than the ${arms}`;
  return null;
}

/** "Points on the curve must be a whole number from 2 to 200, not 1,000,000,000", or null when in range. */
export function rangeProblem(what: string, value: number, range: NumberRange): string | null {
  if (inRange(value, range)) return null;
  return `${what} must be ${describeRange(range)}, not ${Number.isNaN(value) ? 'empty' : number(value)}`;
}
