// The lines of a new list reach the page in two parts (workers/plan/transfer-view.ts): the first page's with the
// list, so that its first rows are drawn sooner, the rest a moment later. What reads every line (the downloads,
// printing, more rows on screen) waits for them here.
import { linesArrived } from '../../workers/plan/transfer-view.ts';

/**
 * Whether every line of the list `lines` belong to is on the page, once they are: true, or false when they cannot
 * come (a newer list went first, or the worker stopped), and nothing may read them whole.
 */
export function wholeLines(lines: object): Promise<boolean> {
  return linesArrived(lines).then(
    () => true,
    () => false,
  );
}
