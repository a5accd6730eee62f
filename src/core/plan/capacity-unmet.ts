// The rules a list under capacities could not meet, each named with the reason in words: a minimum
// short of its calls (too few eligible mothers, the workers' capacities, the budget taken by other
// minima, or the maxima and capacities in its way), and a list shorter than B. The best list (exact,
// capacity-top-b.ts) already meets every minimum the rules allow, so a shortfall here is real.
import type { CallQuota } from './constrained-top-b.ts';
import type { WorkerRules } from './worker-rules.ts';

export interface UnmetInput {
  eligible: Uint8Array | null;
  budget: number;
  quotas: readonly CallQuota[];
  workers: WorkerRules;
  /** numArms: 1 for the listed. */
  inList: Uint8Array;
  listed: number;
  quotaCalls: Int32Array;
  workerCalls: Int32Array;
}

export function unmetRules(input: UnmetInput): string[] {
  const { eligible, budget, quotas, workers, inList, listed, quotaCalls, workerCalls } = input;
  const N = inList.length,
    W = workers.names.length;
  const may = (arm: number) => !eligible || eligible[arm] === 1;
  const calls = (n: number) => `${n} call${n === 1 ? '' : 's'}`;
  const workerName = (w: number) => `worker "${workers.names[w]}"`;
  const atCap = (w: number) => workerCalls[w] >= workers.capacity[w];
  const atMax = (k: number) => quotaCalls[k] >= quotas[k].max;
  // The rules at their cap that hold back eligible mothers of `arms` not on the list.
  const inTheWay = (arms: ArrayLike<number>, skip: number) => {
    const caps = new Set<number>(),
      maxima = new Set<number>();
    for (let j = 0; j < arms.length; j++) {
      const arm = arms[j];
      if (!may(arm) || inList[arm]) continue;
      const w = workers.worker[arm];
      if (w >= 0 && atCap(w)) caps.add(w);
      quotas.forEach((q, k) => k !== skip && q.members[arm] && atMax(k) && maxima.add(k));
    }
    const parts = [...maxima].map((k) => `the maximum of ${calls(quotas[k].max)} for ${quotas[k].label}`);
    if (caps.size) parts.push(`the capacit${caps.size === 1 ? 'y' : 'ies'} of ${names([...caps].map(workerName))}`);
    return parts;
  };
  const minimaSum = workers.minimum.reduce((a, m) => a + m, 0) + quotas.reduce((a, q) => a + q.min, 0);
  const out: string[] = [];
  const short = Array.from({ length: W }, (_, w) => w).filter((w) => workerCalls[w] < workers.minimum[w]);
  if (short.length) {
    // the workers' mothers, bucketed once (a counting sort), so each short worker reads only her own
    const first = new Int32Array(W + 1);
    for (let arm = 0; arm < N; arm++) if (workers.worker[arm] >= 0) first[workers.worker[arm] + 1]++;
    for (let w = 0; w < W; w++) first[w + 1] += first[w];
    const fill = first.slice(0, W),
      mothers = new Int32Array(first[W]);
    for (let arm = 0; arm < N; arm++) if (workers.worker[arm] >= 0) mothers[fill[workers.worker[arm]]++] = arm;
    for (const w of short.slice(0, MAX_WORKERS)) {
      const hers = mothers.subarray(first[w], first[w + 1]);
      let members = 0;
      for (const arm of hers) if (may(arm)) members++;
      const min = workers.minimum[w];
      const why =
        members < min
          ? `only ${members} of her mothers may be called`
          : blocked(inTheWay(hers, -1), listed >= budget, minimaSum, budget);
      out.push(`the minimum of ${calls(min)} for ${workerName(w)} is not met (${calls(workerCalls[w])}): ${why}`);
    }
    const more = short.length - MAX_WORKERS;
    if (more > 0) out.push(`... and the minima of ${more} more worker${more === 1 ? ' is' : 's are'} not met`);
  }
  quotas.forEach((q, k) => {
    if (quotaCalls[k] >= q.min) return;
    let members = 0,
      reach = 0;
    const perWorker = new Float64Array(W);
    for (let arm = 0; arm < N; arm++) {
      if (!q.members[arm] || !may(arm)) continue;
      members++;
      const w = workers.worker[arm];
      if (w < 0) reach++;
      else perWorker[w]++;
    }
    for (let w = 0; w < W; w++) reach += Math.min(perWorker[w], workers.capacity[w]);
    const why =
      members < q.min
        ? `only ${members} eligible arm${members === 1 ? ' is' : 's are'} in it`
        : reach < q.min
          ? `the capacities of the workers of its members allow at most ${calls(reach)}`
          : q.max < q.min
            ? `its maximum is ${q.max}`
            : blocked(inTheWay(membersOf(q.members), k), listed >= budget, minimaSum, budget);
    out.push(`the minimum of ${calls(q.min)} for ${q.label} is not met (${calls(quotaCalls[k])}): ${why}`);
  });
  if (listed < budget) {
    let may_ = 0,
      reach = 0;
    const perWorker = new Float64Array(W);
    for (let arm = 0; arm < N; arm++) {
      if (!may(arm)) continue;
      may_++;
      if (workers.worker[arm] < 0) reach++;
      else perWorker[workers.worker[arm]]++;
    }
    for (let w = 0; w < W; w++) reach += Math.min(perWorker[w], workers.capacity[w]);
    const why =
      may_ < budget
        ? `${may_} arms may be called (the others are excluded or in cooldown)`
        : reach < budget
          ? `the workers' capacities allow at most ${calls(reach)}`
          : `${names(inTheWay(membersOf(null, N), -1)) || 'the maxima'} leave no other arm`;
    out.push(`only ${listed} of the ${budget} calls could be planned: ${why}`);
  }
  return out;
}

/** Worker minima named one by one; the rest counted. */
const MAX_WORKERS = 20;

/** The arms flagged in `members` (every arm for null). */
function membersOf(members: Uint8Array | null, N = members?.length ?? 0): Int32Array {
  if (!members) return Int32Array.from({ length: N }, (_, arm) => arm);
  return Int32Array.from(members.keys()).filter((arm) => members[arm] === 1);
}

function blocked(parts: string[], full: boolean, minimaSum: number, budget: number): string {
  if (full && minimaSum > budget) return `the minima add up to ${minimaSum} calls, more than the budget of ${budget}`;
  if (parts.length) return `it cannot be met together with ${names(parts)}`;
  return full ? `the budget of ${budget} calls is taken by other minima` : 'the other rules leave no other arm';
}

function names(items: string[]): string {
  if (items.length <= 1) return items.join('');
  if (items.length > 5) return `${items.slice(0, 5).join(', ')} and ${items.length - 5} more`;
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
