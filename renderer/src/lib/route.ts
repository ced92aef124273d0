/** Hash routes, so reload and back/forward work in a static page served by the service. */
export type Route = { view: 'inbox' } | { view: 'check'; id: string } | { view: 'rules' } | { view: 'thresholds' } | { view: 'flags' } | { view: 'settings' };

export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#\/?/, '');
  const [head, arg] = path.split('/');
  if (head === 'checks' && arg) return { view: 'check', id: decodeURIComponent(arg) };
  if (head === 'rules' || head === 'thresholds' || head === 'flags' || head === 'settings') return { view: head };
  return { view: 'inbox' };
}

export function routeHref(route: Route): string {
  return route.view === 'check' ? `#/checks/${encodeURIComponent(route.id)}` : `#/${route.view}`;
}
