// What the portfolio algorithms return.

export interface Portfolio {
  /** Pool indices of the chosen policies, in the order they were chosen. */
  policies: number[];
  /** The p for which each policy was chosen (the oracle's argument), same order. */
  pValues: number[];
  /** Every oracle call the algorithm made. */
  oracleCalls: number;
}
