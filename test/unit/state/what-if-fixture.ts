// Shared by the What-if state tests: wait until no candidate is waiting or running (polls, at most 4 s).
import type { WhatIfState } from '../../../src/state/what-if.svelte.ts';

export const settle = async (whatIf: WhatIfState) => {
  for (let i = 0; i < 400 && whatIf.candidates.some((c) => c.status === 'waiting' || c.status === 'running'); i++)
    await new Promise((r) => setTimeout(r, 10));
};
