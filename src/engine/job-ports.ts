// The message ports a pooled simulation's jobs talk on, made by the pool's thread: one set-up for the app's Web
// Workers (src/workers/engine) and the command line's threads (src/cli/thread-pool.ts), each with its platform's
// MessageChannel (and, on the command line, the process's CPU clock, for the dealer).
import type { PiecePort } from './prepared-pieces.ts';
import { dealTrials } from './trial-dealer.ts';
import { gathererOf, type TrialJobs } from './trial-jobs.ts';

/**
 * The ports of one pooled simulation's jobs, made on the pool's thread (`channel`: its platform's MessageChannel):
 * from job 0 to each other job for what it prepares (`serve`: job 0's ends; `adopt(j)`: job j's), to each job for the
 * trials this thread deals it (dealing started here; `stopDealing` closes its ports), and from each job but the
 * gatherer (gathererOf) to the gatherer for its per-arm sums (`sumsTo(j)`, `sumsFrom(j)`: the gatherer's ends).
 * `cpu`: the CPU time of the process's threads in ms, when the platform has it (dealTrials).
 */
export function jobPorts<P extends PiecePort>(
  jobs: TrialJobs,
  channel: () => { port1: P; port2: P },
  cpu?: () => number,
) {
  const all = Array.from({ length: jobs.jobs }, (_, j) => j);
  const prepared = all.slice(1).map(channel),
    dealing = all.map(channel);
  const g = gathererOf(jobs.jobs),
    sums = all.map((j) => (j === g ? undefined : channel()));
  return {
    serve: prepared.map((c) => c.port1),
    adopt: (j: number) => prepared[j - 1].port2,
    trials: (j: number) => dealing[j].port2,
    sumsTo: (j: number) => sums[j]?.port1,
    sumsFrom: (j: number) => (j === g ? sums.flatMap((c) => (c ? [c.port2] : [])) : []),
    stopDealing: dealTrials(
      dealing.map((c) => c.port1),
      jobs.deals,
      { cpu, favoured: g },
    ),
  };
}
