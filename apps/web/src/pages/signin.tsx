import { api, ok } from '../api/client';
import { Link, navigate } from '../router';
import { useSession } from '../session';
import { accountPage, nextPath, SignedOutPage } from '../sign-in-next';
import { useAction } from '../ui/async';
import { ActionForm, SubmitButton, TextField, useFields } from '../ui/fields';
import { ErrorMessage, Page } from '../ui/page';

export default function SignIn() {
  return <SignedOutPage Form={SignInForm} />;
}

function SignInForm({ query }: { query: URLSearchParams }) {
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
          No account yet? <Link to={accountPage('/signup', query.get('next'))}>Sign up</Link>.
        </p>
      </ActionForm>
    </Page>
  );
}
