// Where signing in or signing up leads: back to the page that asked for it (`next`), so that a visitor
// who has no account yet, and makes one on the way, comes back to what they meant to do.

/**
 * Only a path of this app (never another site) is followed after signing in, with its query: what `next`
 * names, read as the browser reads a link here (`/\host` and `//host` are other sites), if it stays on
 * this origin.
 */
export function nextPath(query: URLSearchParams): string {
  const next = query.get('next') ?? '/';
  if (!next.startsWith('/')) return '/';
  const target = new URL(next, location.origin);
  return target.origin === location.origin ? `${target.pathname}${target.search}${target.hash}` : '/';
}

/** The sign-in or sign-up page, leading to `next` (a path with its query) once done; none: its own default. */
export function accountPage(page: '/signin' | '/signup', next: string | null): string {
  return next && next !== '/' ? `${page}?next=${encodeURIComponent(next)}` : page;
}
