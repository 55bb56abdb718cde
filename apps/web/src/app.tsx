// The shell: skip link, navigation (what a visitor, a signed-in user and an administrator may use),
// and the routes, each page loaded on first use so the first load stays small.
import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { messageOf } from './api/client';
import { Link, match, navigate, useLocation } from './router';
import { useSession } from './session';
import { accountPage } from './sign-in-next';
import { Loading, Page } from './ui/page';

type Params = Record<string, string>;
type PageComponent = ComponentType<{ params: Params }>;

const page = (load: () => Promise<{ default: PageComponent }>) => lazy(load);
/** A page written once for both kinds of listing: the module's export for one kind. */
const kindPage = <K extends string>(load: () => Promise<Record<K, PageComponent>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));

/** Paths people type for a page that lives elsewhere: replaced in the history by the page's own. */
const MOVED: Record<string, string> = { '/review': '/admin/review' };

const ROUTES: Array<[string, PageComponent, { signedIn?: boolean; admin?: boolean }?]> = [
  ['/', page(() => import('./pages/catalog'))],
  ['/policies', page(() => import('./pages/catalog'))],
  ['/policies/:id', page(() => import('./pages/policy'))],
  ['/vendor-policies/:slug', kindPage(() => import('./pages/vendor-listing'), 'VendorPolicy')],
  ['/rulesets', kindPage(() => import('./pages/catalog'), 'RulesetCatalog')],
  ['/rulesets/:id', page(() => import('./pages/ruleset'))],
  ['/vendor-rulesets/:slug', kindPage(() => import('./pages/vendor-listing'), 'VendorRuleset')],
  ['/signin', page(() => import('./pages/signin'))],
  ['/signup', page(() => import('./pages/signup'))],
  ['/profile', page(() => import('./pages/profile')), { signedIn: true }],
  ['/tokens', page(() => import('./pages/tokens')), { signedIn: true }],
  ['/webhooks', page(() => import('./pages/webhooks')), { signedIn: true }],
  ['/submit', kindPage(() => import('./pages/submit'), 'SubmitPolicy'), { signedIn: true }],
  ['/submit/ruleset', kindPage(() => import('./pages/submit'), 'SubmitRuleset'), { signedIn: true }],
  ['/submissions', kindPage(() => import('./pages/submissions'), 'PolicySubmissions'), { signedIn: true }],
  [
    '/ruleset-submissions',
    kindPage(() => import('./pages/submissions'), 'RulesetSubmissions'),
    { signedIn: true },
  ],
  ['/admin/review', page(() => import('./pages/review')), { signedIn: true, admin: true }],
  ['/admin/audit', page(() => import('./pages/audit')), { signedIn: true, admin: true }],
  ['/audit', page(() => import('./pages/audit')), { signedIn: true }],
  ['/connections', page(() => import('./pages/connections')), { signedIn: true }],
  ['/workspaces', page(() => import('./pages/workspaces')), { signedIn: true }],
  ['/workspaces/:id', page(() => import('./pages/workspace')), { signedIn: true }],
  ['/workspaces/:id/governance', page(() => import('./pages/governance')), { signedIn: true }],
  ['/governed-apis/:id', page(() => import('./pages/governed-api')), { signedIn: true }],
  ['/deploy', page(() => import('./pages/deploy')), { signedIn: true }],
  ['/deployments', page(() => import('./pages/deployments')), { signedIn: true }],
  ['/deployments/:id', page(() => import('./pages/deployment')), { signedIn: true }],
  ['/rollouts', page(() => import('./pages/rollouts')), { signedIn: true }],
  ['/rollouts/:id', page(() => import('./pages/rollout')), { signedIn: true }],
  ['/inbox', page(() => import('./pages/inbox')), { signedIn: true }],
];

