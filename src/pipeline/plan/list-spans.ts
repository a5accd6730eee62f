// The phases of making and showing a list as User Timing measures ("allot: rules", "allot: list", ...), so that a
// browser benchmark's trace (or DevTools' Performance panel) shows where the time from her click to the list on
// screen goes, thread by thread. A measure costs microseconds; nothing reads them in the app.

/** Runs `work` as the measure `allot: name`; `detail` says what it was for (a benchmark waits for its reward's). */
export function span<T>(name: string, work: () => T, detail?: string): T {
  const start = performance.now();
  try {
    return work();
  } finally {
    performance.measure(`allot: ${name}`, { start, end: performance.now(), detail });
  }
}
