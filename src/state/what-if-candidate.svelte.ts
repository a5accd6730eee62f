// One reward of the What-if screen as it is typed, checked and simulated: its text, its check, its
// result, and what WhatIfState (what-if.svelte.ts) needs to drop a stale check or cancel a simulation.
import type { CandidateResult } from '../core/simulation/what-if-evaluate.ts';
import type { RewardCheck } from '../workers/population/what-if-backend.ts';

export type CandidateStatus = 'invalid' | 'waiting' | 'running' | 'done' | 'failed';

let nextId = 1;

export class WhatIfCandidate {
  readonly id = nextId++;
  text = $state('');
  label = $state('');
  compiled = $state.raw<RewardCheck | null>(null);
  status = $state<CandidateStatus>('waiting');
  progress = $state(0);
  result = $state.raw<CandidateResult | null>(null);
  failure = $state<string | null>(null);
  /**
   * Set when the population changed and a feature the reward reads by position now means another one
   * (words/feature-meaning.ts): said in words, and the reward is not simulated until she runs it anyway or edits it.
   */
  meaning = $state<string | null>(null);
  /** Shown in the side-by-side comparison. */
  compared = $state(true);
  controller: AbortController | null = null;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped by every change of text or population; a check of an older version is dropped. */
  version = 0;
  /** A check is in flight (at most one per candidate: typing at 10^6 arms must not queue compiles). */
  checking = false;
  /** Delay before simulating once the current check passes. */
  delay = 0;

  constructor(
    text: string,
    label: string,
    readonly reference = false,
  ) {
    this.text = text;
    this.label = label;
  }
}
