import { api, ok } from '../api/client';
import { Link, navigate } from '../router';
import { useSession } from '../session';
import { accountPage, nextPath, SignedOutPage } from '../sign-in-next';
import { useAction } from '../ui/async';
import { ActionForm, SubmitButton, TextField, useFields, useRefusalBesideFields } from '../ui/fields';
import { ErrorMessage, Page } from '../ui/page';

export default function SignUp() {
  return <SignedOutPage Form={SignUpForm} />;
}

function SignUpForm({ query }: { query: URLSearchParams }) {
  const { setUser } = useSession();
  const fields = useFields({ name: '', email: '', password: '' });
  const signUp = useAction(async () => {
    const { user } = await ok(api.POST('/api/auth/signup', { body: fields.values }));
    setUser(user);
    // Back where the visitor was going (a page that asked them to sign in), else to their first token.
    navigate(query.has('next') ? nextPath(query) : '/tokens');
  });
  const { error } = signUp;
  const field = fields.bind(error);
  // A refusal that names fields: each field's error once beside the field (not listed again), the first
  // such field with the focus.
  const refusal = useRefusalBesideFields(error, ['name', 'email', 'password']);
  return (
    <Page title="Create an account">
      <ActionForm className="form narrow" noValidate ref={refusal.form} runs={signUp}>
        <TextField
          label="Name"
          autoComplete="name"
          required
          maxLength={120}
          hint="1 to 120 characters, shown publicly."
          {...field('name')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          {...field('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          maxLength={256}
          hint="At least 8 characters."
          {...field('password')}
        />
        <ErrorMessage error={error} besideFields={refusal.named} />
        <SubmitButton runs={signUp} busy="Creating…">
          Create account
        </SubmitButton>
        <p>
          Already have one? <Link to={accountPage('/signin', query.get('next'))}>Sign in</Link>.
        </p>
      </ActionForm>
    </Page>
  );
}
