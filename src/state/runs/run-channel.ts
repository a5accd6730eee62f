// Tells the other tabs of this site that a run's record changed (BroadcastChannel), so that a tab
// showing a run that another tab is running shows it finished when it finishes, not "running
// elsewhere" forever. Messages carry the run's id and status only.
const CHANNEL = 'allot-runs';
/** This page, so that it does not hear its own announcements. */
const PAGE = Math.random().toString(36).slice(2);

interface RunChange {
  page: string;
  id: string;
  status: string;
}

let sender: BroadcastChannel | null = null;

/** Announces that run `id` was saved with `status` (a no-op where BroadcastChannel is missing). */
export function announceRun(id: string, status: string): void {
  if (typeof BroadcastChannel === 'undefined') return;
  sender ??= new BroadcastChannel(CHANNEL);
  sender.postMessage({ page: PAGE, id, status } satisfies RunChange);
}

/** Calls `changed` when another tab saves run `id`; returns the unsubscribe function. */
export function onRunChanged(id: string, changed: (status: string) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<RunChange>) => {
    if (event.data?.id === id && event.data.page !== PAGE) changed(event.data.status);
  };
  return () => channel.close();
}
