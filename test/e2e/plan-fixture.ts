// A small program's register for the plan tests: 60 beneficiaries with 8 weeks of history (id, week,
// state, called) and their features (age, low income), and the outcomes of a week; deterministic.
export const NUM = 60;
export const WEEKS = 8;

/** A deterministic 0/1 draw for (i, w, salt). */
const bit = (i: number, w: number, salt: number) => (((i * 7919 + w * 104729 + salt * 1299709) % 997) % 3 === 0 ? 0 : 1);

export function historyCsv(): string {
  const rows = ['id,week,state,called'];
  for (let i = 0; i < NUM; i++) {
    for (let w = 1; w <= WEEKS; w++) {
      // calls in the past weeks for about a third; the last week's calls are the plan's to decide
      const called = w < WEEKS && (i + w) % 3 === 0 ? 1 : 0;
      rows.push(`m${String(i).padStart(3, '0')},${w},${bit(i, w, 1)},${called}`);
    }
  }
  return rows.join('\n') + '\n';
}

export function featuresCsv(): string {
  const rows = ['id,age,low_income'];
  for (let i = 0; i < NUM; i++) rows.push(`m${String(i).padStart(3, '0')},${18 + ((i * 13) % 30)},${i % 4 === 0 ? 1 : 0}`);
  return rows.join('\n') + '\n';
}

/** The week's outcomes: everyone on `called` was called; engaged after the week follows a fixed pattern. */
export function outcomesCsv(called: Set<string>): string {
  const rows = ['id,called,engaged'];
  for (let i = 0; i < NUM; i++) {
    const id = `m${String(i).padStart(3, '0')}`;
    rows.push(`${id},${called.has(id) ? 1 : 0},${called.has(id) ? 1 : bit(i, 99, 2)}`);
  }
  return rows.join('\n') + '\n';
}