function Routes() {
  const { path, query } = useLocation();
  const { user, known, generation } = useSession();
  const movedTo = Object.hasOwn(MOVED, path) ? MOVED[path] : undefined;
  // Here, not in a child: this component's location listener (declared above) is registered by then.
  useEffect(() => {
    if (movedTo) navigate(movedTo, { replace: true });
  }, [movedTo]);
  if (movedTo) return <Loading />;
  for (const [pattern, Component, rules] of ROUTES) {
    const params = match(pattern, path);
    if (!params) continue;
    if (rules?.signedIn && !known) return <Loading />;
    if (rules?.signedIn && !user) {
      return (
        <Page title="Sign in required">
          <p>
            This page needs an account. <Link to={accountPage('/signin', here(path, query))}>Sign in</Link> or{' '}
            <Link to={accountPage('/signup', here(path, query))}>create an account</Link>.
          </p>
        </Page>
      );
    }
    if (rules?.admin && !user?.is_admin) {
      return (
        <Page title="Administrators only">
          <p>This page is for administrators.</p>
        </Page>
      );
    }
    // A page is read anew when who is signed in changes: nothing read for the one before stays on screen
    // (the catalog shows its owner's drafts; signing out on it navigates to where it already is).
    return (
      <Suspense fallback={<Loading />}>
        <Component key={`${generation}:${path}`} params={params} />
      </Suspense>
    );
  }
  return (
    <Page title="Page not found">
      <p>
        Nothing lives at <code>{path}</code>. <Link to="/">Back to the catalog</Link>.
      </p>
    </Page>
  );
}

/** This page (its path and query), to come back to once signed in. */
function here(path: string, query: URLSearchParams): string {
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * Where signing in or up from the header leads back to: this page; on the sign-in and sign-up pages,
 * where they lead.
 */
function afterSignIn(path: string, query: URLSearchParams): string | null {
  return path === '/signin' || path === '/signup' ? query.get('next') : here(path, query);
}

/** A link of the main navigation, current on its pages (and on `also`'s: a section's other pages). */
function NavLink({ to, also, children }: { to: string; also?: string; children: string }) {
  const { path } = useLocation();
  const current =
    (to === '/' ? path === '/' || path.startsWith('/policies') : path.startsWith(to)) ||
    (also !== undefined && path.startsWith(also));
  return (
    <Link to={to} aria-current={current ? 'page' : undefined}>
      {children}
    </Link>
  );
}

function Header() {
  const { user, signOut } = useSession();
  const { path, query } = useLocation();
  const [error, setError] = useState<string | null>(null);
  // On a narrow screen the navigation and the account links fold behind a menu button.
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [path]);
  const out = async (): Promise<void> => {
    try {
      await signOut();
      navigate('/');
    } catch (e) {
      setError(messageOf(e));
    }
  };
  return (
    <header className="top">
      <Link to="/" className="brand">
        Policy Catalog
      </Link>
      <button
        type="button"
        className="menu-button secondary"
        aria-expanded={open}
        aria-controls="main-menu"
        onClick={() => setOpen(!open)}
      >
        {open ? 'Close menu' : 'Menu'}
      </button>
      <div
        id="main-menu"
        className={open ? 'menu open' : 'menu'}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setOpen(false);
        }}
      >
        <nav aria-label="Main">
          <NavLink to="/" also="/vendor-policies">
            Policies
          </NavLink>
          <NavLink to="/rulesets" also="/vendor-rulesets">
            Rulesets
          </NavLink>
          {user ? (
            <>
              <NavLink to="/submit">Submit</NavLink>
              <NavLink to="/submissions">My submissions</NavLink>
              <NavLink to="/connections">Connections</NavLink>
              <NavLink to="/workspaces">Workspaces</NavLink>
              <NavLink to="/deployments" also="/rollouts">
                Deployments
              </NavLink>
              <NavLink to="/tokens">Tokens</NavLink>
              <NavLink to="/inbox">Inbox</NavLink>
              {user.is_admin ? <NavLink to="/admin/review">Review queue</NavLink> : null}
            </>
          ) : null}
        </nav>
        <div className="account">
          {user ? (
            <>
              <Link to="/profile">{user.name}</Link>
              <button type="button" className="secondary" onClick={() => void out()}>
                Sign out
              </button>
            </>
          ) : (
            <>
              <Link to={accountPage('/signin', afterSignIn(path, query))}>Sign in</Link>
              <Link to={accountPage('/signup', afterSignIn(path, query))} className="button">
                Sign up
              </Link>
            </>
          )}
          {error ? (
            <span role="alert" className="field-error">
              {error}
            </span>
          ) : null}
        </div>
      </div>
    </header>
  );
}

export function App() {
  return (
    <>
      <a href="#main" className="skip">
        Skip to content
      </a>
      <Header />
      <main id="main">
        <Routes />
      </main>
      <footer className="foot">
        <a href="/api/docs">API documentation</a> · <a href="/api/openapi.json">OpenAPI document</a>
      </footer>
    </>
  );
}
