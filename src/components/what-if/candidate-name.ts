// The name a What-if candidate goes by in the screen's tables, charts and pair view: the default
// reward is "Default" everywhere (its editor and the first table add "reward = state", which says
// what it is); a candidate its own label.

export const DEFAULT_NAME = 'Default';

export const candidateName = (c: { reference: boolean; label: string }): string =>
  c.reference ? DEFAULT_NAME : c.label;
