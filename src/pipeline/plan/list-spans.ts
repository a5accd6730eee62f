// The phases of making and showing a list as User Timing measures ("allot: rules", "allot: list", ...), so that a
// browser benchmark's trace (or DevTools' Performance panel) shows where the time from her click to the list on
// screen goes, thread by thread. A measure costs microseconds; nothing reads them in the app.

/** Runs `work` as the measure `allot: name`. */
export function span<T>(name: string, work: () => T): T {
  const start = performance.now();
  try {
    return work();
  } finally {
    performance.measure(`allot: ${name}`, { start, end: performance.now() });
  }
}
