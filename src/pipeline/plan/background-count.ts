// The count of a list's uncertain places (uncertain-places.ts), started by the plan itself as soon as the
// list is made, apart from WeeklyPlan so that the plan keeps to its steps: the page (or the command line)
// joins it when it asks, hearing the latest count so far at once and each new one after, and the plan's save
// waits for its first marks (firstMarks) so that the draws are not behind the write.
import type { PlanState } from '../../core/plan/plan-state.ts';
import type { ListMaker } from './list-maker.ts';
import type { UncertainPlaces, Uncertainty } from './uncertain-places.ts';

/**
 * Starts counting the plan's current list's uncertain places with the list's rules (null without draws or with given
 * transitions); `stale()` turns true when a newer list is made; while `busy()` gives a promise (the plan's save),
 * this thread leaves the draws to the helper.
 */
export function countInBackground(
  plan: PlanState,
  lists: ListMaker,
  places: UncertainPlaces,
  stale: () => boolean,
  busy?: () => Promise<unknown> | null,
): BackgroundCount | null {
  const { settings, register } = plan;
  if (settings.draws === 0) return null;
  const posterior = lists.posterior(register, settings.priorGroup);
  if (!posterior) return null;
  const week = plan.weeks[plan.weeks.length - 1];
  const rules = lists.rules(register, settings, week.week);
  return new BackgroundCount(async (onDraw) =>
    places.count(rules, posterior, settings.draws, week.week, week.planned, await lists.whittle(), stale, onDraw, busy),
  );
}

export class BackgroundCount {
  private latest: Uncertainty | null = null;
  private ended = false;
  private readonly listeners = new Set<(partial: Uncertainty) => void>();
  private readonly done: Promise<Uncertainty | null>;
  /** Resolves with the first counts so far, or when the count ends (done, stopped for a newer list or failed). */
  readonly firstMarks: Promise<void>;

  /** `start(onDraw)`: the count (UncertainPlaces.count), calling onDraw with each count so far. */
  constructor(start: (onDraw: (partial: Uncertainty) => void) => Promise<Uncertainty | null>) {
    let first!: () => void;
    this.firstMarks = new Promise<void>((resolve) => (first = resolve));
    this.done = start((partial) => {
      this.latest = partial;
      first();
      for (const listener of this.listeners) listener(partial);
    });
    const end = () => {
      this.ended = true;
      first();
    };
    this.done.then(end, end); // its error is for those who join
  }

  /** The final count (null when a newer list stopped it); `onDraw` hears the latest count so far, then each new one. */
  async join(onDraw?: (partial: Uncertainty) => void): Promise<Uncertainty | null> {
    if (!onDraw) return this.done;
    if (this.latest && !this.ended) onDraw(this.latest);
    this.listeners.add(onDraw);
    try {
      return await this.done;
    } finally {
      this.listeners.delete(onDraw);
    }
  }
}
