// The one constructor of Instance: validates everything once, so that every layer downstream can
// trust the shapes. Errors name the arm (id and 1-based position), the column and the value.
import { MAX_HORIZON, MAX_STATES, populationSizeProblem } from '../datasets/import-limits.ts';
import { cloneJson } from './clone-json.ts';
import { InstanceError } from './instance-error.ts';
import { numberedIds } from './numbered-ids.ts';
import { validateSchema } from './validate-schema.ts';
import type { FeatureSchema, Instance, Provenance } from './types.ts';
import { NUM_ACTIONS } from './types.ts';

export { InstanceError } from './instance-error.ts';
export { validateSchema } from './validate-schema.ts';

/** A probability row may miss 1 by this much and is accepted as is. */
export const SUM_TOLERANCE = 1e-9;
/** A row that misses 1 by more than SUM_TOLERANCE but at most this is renormalized with a warning. */
export const RENORMALIZE_TOLERANCE = 1e-6;

export interface InstanceInput {
  numArms: number;
  /** Default 2. */
  numStates?: number;
  /** Default "0", "1", ... */
  ids?: string[];
  /** numArms x numStates x 2 x numStates, row-major, P(next | state, action). */
  transitions: ArrayLike<number>;
  schema: FeatureSchema;
  /** numArms x numFeatures, row-major. */
  features: ArrayLike<number>;
  /** numArms x numStates; default uniform over states. */
  initial?: ArrayLike<number>;
  budget: number;
  horizon: number;
  discount: number;
  sampleSize?: number;
  provenance: Provenance;
  warnings?: string[];
}

/** The name of transition entry P(next = t | state s, action a), as in the population CSV format. */
export const transitionColumn = (s: number, a: number, t: number | '*') => `p_${s}_${a}_${t}`;

/**
 * Validates the input and returns a fresh Instance that owns copies of its arrays. adopt: the input's
 * Float64Arrays are the caller's to give away (a generator's fresh arrays), so they are taken as they
 * are, clipped and renormalized in place: at 3 x 10^6 arms a copy would be 300 MB more for a while.
 */
