// One tab runs a run at a time: a Web Lock per run (where Web Locks are missing, the last writer wins).

/** Runs `work` holding lock `name`; calls `held` instead when another tab holds it. */
export async function runExclusively(name: string, work: () => Promise<void>, held: () => void): Promise<void> {
  if (!globalThis.navigator?.locks) return work();
  await navigator.locks.request(name, { ifAvailable: true }, async (lock) => (lock ? work() : held()));
}

/** Whether another tab holds lock `name` now. */
export async function heldElsewhere(name: string): Promise<boolean> {
  const state = await globalThis.navigator?.locks?.query();
  return !!state?.held?.some((lock) => lock.name === name);
}
