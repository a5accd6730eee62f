// Does the list work here? The holdout's evidence (holdout.ts): engaged weeks per mother in each arm,
// the difference with its 95 % confidence interval, and before the first week the smallest difference
// the plan can expect to detect.
//
// Repeated weeks of one mother are not independent, so the unit is the mother: y_i = her share of
// weeks engaged since the plan began (weeks she was observed: enrolled and not yet left), then a
// two-sample comparison of the arms' means (Welch): effect = mean_plan(y) - mean_holdout(y),
// SE = sqrt(s_p^2 / n_p + s_h^2 / n_h), 95 % interval effect +- t(0.975, df) SE with the
// Welch-Satterthwaite df. The randomization (holdout.ts) makes the arms comparable.
//
// Minimum detectable effect at 80 % power, 5 % two-sided: MDE = (1.96 + 0.84) SE, SE = sigma
// sqrt(1 / (N (1 - share)) + 1 / (N share)), sigma^2 the variance over mothers of y_i expected from
// the register: each mother's chain over the weeks, called with probability B / N a week, started in
// her current state; sigma^2 = var_i(E y_i) + mean_i(var y_i) (the law of total variance), with
// E and var of her share of T weeks by a forward recursion (P^k's diagonal at the engaged state).
import { betaQuantile } from './incomplete-beta.ts';
import { MISSING, type History } from './register.ts';
import { percent } from '../words/percent.ts';
import { weekBytes } from './week-states.ts';

export interface ArmOutcome {
  /** Mothers of the arm with at least one week observed since the plan began. */
  mothers: number;
  /** Engaged weeks per mother (mean over the arm). */
  engagedWeeks: number;
  /** Mean over mothers of her share of weeks engaged, and its standard deviation over mothers. */
  share: number;
  sd: number;
}

export interface HoldoutEvidence {
  /** Weeks with outcomes since the plan began. */
  weeks: number;
  plan: ArmOutcome;
  holdout: ArmOutcome;
  /** plan - holdout, in shares of weeks engaged (x 100: points). */
  effect: number;
  se: number;
  df: number;
  ci95: [number, number];
}

/**
 * The evidence after the weeks applied since history week `startIndex` (the index in history.states of
 * the plan's first list: the outcomes are states[startIndex + 1 ..]). Null until each arm has two mothers observed.
 */
export function holdoutEvidence(
  history: History,
  inHoldout: Uint8Array,
  startIndex: number,
  numStates: number,
): HoldoutEvidence | null {
  const all = holdoutEvidenceByWeek(history, inHoldout, startIndex, numStates);
  return all.length ? all[all.length - 1] : null;
}

/**
 * The evidence as it stood after each applied week since `startIndex` (entry k: after k + 1 weeks), as
 * holdoutEvidence on the history cut there. Each week's outcomes are counted once into running counts
 * per mother, so the cost is linear in the weeks (one pass over the mothers a week).
 */
export function holdoutEvidenceByWeek(
  history: History,
  inHoldout: Uint8Array,
  startIndex: number,
  numStates: number,
): (HoldoutEvidence | null)[] {
  const N = inHoldout.length,
    engaged = numStates - 1;
  const seen = new Uint16Array(N),
    hits = new Uint16Array(N);
  const out: (HoldoutEvidence | null)[] = [];
  for (let w = startIndex + 1; w < history.states.length; w++) {
    const states = weekBytes(history.states[w]);
    for (let arm = 0; arm < N; arm++) {
      const s = states[arm];
      if (s === MISSING) continue;
      seen[arm]++;
      if (s === engaged) hits[arm]++;
    }
    out.push(evidenceOf(seen, hits, inHoldout, w - startIndex));
  }
  return out;
}

/** The arms' outcomes and the effect from the running counts per mother after `weeks` weeks. */
function evidenceOf(
  seen: Uint16Array,
  hits: Uint16Array,
  inHoldout: Uint8Array,
  weeks: number,
): HoldoutEvidence | null {
  const N = inHoldout.length;
  const n = [0, 0],
    sum = [0, 0],
    sumSq = [0, 0],
    weeksEngaged = [0, 0];
  for (let arm = 0; arm < N; arm++) {
    const h = inHoldout[arm];
    if (seen[arm] === 0 || h > 1) continue;
    const y = hits[arm] / seen[arm];
    n[h]++;
    sum[h] += y;
    sumSq[h] += y * y;
    weeksEngaged[h] += hits[arm];
  }
  const arms = [0, 1].map((h) => {
    const mean = n[h] ? sum[h] / n[h] : NaN;
    const variance = n[h] > 1 ? Math.max(0, (sumSq[h] - n[h] * mean * mean) / (n[h] - 1)) : NaN;
    const engagedWeeks = n[h] ? weeksEngaged[h] / n[h] : NaN;
    const outcome: ArmOutcome = { mothers: n[h], engagedWeeks, share: mean, sd: Math.sqrt(variance) };
    return { outcome, variance };
  });
  const [plan, holdout] = arms;
  if (plan.outcome.mothers < 2 || holdout.outcome.mothers < 2) return null;
  const a = plan.variance / plan.outcome.mothers,
    b = holdout.variance / holdout.outcome.mothers;
  const se = Math.sqrt(a + b);
  const np = plan.outcome.mothers,
    nh = holdout.outcome.mothers;
  const df = a + b > 0 ? ((a + b) * (a + b)) / ((a * a) / (np - 1) + (b * b) / (nh - 1)) : np + nh - 2;
  const effect = plan.outcome.share - holdout.outcome.share;
  const t = tQuantile975(df);
  const ci95: [number, number] = [effect - t * se, effect + t * se];
  return { weeks, plan: plan.outcome, holdout: holdout.outcome, effect, se, df, ci95 };
}

