// One step of the Plan screen's session (read, band, make a list, apply outcomes): what is being done
// in words while the worker works, and the step's problems (a ProblemList, or one error) shown with
// the part of the screen they are about; nothing is kept from a step that failed.
import { assertNoSecret } from '../../storage/guard.ts';
import type { PlanClient } from '../../workers/plan/plan-client.ts';
import { afterPaint } from './after-paint.ts';

export class ProblemList extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

export interface StepTarget {
  busy: string | null;
  problems: string[];
  problemsOf: 'outcomes' | 'plan';
  /** The problems are the input's (a ProblemList), not a failure of storage or of the app. */
  problemsAreInput?: boolean;
}

export async function runStep(
  target: StepTarget,
  what: string,
  step: () => Promise<void>,
  of: 'outcomes' | 'plan' = 'plan',
): Promise<boolean> {
  target.busy = what;
  target.problems = [];
  target.problemsOf = of;
  try {
    await step();
    return true;
  } catch (error) {
    target.problems =
      error instanceof ProblemList ? error.problems : [error instanceof Error ? error.message : String(error)];
    target.problemsAreInput = error instanceof ProblemList;
    return false;
  } finally {
    target.busy = null;
  }
}

/**
 * The verbatim key check of what the user typed into a plan (its name, policy and settings), here
 * where the keys are known; the worker that saves the plan checks every record for key shapes.
 */
export function assertNoTypedSecret(typed: unknown, secrets: readonly string[]): void {
  assertNoSecret('plans', typed, secrets);
}

/**
 * The step after a list is shown: the worker saves it after it; if that fails, `undo` shows the plan shown
 * before again (none for a new plan) and the problem says nothing changed.
 */
export function savedAfterShown(target: StepTarget, client: PlanClient, undo: () => void): Promise<boolean> {
  // Leaving the page while the plan is written would lose the list just shown: the browser asks first.
  const stay = (event: BeforeUnloadEvent) => event.preventDefault();
  addEventListener('beforeunload', stay);
  // Asked once the list is on screen: the worker's save waits for the list's count, which this starts.
  return runStep(target, 'Saving the plan…', () =>
    afterPaint()
      .then(() => client.saved())
      .finally(() => removeEventListener('beforeunload', stay))
      .catch((error: unknown) => {
        undo();
        throw new ProblemList([
          `The list was not saved, so nothing changed: ${error instanceof Error ? error.message : String(error)}`,
        ]);
      }),
  );
}
