// Candidates handed to the What-if screen from another screen (the price panel on a run's results
// adds its pick there, where the comparisons and the weekly plan take candidates). Module state:
// the What-if screen takes them when it opens, in the same tab.
export interface SentCandidate {
  expression: string;
  label: string;
}

const inbox: SentCandidate[] = [];

export function sendToWhatIf(candidate: SentCandidate): void {
  inbox.push(candidate);
}

/** The candidates sent since the last call, oldest first; the inbox is empty afterwards. */
export function takeWhatIfInbox(): SentCandidate[] {
  return inbox.splice(0);
}