export function createInstance(input: InstanceInput, { adopt = false }: { adopt?: boolean } = {}): Instance {
  const { numArms, schema } = input;
  const numStates = input.numStates ?? 2;
  const warnings = [...(input.warnings ?? [])];
  if (!Number.isInteger(numArms) || numArms < 1) {
    throw new InstanceError(
      numArms === 0
        ? 'the population has no arms: add at least one arm'
        : `numArms must be a positive integer, not ${numArms}`,
      undefined,
      'numArms',
      numArms,
    );
  }
  if (!Number.isInteger(numStates) || numStates < 2)
    throw new InstanceError(
      `numStates must be an integer of at least 2, not ${numStates}`,
      undefined,
      'numStates',
      numStates,
    );
  // Before any allocation: a file saying 100,000 states or 10^9 arms is refused, not attempted.
  const tooBig = populationSizeProblem(numArms, numStates);
  if (tooBig)
    throw new InstanceError(
      tooBig,
      undefined,
      numStates > MAX_STATES ? 'numStates' : 'numArms',
      numStates > MAX_STATES ? numStates : numArms,
    );
  checkScalars(input, numArms);
  validateSchema(schema);

  // ids allot numbers itself ("0", "1", ...) are distinct by construction: only given ids are checked
  // (the map costs about a quarter of a second at a million arms), and they are made only when read
  const ids = input.ids ? [...input.ids] : null;
  if (ids && ids.length !== numArms) throw new InstanceError(`expected ${numArms} ids, found ${ids.length}`);
  const seen = new Map<string, number>();
  for (let arm = 0; ids && arm < numArms; arm++) {
    const id = ids[arm];
    if (typeof id !== 'string' || id.trim() === '')
      throw new InstanceError(`arm ${arm + 1}: the id is empty; give every arm a distinct id`, arm, 'id', id);
    const first = seen.get(id);
    if (first !== undefined)
      throw new InstanceError(
        `arms ${first + 1} and ${arm + 1} have the same id "${id}"; ids must be distinct`,
        arm,
        'id',
        id,
      );
    seen.set(id, arm);
  }
  const where = (arm: number) => `arm "${ids ? ids[arm] : String(arm)}" (arm ${arm + 1})`;

  const S = numStates;
  const transitions = copyExact(
    input.transitions,
    numArms * S * NUM_ACTIONS * S,
    'transitions',
    `numArms x numStates x 2 x numStates = ${numArms} x ${S} x 2 x ${S}`,
    adopt,
  );
  let renormalized = 0;
  let firstRenormalized = '';
  for (let arm = 0; arm < numArms; arm++) {
    for (let s = 0; s < S; s++) {
      for (let a = 0; a < NUM_ACTIONS; a++) {
        const row = ((arm * S + s) * NUM_ACTIONS + a) * S;
        let sum = 0;
        for (let t = 0; t < S; t++) {
          const p = transitions[row + t];
          if (!(p >= -SUM_TOLERANCE && p <= 1 + SUM_TOLERANCE)) {
            throw new InstanceError(
              `${where(arm)}, column "${transitionColumn(s, a, t)}": ${fmt(p)} is not a probability in [0, 1]`,
              arm,
              transitionColumn(s, a, t),
              p,
            );
          }
          transitions[row + t] = p < 0 ? 0 : p > 1 ? 1 : p;
          sum += transitions[row + t];
        }
        const miss = Math.abs(sum - 1);
        if (miss > RENORMALIZE_TOLERANCE) {
          throw new InstanceError(
            `${where(arm)}, columns "${transitionColumn(s, a, '*')}": the probabilities of the next state after ` +
              `state ${s} and action ${a} sum to ${fmt(sum)}, not 1`,
            arm,
            transitionColumn(s, a, '*'),
            sum,
          );
        }
        if (miss > SUM_TOLERANCE) {
          for (let t = 0; t < S; t++) transitions[row + t] /= sum;
          if (renormalized++ === 0) firstRenormalized = `${where(arm)}, state ${s}, action ${a} (sum ${fmt(sum)})`;
        }
      }
    }
  }
  if (renormalized > 0) {
    warnings.push(
      `renormalized ${renormalized} transition row${renormalized === 1 ? '' : 's'} whose probabilities summed to ` +
        `within ${RENORMALIZE_TOLERANCE} of 1, first ${firstRenormalized}`,
    );
  }

  const initial = input.initial
    ? copyExact(input.initial, numArms * S, 'initial', `numArms x numStates = ${numArms} x ${S}`, adopt)
    : new Float64Array(numArms * S).fill(1 / S);
  for (let arm = 0; arm < numArms; arm++) {
    let sum = 0;
    for (let s = 0; s < S; s++) {
      const p = initial[arm * S + s];
      if (!(p >= 0 && p <= 1))
        throw new InstanceError(
          `${where(arm)}, column "init_${s}": ${fmt(p)} is not a probability in [0, 1]`,
          arm,
          `init_${s}`,
          p,
        );
      sum += p;
    }
    if (Math.abs(sum - 1) > RENORMALIZE_TOLERANCE)
      throw new InstanceError(
        `${where(arm)}: the initial-state probabilities sum to ${fmt(sum)}, not 1`,
        arm,
        'init_*',
        sum,
      );
    if (Math.abs(sum - 1) > SUM_TOLERANCE) for (let s = 0; s < S; s++) initial[arm * S + s] /= sum;
  }

  const F = schema.columns.length;
  const features = copyExact(
    input.features,
    numArms * F,
    'features',
    `numArms x numFeatures = ${numArms} x ${F}`,
    adopt,
  );
  const oneHot = schema.groups.filter((g) => g.kind === 'one-hot');
  // the one-hot groups' columns in one typed array, group k's at [start[k], start[k + 1]): no iterator per arm
  const oneHotStart = new Int32Array(oneHot.length + 1);
  oneHot.forEach((g, k) => (oneHotStart[k + 1] = oneHotStart[k] + g.columns.length));
  const oneHotColumns = Int32Array.from(oneHot.flatMap((g) => g.columns));
  const kinds = Uint8Array.from(schema.columns, (c) => (c.type === 'binary' ? 1 : c.type === 'integer' ? 2 : 0));
  for (let arm = 0; arm < numArms; arm++) {
    const base = arm * F;
    for (let f = 0; f < F; f++) {
      const v = features[base + f];
      const kind = kinds[f];
      // Fast path first; the message is built only on failure.
      if (kind === 1 ? v === 0 || v === 1 : kind === 2 ? Number.isInteger(v) : Number.isFinite(v)) continue;
      const column = schema.columns[f];
      const bad = !Number.isFinite(v)
        ? 'is not a finite number'
        : kind === 1
          ? 'is not 0 or 1 (the column is binary)'
          : 'is not an integer (the column is integer)';
      throw new InstanceError(`${where(arm)}, column "${column.name}": ${fmt(v)} ${bad}`, arm, column.name, v);
    }
    for (let k = 0; k < oneHot.length; k++) {
      let ones = 0;
      for (let i = oneHotStart[k]; i < oneHotStart[k + 1]; i++) ones += features[base + oneHotColumns[i]];
      if (ones !== 1) {
        const group = oneHot[k];
        const names = group.columns.map((c) => schema.columns[c].name);
        throw new InstanceError(
          `${where(arm)}, group "${group.name}" (columns ${names.join(', ')}): ` +
            `${ones === 0 ? 'no column is 1' : `${ones} columns are 1`}; exactly one must be 1`,
          arm,
          names.join(','),
          ones,
        );
      }
    }
  }
  if (input.budget > numArms)
    throw new InstanceError(
      `the budget ${input.budget} is larger than the number of arms ${numArms}`,
      undefined,
      'budget',
      input.budget,
    );

  const instance: Instance = {
    numArms,
    numStates: S,
    ids: ids ?? [],
    transitions,
    schema: cloneJson(schema),
    features,
    initial,
    budget: input.budget,
    horizon: input.horizon,
    discount: input.discount,
    ...(input.sampleSize !== undefined ? { sampleSize: input.sampleSize } : {}),
    provenance: cloneJson(input.provenance),
    warnings,
  };
  if (!ids) numberedIds(instance);
  return instance;
}

