import { type FormEvent, useState } from 'react';
import { api, ok } from '../api/client';
import { Link, navigate, useLocation } from '../router';
import { useSession } from '../session';
import { useAction } from '../ui/async';
import { TextField } from '../ui/fields';
import { ErrorMessage, Page } from '../ui/page';

/** Only a path of this app (never another site) is followed after signing in. */
export function nextPath(query: URLSearchParams): string {
  const next = query.get('next') ?? '/';
  return next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

export default function SignIn() {
  const { query } = useLocation();
  const { setUser } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { run, busy, error } = useAction(async () => {
    const { user } = await ok(api.POST('/api/auth/login', { body: { email, password } }));
    setUser(user);
    navigate(nextPath(query));
  });
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    void run();
  };
  return (
    <Page title="Sign in">
      <form className="form narrow" onSubmit={submit} noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <ErrorMessage error={error} />
        <button type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        <p>
          No account yet? <Link to="/signup">Sign up</Link>.
        </p>
      </form>
    </Page>
  );
}
