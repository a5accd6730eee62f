// Which tasks of a set to run: "all", or indices and ranges such as "0,3,5-7" (`--tasks`).

/** Sorted distinct task indices selected by `spec` among `count` tasks; throws naming the bad item. */
export function selectTasks(spec: string, count: number): number[] {
  const text = spec.trim();
  if (text === 'all') return [...Array(count).keys()];
  const chosen = new Set<number>();
  for (const item of text.split(',')) {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(item);
    const from = m ? Number(m[1]) : Number.NaN;
    const to = m?.[2] !== undefined ? Number(m[2]) : from;
    if (!m || from > to || to >= count) {
      throw new RangeError(
        `"${item.trim()}" is not a task index or range from 0 to ${count - 1} (write all, or for example 0,3,5-7)`,
      );
    }
    for (let i = from; i <= to; i++) chosen.add(i);
  }
  return [...chosen].sort((a, b) => a - b);
}
