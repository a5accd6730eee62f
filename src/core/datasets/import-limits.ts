// How large an imported population may be. A browser tab holds the text, the parsed table and the
// typed arrays at once; past these sizes it would run out of memory (or simulate for days) before
// it could say why, so they are refused first, with what to change.
import { RANGES } from '../limits/setting-ranges.ts';

/** 256 MiB: about two million arms with a dozen feature columns. */
export const MAX_IMPORT_BYTES = 256 * 1024 * 1024;
/** The engine's limit on states per arm (src/engine/simulation.ts). */
export const MAX_STATES = 255;
/** Steps per trial (RANGES.horizon): DLM uses 10, SCLM 12; 10,000 weekly steps are two centuries. */
export const MAX_HORIZON = RANGES.horizon.max;
/** Transition probabilities (arms x states x 2 x states): 2^25 doubles are 256 MiB. */
export const MAX_TRANSITION_VALUES = 2 ** 25;

/** Throws a clear error when a file is too large to import (call it with the file's size, before reading it). */
export function checkImportSize(bytes: number, fileName: string, what = 'to import'): void {
  if (bytes > MAX_IMPORT_BYTES) {
    throw new Error(
      `${fileName} is too big ${what}: ${sizeInWords(bytes)}, more than the ${MAX_IMPORT_BYTES / 1048576} MiB a ` +
        `browser tab can hold; split it into smaller files or keep fewer columns`,
    );
  }
}

/** A file's true size in words: "734 MB (734,003,200 bytes)"; MB are 10^6 bytes, as file managers show. */
export function sizeInWords(bytes: number): string {
  const exact = `${bytes.toLocaleString('en')} byte${bytes === 1 ? '' : 's'}`;
  if (bytes < 1000) return exact;
  const [value, unit] = bytes >= 1e9 ? [bytes / 1e9, 'GB'] : bytes >= 1e6 ? [bytes / 1e6, 'MB'] : [bytes / 1e3, 'kB'];
  return `${value >= 100 ? value.toFixed(0) : value.toPrecision(3)} ${unit} (${exact})`;
}

/** Why `numArms` arms of `numStates` states cannot be held, or null when they can. */
export function populationSizeProblem(numArms: number, numStates: number): string | null {
  if (numStates > MAX_STATES)
    return (
      `${numStates} states per arm are more than the ${MAX_STATES} allot can plan with; number the states 0, ` +
      `1, 2, ... without gaps`
    );
  const values = numArms * numStates * 2 * numStates;
  if (values > MAX_TRANSITION_VALUES) {
    return (
      `${numArms} arms of ${numStates} states need ${values.toExponential(2)} transition probabilities, more ` +
      `than the ${MAX_TRANSITION_VALUES.toExponential(2)} a browser tab can hold; use fewer arms or states`
    );
  }
  return null;
}
