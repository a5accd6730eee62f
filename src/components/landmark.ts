// Landmark names on a page that shows a screen twice (two runs side by side): each copy's regions get
// its side in their names ("Table of candidates (left run)"), so that no two landmarks share a name
// (axe's landmark-unique) and a screen-reader user knows which run a region belongs to.
import { getContext, setContext } from 'svelte';

const KEY = Symbol('landmark-side');

/** Called by a screen shown beside another: the regions under it carry `side` in their names. */
export function setLandmarkSide(side: string | undefined): void {
  setContext(KEY, side);
}

/** `label` with the side of the screen it is on, if any (call while the component initializes). */
export function landmarkLabel(): (label: string) => string {
  const side = getContext<string | undefined>(KEY);
  return (label) => (side ? `${label} (${side})` : label);
}
