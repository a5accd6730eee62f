// How components reach the app (the composition root, app-state.svelte.ts) without passing it down
// every screen: Svelte's context, behind one typed pair of functions, as svelte.dev's REPL does. What
// they get is the root without its services (store, engine pool, simulation port, population worker):
// the route, the provider settings and the screens' sessions.
import { getContext, setContext } from 'svelte';
import type { AppState } from './app-state.svelte.ts';

/** The app as components see it. */
export type AppContext = Omit<AppState, 'store' | 'engine' | 'simulate' | 'generatePopulation' | 'openStorage'>;

const key = Symbol('allot app');

/** Hands `app` to every component below the caller (App.svelte, while it is created); returns it. */
export function setApp(app: AppState): AppState {
  return setContext(key, app);
}

/** The app, from a component created below App.svelte. */
export function getApp(): AppContext {
  const app = getContext<AppContext | undefined>(key);
  if (!app) throw new Error('getApp() is called while a component is created, below App.svelte, which sets the app');
  return app;
}
