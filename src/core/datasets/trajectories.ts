// Transition estimates from observed trajectories: a CSV with rows `arm,step,state,action`
// (state s_t and the action taken at step t; consecutive steps t, t+1 of one arm make one
// observed transition s_t --a_t--> s_{t+1}).
//
// Prior (allot's choice): a symmetric Dirichlet with `prior` pseudo-counts per next state, so the
// estimate is the posterior mean  P(t | s, a) = (n(s, a, t) + prior) / (n(s, a) + S * prior);
// prior 1 is Laplace's rule of succession.
//
// Rare active transitions (SCLM's problem with real data: few calls, so few active
// observations): when an arm has fewer than `minActive` observed transitions out of (s, action 1),
// its active row is filled as its own passive row shifted by the population's pooled active
// effect from s (pooled active estimate minus pooled passive estimate, over all arms), clipped at 0
// and renormalized. When the whole population has fewer than `minActive` active observations from
// s, the shift is 0 (the active row equals the passive row). Every fill is counted in a warning.
import { CsvError, numberField, parseCsv } from './csv.ts';
import { checkImportSize, MAX_STATES, populationSizeProblem } from './import-limits.ts';

export interface TrajectoryOptions {
  fileName?: string;
  /** Dirichlet pseudo-count per next state; default 1 (Laplace). */
  prior?: number;
  /** Fewer observed active transitions out of a state than this, and the active row is filled; default 5. */
  minActive?: number;
  /** Number of states; default the largest state seen + 1 (at least 2). */
  numStates?: number;
}

export const ESTIMATE_DEFAULTS = { prior: 1, minActive: 5 } as const;

export interface TransitionEstimate {
  /** Arms in order of first appearance in the file. */
  ids: string[];
  numStates: number;
  /** numArms x numStates x 2 x numStates, P(next | state, action). */
  transitions: Float64Array;
  /** numArms x numStates x 2: observed transitions out of (state, action). */
  counts: Int32Array;
  /** numArms x numStates: 1 where the active row out of that state was filled by the rare-transition rule. */
  filled: Uint8Array;
  warnings: string[];
}

