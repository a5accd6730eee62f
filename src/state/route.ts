// The app's screens, addressed by the URL's hash so that the static site needs no server routing
// and the back button works: #/ start, #/what-if, #/data, #/history, #/runs/<id>.

export type Route =
  | { name: 'start' }
  | { name: 'what-if' }
  | { name: 'data' }
  | { name: 'history' }
  | { name: 'run'; id: string };

export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#\/?/, '');
  const [head, ...rest] = path.split('/');
  switch (head) {
    case 'what-if':
    case 'data':
    case 'history':
      return { name: head };
    case 'runs':
      return rest[0] ? { name: 'run', id: decodeURIComponent(rest[0]) } : { name: 'history' };
    default:
      return { name: 'start' };
  }
}

export function routeHref(route: Route): string {
  return route.name === 'start' ? '#/' : route.name === 'run' ? `#/runs/${encodeURIComponent(route.id)}` : `#/${route.name}`;
}
