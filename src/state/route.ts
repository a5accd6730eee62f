// The app's screens, addressed by the URL's hash so that the static site needs no server routing
// and the back button works: #/ start, #/what-if (#/what-if/<run id> reopens a saved comparison),
// #/data, #/history, #/runs/<id>, #/plan (#/plan/<plan id> reopens a saved weekly plan),
// #/compare/<id>/<id> (two runs side by side).

export type Route =
  | { name: 'start' }
  | { name: 'what-if'; run?: string }
  | { name: 'data' }
  | { name: 'history' }
  | { name: 'plan'; plan?: string }
  | { name: 'run'; id: string }
  | { name: 'compare'; a: string; b: string };

export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#\/?/, '');
  const [head, ...rest] = path.split('/');
  switch (head) {
    case 'what-if':
      return rest[0] ? { name: head, run: decodeURIComponent(rest[0]) } : { name: head };
    case 'plan':
      return rest[0] ? { name: head, plan: decodeURIComponent(rest[0]) } : { name: head };
    case 'data':
    case 'history':
      return { name: head };
    case 'compare':
      return rest.length === 2 && rest[0] && rest[1]
        ? { name: 'compare', a: decodeURIComponent(rest[0]), b: decodeURIComponent(rest[1]) }
        : { name: 'history' };
    case 'runs':
      return rest[0] ? { name: 'run', id: decodeURIComponent(rest[0]) } : { name: 'history' };
    default:
      return { name: 'start' };
  }
}

export function routeHref(route: Route): string {
  if (route.name === 'what-if' && route.run) return `#/what-if/${encodeURIComponent(route.run)}`;
  if (route.name === 'compare') return `#/compare/${encodeURIComponent(route.a)}/${encodeURIComponent(route.b)}`;
  if (route.name === 'plan' && route.plan) return `#/plan/${encodeURIComponent(route.plan)}`;
  return route.name === 'start'
    ? '#/'
    : route.name === 'run'
      ? `#/runs/${encodeURIComponent(route.id)}`
      : `#/${route.name}`;
}