export function transitionsFromTrajectories(text: string, options: TrajectoryOptions = {}): TransitionEstimate {
  const fileName = options.fileName ?? 'the file';
  const prior = options.prior ?? ESTIMATE_DEFAULTS.prior;
  const minActive = options.minActive ?? ESTIMATE_DEFAULTS.minActive;
  if (!(prior > 0 && Number.isFinite(prior)))
    throw new Error(`the prior pseudo-count must be a positive number, not ${prior}`);
  if (!(Number.isInteger(minActive) && minActive >= 0))
    throw new Error(`the minimum number of active observations must be a non-negative integer, not ${minActive}`);
  checkImportSize(text.length, fileName);
  const table = parseCsv(text, fileName);
  const col = (name: string) => {
    const i = table.header.indexOf(name);
    if (i === -1)
      throw new CsvError(
        `${fileName}, line ${table.headerLine}: the header has no "${name}" column; trajectories need the columns ` +
          `arm, step, state, action`,
        table.headerLine,
      );
    return i;
  };
  const [armCol, stepCol, stateCol, actionCol] = ['arm', 'step', 'state', 'action'].map(col);
  if (table.rows.length === 0)
    throw new CsvError(
      `${fileName}, line ${table.headerLine}: the file has a header but no rows; add one row per arm and step`,
      table.headerLine,
    );
  const integer = (row: (typeof table.rows)[number], c: number, what: string, ok: (v: number) => boolean) => {
    const v = numberField(table, row, c, fileName);
    if (!Number.isInteger(v) || !ok(v))
      throw new CsvError(
        `${fileName}, line ${row.line}, column ${c + 1} ("${table.header[c]}"): ${row.fields[c].trim()} is not ${what}`,
        row.line,
        c + 1,
        table.header[c],
      );
    return v;
  };

  // Group observations by arm; each arm's steps keyed for the successor lookup.
  const armIndex = new Map<string, number>();
  const ids: string[] = [];
  const perArm: Map<number, { state: number; action: number; line: number }>[] = [];
  let maxState = 1;
  for (const row of table.rows) {
    const id = row.fields[armCol].trim();
    if (id === '')
      throw new CsvError(
        `${fileName}, line ${row.line}, column ${armCol + 1} ("arm"): the arm id is empty`,
        row.line,
        armCol + 1,
        'arm',
      );
    // Steps past 2^53 would make step + 1 equal step: a transition from a step to itself.
    const step = integer(
      row,
      stepCol,
      'a whole step number (0, 1, 2, ... up to 2^53)',
      (v) => v >= 0 && Number.isSafeInteger(v),
    );
    const stateLimit = Math.min(options.numStates ?? MAX_STATES, MAX_STATES);
    const state = integer(
      row,
      stateCol,
      `a state from 0 to ` +
        `${stateLimit - 1}${
          options.numStates
            ? ''
            : ` (allot plans with at most ${MAX_STATES} states: number them ` + `0, 1, 2, ... without gaps)`
        }`,
      (v) => v >= 0 && v < stateLimit,
    );
    const action = integer(row, actionCol, 'an action (0 passive or 1 active)', (v) => v === 0 || v === 1);
    maxState = Math.max(maxState, state);
    let a = armIndex.get(id);
    if (a === undefined) {
      a = ids.length;
      armIndex.set(id, a);
      ids.push(id);
      perArm.push(new Map());
    }
    const previous = perArm[a].get(step);
    if (previous)
      throw new CsvError(
        `${fileName}, line ${row.line}, column ${stepCol + 1} ("step"): arm "${id}" step ${step} already appears ` +
          `on line ${previous.line}; each (arm, step) must appear once`,
        row.line,
        stepCol + 1,
        'step',
      );
    perArm[a].set(step, { state, action, line: row.line });
  }
  const S = options.numStates ?? maxState + 1;
  const N = ids.length;
  const tooBig = populationSizeProblem(N, S);
  if (tooBig) throw new CsvError(`${fileName}: ${tooBig}`, table.headerLine);
  const counts3 = new Float64Array(N * S * 2 * S); // n(arm, s, a, t)
  const pooled = new Float64Array(S * 2 * S);
  for (let arm = 0; arm < N; arm++) {
    for (const [step, obs] of perArm[arm]) {
      const next = perArm[arm].get(step + 1);
      if (!next) continue;
      const k = (obs.state * 2 + obs.action) * S + next.state;
      counts3[arm * S * 2 * S + k]++;
      pooled[k]++;
    }
  }
  const posterior = (n: Float64Array, offset: number, out: Float64Array, outOffset: number) => {
    let total = 0;
    for (let t = 0; t < S; t++) total += n[offset + t];
    for (let t = 0; t < S; t++) out[outOffset + t] = (n[offset + t] + prior) / (total + S * prior);
    return total;
  };
  // Pooled active effect per state: pooled active estimate minus pooled passive estimate (0 when rare).
  const pooledRows = new Float64Array(S * 2 * S);
  const shift = new Float64Array(S * S);
  for (let s = 0; s < S; s++) {
    posterior(pooled, s * 2 * S, pooledRows, s * 2 * S);
    const activeTotal = posterior(pooled, (s * 2 + 1) * S, pooledRows, (s * 2 + 1) * S);
    if (activeTotal >= minActive)
      for (let t = 0; t < S; t++) shift[s * S + t] = pooledRows[(s * 2 + 1) * S + t] - pooledRows[s * 2 * S + t];
  }
  const transitions = new Float64Array(N * S * 2 * S);
  const counts = new Int32Array(N * S * 2);
  const filled = new Uint8Array(N * S);
  const filledIds: string[][] = Array.from({ length: S }, () => []);
  const noData: string[] = [];
  for (let arm = 0; arm < N; arm++) {
    const base = arm * S * 2 * S;
    let armTotal = 0;
    for (let s = 0; s < S; s++) {
      for (let a = 0; a < 2; a++) {
        const n = posterior(counts3, base + (s * 2 + a) * S, transitions, base + (s * 2 + a) * S);
        counts[(arm * S + s) * 2 + a] = n;
        armTotal += n;
      }
      if (counts[(arm * S + s) * 2 + 1] < minActive) {
        filled[arm * S + s] = 1;
        filledIds[s].push(ids[arm]);
        const passive = base + s * 2 * S;
        const active = passive + S;
        let total = 0;
        for (let t = 0; t < S; t++)
          total += transitions[active + t] = Math.max(0, transitions[passive + t] + shift[s * S + t]);
        for (let t = 0; t < S; t++) transitions[active + t] /= total;
      }
    }
    if (armTotal === 0) noData.push(ids[arm]);
  }
  const warnings: string[] = [];
  const list = (names: string[]) =>
    names
      .slice(0, 10)
      .map((n) => `"${n}"`)
      .join(', ') + (names.length > 10 ? `, and ${names.length - 10} more` : '');
  for (let s = 0; s < S; s++) {
    const few = filledIds[s];
    if (few.length === 0) continue;
    const pooledActive = pooled.subarray((s * 2 + 1) * S, (s * 2 + 2) * S).reduce((x, y) => x + y, 0);
    warnings.push(
      `${few.length} of ${N} arms have fewer than ${minActive} observed active transitions from state ${s}, too ` +
        `few to trust: their active row from state ${s} was filled as the passive row ` +
        (pooledActive >= minActive
          ? `plus the population's pooled active effect (from ${pooledActive} active observations)`
          : `(the whole population has only ${pooledActive} active observations from state ${s}, so no effect ` +
            `was added)`) +
        `: ${list(few)}`,
    );
  }
  if (noData.length)
    warnings.push(
      `${noData.length} arms have no consecutive steps, so no observed transitions; their estimates are the prior ` +
        `alone: ${list(noData)}`,
    );
  return { ids, numStates: S, transitions, counts, filled, warnings };
}