function checkScalars(input: InstanceInput, numArms: number): void {
  const { budget, horizon, discount, sampleSize } = input;
  if (!Number.isInteger(budget) || budget < 1)
    throw new InstanceError(
      `the budget must be a positive integer (arms pulled per step), not ${budget}`,
      undefined,
      'budget',
      budget,
    );
  if (!Number.isInteger(horizon) || horizon < 1 || horizon > MAX_HORIZON) {
    throw new InstanceError(
      `the horizon must be a whole number of steps per trial from 1 to ${MAX_HORIZON}, not ${horizon}`,
      undefined,
      'horizon',
      horizon,
    );
  }
  if (!(discount >= 0 && discount < 1))
    throw new InstanceError(`the discount must be in [0, 1), not ${discount}`, undefined, 'discount', discount);
  if (sampleSize !== undefined && !(Number.isInteger(sampleSize) && sampleSize >= budget && sampleSize <= numArms)) {
    throw new InstanceError(
      `the sample size must be an integer between the budget ${budget} and the number of arms ${numArms}, not ` +
        `${sampleSize}`,
      undefined,
      'sampleSize',
      sampleSize,
    );
  }
}

function copyExact(
  values: ArrayLike<number>,
  length: number,
  name: string,
  layout: string,
  adopt: boolean,
): Float64Array {
  if (values.length !== length)
    throw new InstanceError(`${name} has ${values.length} values; expected ${layout} = ${length}`, undefined, name);
  return adopt && values instanceof Float64Array ? values : Float64Array.from(values);
}

const fmt = (v: number) => (typeof v === 'number' ? String(v) : JSON.stringify(v));
