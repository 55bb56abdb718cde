// Where signing in or signing up leads: back to the page that asked for it (`next`), so that a visitor
// who has no account yet, and makes one on the way, comes back to what they meant to do; and what the
// sign-in and sign-up pages say to someone signed in already.
import type { ComponentType } from 'react';
import { Link, useLocation } from './router';
import { useSession } from './session';
import { Loading, Page } from './ui/page';

/** The sign-in or sign-up page: its form (given the page's query) for someone signed out; someone signed in is told so. */
export function SignedOutPage({ Form }: { Form: ComponentType<{ query: URLSearchParams }> }) {
  const { query } = useLocation();
  const { user, known } = useSession();
  if (!known) return <Loading />;
  if (user) return <SignedInAlready name={user.name} query={query} />;
  return <Form query={query} />;
}

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

/**
 * What the sign-in and sign-up pages show someone signed in already (Back after signing up led there,
 * to an empty form that would make or open a second account): who they are, and the way on.
 */
export function SignedInAlready({ name, query }: { name: string; query: URLSearchParams }) {
  return (
    <Page title="You are signed in">
      <p>
        You are signed in as {name}. <Link to={nextPath(query)}>Continue</Link>, or sign out to use another
        account.
      </p>
    </Page>
  );
}
