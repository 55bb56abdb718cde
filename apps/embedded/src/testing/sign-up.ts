import { cookieFrom, type HttpClient } from '@pc/testing';

/** A user the end-to-end harnesses made through the API. */
export interface SignedUpUser {
  id: string;
  email: string;
  username: string;
  /** Their browser session (the `sb-access-token` cookie). */
  cookie: string;
  /** A token of the scopes asked for. */
  token: string;
  /** That token's id (to revoke it: DELETE /api/tokens/:id). */
  tokenId: string;
}

/**
 * A new user, made as a person makes one through the gateway: signs up (a session), picks a username,
 * mints a token of `scopes`. `label` and `n` name them (`<label><n>-<time>@example.com`, shown as
 * `<Label> <n>`), so that a failing test says whose they were; each step that fails throws its answer.
 */
export async function signUp(
  http: HttpClient,
  label: string,
  n: number,
  scopes: string[] = ['api:read', 'api:write'],
): Promise<SignedUpUser> {
  const email = `${label}${n}-${Date.now()}@example.com`;
  const name = `${label.charAt(0).toUpperCase()}${label.slice(1)} ${n}`;
  const signup = await http.post<{ user: { id: string } }>('/api/auth/signup', {
    email,
    password: 'password123',
    name,
  });
  if (signup.status !== 201) throw new Error(`sign-up answered ${signup.status}: ${signup.text}`);
  const cookie = cookieFrom(signup, 'sb-access-token')!;
  const username = `${label}${n}x${Date.now().toString(36)}`;
  const profile = await http.patch('/api/me', { username }, { cookie });
  if (profile.status !== 200) throw new Error(`PATCH /api/me answered ${profile.status}: ${profile.text}`);
  const token = await http.post<{ token: string; record: { id: string } }>(
    '/api/tokens',
    { name: 't', scopes },
    { cookie },
  );
  if (token.status !== 201) throw new Error(`POST /api/tokens answered ${token.status}: ${token.text}`);
  return {
    id: signup.body.user.id,
    email,
    username,
    cookie,
    token: token.body.token,
    tokenId: token.body.record.id,
  };
}
