// Personal access tokens: create (the secret is shown once, with a copy button), list, revoke.
import { useState } from 'react';
import { api, ok, type Schemas } from '../api/client';
import { useAction, useAsync } from '../ui/async';
import { ConfirmDialog, SecretOnce } from '../ui/dialogs';
import { DataTable, When } from '../ui/display';
import { ActionForm, CheckboxSet, SelectField, SubmitButton, TextField, useFields } from '../ui/fields';
import { ErrorMessage, Page, Pending } from '../ui/page';

type Token = Schemas['TokenRecordDto'];
type Scope = Token['scopes'][number];

/** What each scope lets a token do, as the form lists it. */
const SCOPE_LABELS: Record<Scope, string> = {
  'api:read': 'api:read (GET requests)',
  'api:write': 'api:write (everything else)',
};

export default function Tokens() {
  const list = useAsync(() => ok(api.GET('/api/tokens')), []);
  const fields = useFields({ name: '' });
  const [scopes, setScopes] = useState<Scope[]>(['api:read', 'api:write']);
  const [days, setDays] = useState('90');
  const [created, setCreated] = useState<{ token: string; name: string } | null>(null);
  const [revoking, setRevoking] = useState<Token | null>(null);
  const create = useAction(async () => {
    const result = await ok(
      api.POST('/api/tokens', {
        body: {
          name: fields.values.name,
          scopes,
          expiresInDays: days === 'never' ? null : (Number(days) as 30 | 90 | 365),
        },
      }),
    );
    setCreated({ token: result.token, name: result.record.name });
    fields.setValues({ name: '' });
    list.reload();
  });
  const revoke = useAction(async (token: Token) => {
    await ok(api.DELETE('/api/tokens/{id}', { params: { path: { id: token.id } } }));
    setRevoking(null);
    list.reload();
  });
  const field = fields.bind(create.error);
  return (
    <Page title="Access tokens">
      <p>
        Tokens let scripts, the command line and assistants call the API as you. Only this signed-in page can
        make them.
      </p>
      {created ? (
        <SecretOnce
          title={`Token “${created.name}” created`}
          secret={created.token}
          testId="new-token"
          onDone={() => setCreated(null)}
        />
      ) : null}
      <ActionForm className="form" aria-labelledby="new-token-title" runs={create}>
        <h2 id="new-token-title">New token</h2>
        <TextField
          label="Name"
          required
          maxLength={100}
          hint="1 to 100 characters, e.g. laptop."
          {...field('name')}
        />
        <CheckboxSet
          legend="Scopes"
          hint="At least one: with none chosen, Create token stays disabled."
          options={['api:read', 'api:write']}
          label={(scope) => SCOPE_LABELS[scope]}
          value={scopes}
          onChange={setScopes}
        />
        <SelectField
          label="Expires"
          value={days}
          onChange={(e) => setDays(e.target.value)}
          options={[
            ['30', 'in 30 days'],
            ['90', 'in 90 days'],
            ['365', 'in a year'],
            ['never', 'never'],
          ]}
        />
        <ErrorMessage error={create.error} />
        <SubmitButton runs={create} busy="Creating…" disabled={scopes.length === 0}>
          Create token
        </SubmitButton>
      </ActionForm>
      <h2>Your tokens</h2>
      <Pending state={list} />
      {list.data && list.data.tokens.length === 0 ? <p>No tokens yet.</p> : null}
      {list.data && list.data.tokens.length > 0 ? (
        <DataTable
          caption="Your tokens, newest first"
          columns={['Name', 'Prefix', 'Scopes', 'Created', 'Last used', 'Expires', '']}
        >
          {list.data.tokens.map((t) => (
            <tr key={t.id}>
              <td>{t.name}</td>
              <td>
                <code>{t.token_prefix}…</code>
              </td>
              <td>{t.scopes.join(', ')}</td>
              <td>
                <When at={t.created_at} />
              </td>
              <td>
                <When at={t.last_used_at} />
              </td>
              <td>{t.expires_at ? <When at={t.expires_at} /> : 'never'}</td>
              <td>
                {t.revoked_at ? (
                  <span className="muted">revoked</span>
                ) : (
                  <button
                    type="button"
                    className="danger small"
                    onClick={() => setRevoking(t)}
                    aria-label={`Revoke ${t.name}`}
                  >
                    Revoke
                  </button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke “${revoking?.name ?? ''}”?`}
        confirmLabel="Revoke token"
        busy={revoke.busy}
        onConfirm={() => revoking && void revoke.run(revoking)}
        onCancel={() => setRevoking(null)}
      >
        <p>Every request made with it fails from now on (401). This cannot be undone.</p>
        <ErrorMessage error={revoke.error} />
      </ConfirmDialog>
    </Page>
  );
}
