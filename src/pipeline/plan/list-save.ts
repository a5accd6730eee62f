// The save of a list just shown (WeeklyPlan.create and replan), apart from WeeklyPlan so that the plan keeps to its
// steps: the write waits for the list's count to start and its first marks (background-count.ts), so that the draws
// are not behind it, or goes at once when a next step needs storage. The count starts when the page has the list on
// screen (it joins the count or asks for the save then: uncertainty(), saved()), not when the list is made: on two
// cores the draws of both engines would take the cores from the page's first frame of the list.
import type { BackgroundCount } from './background-count.ts';

export class ListSave {
  /** The save of the last list made, while it runs. */
  private saving: Promise<void> | null = null;
  /** The save's write while it runs (the draws of this thread wait for it). */
  writing: Promise<void> | null = null;
  /** Starts a save waiting for the first marks at once (a next step needs storage). */
  private hurry: (() => void) | null = null;
  /** The save waiting for its list's count to start: told the count (null: none) when it does. */
  private counted: ((count: BackgroundCount | null) => void) | null = null;

  /** Whether a save waits for its list's count to start. */
  get waiting(): boolean {
    return this.counted !== null;
  }

  /**
   * Saves after the count's first marks (the count told by started(); at once without one) or when hurried: `write`
   * writes the plan, `undo` runs when that fails before the error goes to saved().
   */
  start(write: () => Promise<void>, undo: () => void): void {
    const counted = new Promise<BackgroundCount | null>((resolve) => (this.counted = resolve));
    const hurried = new Promise<void>((resolve) => (this.hurry = resolve));
    this.saving = Promise.race([counted.then((count) => count?.firstMarks), hurried])
      .then(() => {
        const written = write();
        this.writing = written;
        return written.finally(() => this.writing === written && (this.writing = null));
      })
      .catch((error: unknown) => {
        undo();
        throw error;
      });
    this.saving.catch(() => {}); // its error is the page's, through saved()
  }

  /** The list's count has started (null: nothing to count). */
  started(count: BackgroundCount | null): void {
    this.counted?.(count);
    this.counted = null;
  }

  /** Waits for the save of the last list made; rejects with its error. */
  async saved(): Promise<void> {
    const pending = this.saving;
    this.saving = null;
    await pending;
  }

  /** Lets a pending save finish first (its error goes to saved()), so that steps reach storage in order. */
  async settled(): Promise<void> {
    this.hurry?.();
    this.counted = null;
    await this.saving?.catch(() => {});
  }
}