/** Student's t 0.975 quantile with df degrees of freedom: P(|T| > t) = I_{df / (df + t^2)}(df / 2, 1 / 2) = 0.05. */
export function tQuantile975(df: number): number {
  if (df > 1e7) return 1.959963984540054;
  const x = betaQuantile(0.05, df / 2, 0.5);
  return Math.sqrt((df * (1 - x)) / x);
}

/** 1.96 + 0.84: 5 % two-sided and 80 % power. */
export const MDE_FACTOR = 2.8;

export interface MdeInput {
  /** numArms x S x 2 x S: the transitions the plan sees (posterior means or given). */
  transitions: Float64Array;
  /** numArms: her current state. */
  state: Uint8Array;
  numStates: number;
  /** Calls per week over the mothers who may be called: each mother's chance of a call in a week. */
  callRate: number;
  weeks: number;
  /** The holdout's share of the register, in (0, 1). */
  share: number;
}

/** Mothers whose chains the variance is averaged over (an even stride beyond this). */
export const MDE_SAMPLE = 20000;

/** The minimum detectable effect (share of weeks engaged), its SE and the per-mother sigma. */
export function minimumDetectableEffect(input: MdeInput): { mde: number; se: number; sigma: number } {
  const { transitions, state, numStates: S, callRate: r, weeks: T, share } = input;
  const N = state.length;
  if (!(share > 0 && share < 1)) throw new RangeError(`the holdout share must be in (0, 1), not ${share}`);
  if (!(Number.isInteger(T) && T >= 1)) throw new RangeError(`weeks must be a whole number >= 1, not ${T}`);
  const e = S - 1,
    stride = Math.max(1, Math.ceil(N / MDE_SAMPLE));
  const P = new Float64Array(S * S),
    pi = new Float64Array(S),
    v = new Float64Array(S),
    tmp = new Float64Array(S);
  const prefix = new Float64Array(T);
  let n = 0,
    sumMean = 0,
    sumMeanSq = 0,
    sumVar = 0;
  for (let arm = 0; arm < N; arm += stride) {
    for (let s = 0; s < S; s++) {
      const row = (arm * S + s) * 2 * S;
      for (let t = 0; t < S; t++) P[s * S + t] = (1 - r) * transitions[row + t] + r * transitions[row + S + t];
    }
    // prefix[j] = sum_{k=1..j} (P^k)_{e,e}
    v.fill(0);
    v[e] = 1;
    for (let k = 1; k < T; k++) {
      step(v, P, S, tmp);
      prefix[k] = prefix[k - 1] + v[e];
    }
    pi.fill(0);
    pi[state[arm]] = 1;
    let first = 0,
      second = 0;
    for (let t = 1; t <= T; t++) {
      step(pi, P, S, tmp);
      first += pi[e];
      second += pi[e] + 2 * pi[e] * prefix[T - t];
    }
    const mean = first / T;
    sumMean += mean;
    sumMeanSq += mean * mean;
    sumVar += Math.max(0, second / (T * T) - mean * mean);
    n++;
  }
  const meanOfMeans = sumMean / n;
  const sigma = Math.sqrt(Math.max(0, sumMeanSq / n - meanOfMeans * meanOfMeans) + sumVar / n);
  const se = sigma * Math.sqrt(1 / (N * (1 - share)) + 1 / (N * share));
  return { mde: MDE_FACTOR * se, se, sigma };
}

/** x <- x P (a row vector times the S x S matrix). */
function step(x: Float64Array, P: Float64Array, S: number, tmp: Float64Array): void {
  tmp.fill(0);
  for (let s = 0; s < S; s++) for (let t = 0; t < S; t++) tmp[t] += x[s] * P[s * S + t];
  x.set(tmp);
}

/** "with 3,000 mothers and 300 calls a week, 12 weeks can detect a difference of 2.1 points or more ..." */
export function mdeSentence(mothers: number, callsPerWeek: number, weeks: number, mde: number, share: number): string {
  const count = (n: number) => n.toLocaleString('en-US');
  return (
    `with ${count(mothers)} mothers and ${count(callsPerWeek)} calls a week, ${weeks} week${weeks === 1 ? '' : 's'} ` +
    `can detect a difference of ${(100 * mde).toFixed(1)} points or more in the share of weeks engaged ` +
    `(80% power, 5% two-sided, ${percent(share, 0)} of mothers held out)`
  );
}
