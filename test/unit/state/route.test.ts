import { describe, expect, test } from 'vitest';
import { parseRoute, routeHref, type Route } from '../../../src/state/route.ts';

describe('the hash routes', () => {
  test('fall back to the start screen for an empty or unknown hash', () => {
    expect(parseRoute('')).toEqual({ name: 'start' });
    expect(parseRoute('#/nowhere')).toEqual({ name: 'start' });
  });

  test('reopen a saved what-if comparison by its id, with awkward characters kept', () => {
    expect(parseRoute('#/what-if')).toEqual({ name: 'what-if' });
    expect(parseRoute('#/what-if/what-if-a%2Fb%20c')).toEqual({ name: 'what-if', run: 'what-if-a/b c' });
  });

  test('reopen a saved weekly plan by its id', () => {
    expect(parseRoute('#/plan')).toEqual({ name: 'plan' });
    expect(parseRoute('#/plan/plan-1%2F2')).toEqual({ name: 'plan', plan: 'plan-1/2' });
  });

  test('survive a round trip through their href', () => {
    const routes: Route[] = [
      { name: 'start' },
      { name: 'what-if' },
      { name: 'what-if', run: 'r/1 ?' },
      { name: 'data' },
      { name: 'history' },
      { name: 'plan' },
      { name: 'plan', plan: 'p 1/#' },
      { name: 'run', id: 'x#y' },
      { name: 'compare', a: 'run-a', b: 'run/b' },
    ];
    for (const route of routes) expect(parseRoute(routeHref(route))).toEqual(route);
  });
});
