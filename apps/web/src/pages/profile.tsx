// The profile: every field with its rule shown beside it, and the API's message inline when it refuses.
import { useState } from 'react';
import { Link } from '../router';
import { api, ok } from '../api/client';
import { useSession } from '../session';
import { useAction } from '../ui/async';
import {
  ActionForm,
  Checkbox,
  SubmitButton,
  TextArea,
  TextField,
  useFields,
  useRefusalBesideFields,
} from '../ui/fields';
import { ErrorMessage, Page } from '../ui/page';

export default function Profile() {
  const { user, setUser } = useSession();
  // "Saved." holds until the next change: an edit made after it is not saved yet.
  const [saved, setSaved] = useState(false);
  const fields = useFields(
    {
      name: user?.name ?? '',
      username: user?.username ?? '',
      company: user?.company ?? '',
      bio: user?.bio ?? '',
      linkedinUrl: user?.linkedinUrl ?? '',
      xUrl: user?.xUrl ?? '',
    },
    () => setSaved(false),
  );
  const [profileIsPublic, setProfileIsPublic] = useState(user?.profileIsPublic ?? false);
  const save = useAction(async () => {
    setSaved(false);
    const orNull = (v: string) => (v.trim() ? v.trim() : null);
    const form = fields.values;
    const { user: updated } = await ok(
      api.PATCH('/api/me', {
        body: {
          name: form.name.trim(),
          username: form.username.trim() ? form.username.trim().toLowerCase() : undefined,
          company: orNull(form.company),
          bio: orNull(form.bio),
          linkedinUrl: orNull(form.linkedinUrl),
          xUrl: orNull(form.xUrl),
          profileIsPublic,
        },
      }),
    );
    setUser(updated);
    setSaved(true);
  });
  // A refusal is said beside each field it names, once, the first of them with the focus.
  const refusal = useRefusalBesideFields(save.error, Object.keys(fields.values));
  if (!user) return null;
  const field = fields.bind(save.error);
  return (
    <Page title="Your profile">
      <p className="meta">
        {user.email}
        {user.is_admin ? ' · administrator' : ''}
        {user.username && user.profileIsPublic ? (
          <>
            {' '}
            · public at <a href={`/api/users/${user.username}`}>/api/users/{user.username}</a>
          </>
        ) : null}
      </p>
      {/* Account tools that do not earn a place in the main navigation (it stays one row at 1280 px). */}
      <nav aria-label="Account" className="meta">
        <Link to="/webhooks">Webhooks</Link>
        {' · '}
        <Link to="/audit">Your security events</Link>
        {user.is_admin ? (
          <>
            {' · '}
            <Link to="/admin/audit">Audit log</Link>
          </>
        ) : null}
      </nav>
      <ActionForm className="form" noValidate ref={refusal.form} runs={save}>
        <TextField
          label="Name"
          required
          maxLength={120}
          hint="1 to 120 characters; always public."
          {...field('name')}
        />
        <TextField
          label="Username"
          maxLength={30}
          hint="3 to 30 characters: lowercase letters, digits, - and _, starting and ending with a letter or digit; unique; always public."
          {...field('username')}
        />
        <TextField
          label="Company"
          maxLength={120}
          hint="1 to 120 characters, or empty to clear; always public."
          {...field('company')}
        />
        <TextArea
          label="Bio"
          maxLength={1000}
          rows={3}
          hint="At most 1000 characters; shown only when the profile is public."
          {...field('bio')}
        />
        <TextField
          label="LinkedIn profile"
          type="url"
          hint="An https link to your profile on linkedin.com, or empty."
          {...field('linkedinUrl')}
        />
        <TextField
          label="X profile"
          type="url"
          hint="An https link to your profile on x.com or twitter.com, or empty."
          {...field('xUrl')}
        />
        <Checkbox
          label="Public profile (bio and links shown to everyone)"
          checked={profileIsPublic}
          onChange={(e) => {
            setProfileIsPublic(e.target.checked);
            setSaved(false);
          }}
        />
        <ErrorMessage error={save.error} besideFields={refusal.named} />
        {saved ? <p role="status">Saved.</p> : null}
        <SubmitButton runs={save} busy="Saving…">
          Save profile
        </SubmitButton>
      </ActionForm>
    </Page>
  );
}
