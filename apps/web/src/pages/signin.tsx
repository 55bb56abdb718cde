import { api, ok } from '../api/client';
import { Link, navigate, useLocation } from '../router';
import { useSession } from '../session';
import { useAction } from '../ui/async';
import { ActionForm, SubmitButton, TextField, useFields } from '../ui/fields';
import { ErrorMessage, Page } from '../ui/page';

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

export default function SignIn() {
  const { query } = useLocation();
  const { setUser } = useSession();
  const fields = useFields({ email: '', password: '' });
  const signIn = useAction(async () => {
    const { user } = await ok(api.POST('/api/auth/login', { body: fields.values }));
    setUser(user);
    navigate(nextPath(query));
  });
  // The fields show no error of their own: a refusal is said once, above the button.
  const field = fields.bind();
  return (
    <Page title="Sign in">
      <ActionForm className="form narrow" noValidate runs={signIn}>
        <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          {...field('password')}
        />
        <ErrorMessage error={signIn.error} />
        <SubmitButton runs={signIn} busy="Signing in…">
          Sign in
        </SubmitButton>
        <p>
          No account yet? <Link to="/signup">Sign up</Link>.
        </p>
      </ActionForm>
    </Page>
  );
}
