// One workspace: rename, archive, members and roles, shared connections, self-heal of drifted deployments,
// what is installed (policies and rulesets); every destructive action shows its impact first.
import { useState } from 'react';
import { WORKSPACE_LIMITS } from '@pc/contracts';
import { api, ok, type Schemas } from '../api/client';
import { Link, navigate } from '../router';
import { SelfHealSetting } from '../self-heal-setting';
import { AuditLog } from './audit';
import { WebhookEndpoints } from './webhooks';
import { useAction, useAsync } from '../ui/async';
import { ConfirmDialog } from '../ui/dialogs';
import { Badge, DataTable, When } from '../ui/display';
import { ActionForm, SelectField, SubmitButton, TextField } from '../ui/fields';
import { ErrorMessage, Loading, Page, PendingPage } from '../ui/page';

type Detail = Schemas['WorkspaceDetailDto'];
type Member = Schemas['WorkspaceMemberDto'];
type Shared = Schemas['WorkspaceConnectionDto'];
type DisabledMember = Schemas['DisabledMemberDto'];

export default function WorkspacePage({ params }: { params: Record<string, string> }) {
  const id = params.id;
  const detail = useAsync(() => ok(api.GET('/api/workspaces/{id}', { params: { path: { id } } })), [id]);
  if (!detail.data) return <PendingPage title="Workspace" state={detail} />;
  return <Workspace w={detail.data.workspace} reload={detail.reload} reloadError={detail.error} />;
}

/** `reloadError`: reading the workspace again (after a change) failed; what was read before is shown. */
function Workspace({ w, reload, reloadError }: { w: Detail; reload: () => void; reloadError: unknown }) {
  const path = { params: { path: { id: w.id } } };
  const manage = w.role === 'owner' || w.role === 'admin';
  const [name, setName] = useState(w.name);
  const [archiving, setArchiving] = useState(false);
  const rename = useAction(async () => {
    await ok(api.PATCH('/api/workspaces/{id}', { ...path, body: { name: name.trim() } }));
    reload();
  });
  // Whom unarchiving disabled: they already belonged to as many workspaces as a user may.
  const [disabled, setDisabled] = useState<DisabledMember[]>([]);
  const archive = useAction(async () => {
    if (w.archived_at) {
      setDisabled((await ok(api.DELETE('/api/workspaces/{id}/archive', path))).disabled_members);
    } else {
      await ok(api.POST('/api/workspaces/{id}/archive', path));
      setDisabled([]);
    }
    setArchiving(false);
    reload();
  });
  return (
    <Page
      title={w.name}
      actions={
        <>
          {w.role !== null ? (
            <Link className="button secondary" to={`/workspaces/${w.id}/governance`}>
              API governance
            </Link>
          ) : null}
          {!w.archived_at ? (
            <Link className="button" to={`/deploy?workspaceId=${w.id}`}>
              Deploy here
            </Link>
          ) : null}
        </>
      }
    >
      <ErrorMessage error={reloadError} retry={reload} />
      <p className="meta">
        Your role: {w.role ?? 'administrator (not a member)'} {w.is_personal ? <Badge>personal</Badge> : null}{' '}
        {w.archived_at ? (
          <Badge tone="warn">
            archived <When at={w.archived_at} />
          </Badge>
        ) : null}
      </p>
      {disabled.length > 0 ? (
        <p role="status">
          Unarchived. {disabled.length === 1 ? 'This member' : `These ${disabled.length} members`} already
          belonged to {WORKSPACE_LIMITS.membershipsMax} workspaces, as many as a user may, and{' '}
          {disabled.length === 1 ? 'was' : 'were'} disabled here (their shared connections paused):{' '}
          {disabled.map((m) => (m.username ? `@${m.username}` : (m.name ?? m.user_id))).join(', ')}. Re-enable
          them below once they have left another workspace.
        </p>
      ) : null}
      {w.role === 'owner' ? (
        <ActionForm className="form" aria-label="Rename" runs={rename}>
          <TextField
            label="Workspace name"
            minLength={2}
            maxLength={80}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <ErrorMessage error={rename.error} />
          <div className="row">
            <SubmitButton runs={rename} disabled={name.trim() === w.name}>
              Rename
            </SubmitButton>
            {!w.is_personal ? (
              <button
                type="button"
                className={w.archived_at ? 'secondary' : 'danger'}
                onClick={() => setArchiving(true)}
              >
                {w.archived_at ? 'Unarchive' : 'Archive'}
              </button>
            ) : null}
          </div>
        </ActionForm>
      ) : null}
      <ConfirmDialog
        open={archiving}
        title={w.archived_at ? 'Unarchive this workspace?' : 'Archive this workspace?'}
        confirmLabel={w.archived_at ? 'Unarchive' : 'Archive'}
        busy={archive.busy}
        onConfirm={() => void archive.run()}
        onCancel={() => setArchiving(false)}
      >
        <p>
          {w.archived_at
            ? `Members can deploy, add members and share connections again. A member who already belongs to ${WORKSPACE_LIMITS.membershipsMax} workspaces, as many as a user may, is disabled here: you can re-enable them once they have room.`
            : 'The workspace becomes read-only: no new deployments, members or shared connections until it is unarchived. What is deployed stays.'}
        </p>
        <ErrorMessage error={archive.error} />
      </ConfirmDialog>
      {!w.is_personal ? <Members w={w} manage={manage} reload={reload} /> : null}
      <Connections w={w} manage={manage} reload={reload} />
      {w.role !== null ? <SelfHealSetting workspaceId={w.id} manage={manage} /> : null}
      {w.role === 'owner' ? (
        <>
          <h2>Webhooks</h2>
          <p>
            Tell other systems what happens in this workspace: its deployments, new versions of what it
            deployed.
          </p>
          <WebhookEndpoints workspaceId={w.id} />
        </>
      ) : null}
      {w.role === 'owner' || (w.role === null && w.is_admin) ? (
        <>
          <h2>Audit log</h2>
          <AuditLog scope={{ kind: 'workspace', workspaceId: w.id }} />
        </>
      ) : null}
      <Installed
        kind="policies"
        title="Installed policies"
        empty="No policy deployed from this workspace yet."
        items={w.installedPolicies.map((p) => ({ ...p, to: `/policies/${p.id}` }))}
      />
      <Installed
        kind="rulesets"
        title="Installed rulesets"
        empty="No ruleset deployed from this workspace yet."
        items={w.installedRulesets.map((r) => ({ ...r, to: `/rulesets/${r.id}` }))}
      />
    </Page>
  );
}

/** What the workspace deployed of one kind, with how often and when last. */
function Installed({
  kind,
  title,
  empty,
  items,
}: {
  kind: 'policies' | 'rulesets';
  title: string;
  empty: string;
  items: {
    id: string;
    name: string;
    to: string;
    deploys_in_workspace: number;
    latest_deployment_at: string;
  }[];
}) {
  const id = `installed-${kind}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {items.length === 0 ? <p>{empty}</p> : null}
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            <Link to={item.to}>{item.name}</Link> · {item.deploys_in_workspace} deployment(s), latest{' '}
            <When at={item.latest_deployment_at} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A change to a member from their row: each is confirmed in the one dialog below, saying what it changes. */
type MemberChange = 'leave' | 'disable' | 'reenable' | 'admin' | 'member';

function Members({ w, manage, reload }: { w: Detail; manage: boolean; reload: () => void }) {
  const [who, setWho] = useState('');
  const [role, setRole] = useState<'admin' | 'member'>('member');
  const [pending, setPending] = useState<{ member: Member; change: MemberChange } | null>(null);
  const add = useAction(async () => {
    const value = who.trim();
    await ok(
      api.POST('/api/workspaces/{id}/members', {
        params: { path: { id: w.id } },
        body:
          value.includes('@') && !value.startsWith('@') ? { role, email: value } : { role, username: value },
      }),
    );
    setWho('');
    reload();
  });
  // Disabling a member and leaving (removing oneself: the same route) show what they touch first.
  const removal = pending?.change === 'disable' || pending?.change === 'leave' ? pending.member : null;
  const impact = useAsync(
    () =>
      removal
        ? ok(
            api.GET('/api/workspaces/{id}/members/{userId}/impact', {
              params: { path: { id: w.id, userId: removal.user_id } },
            }),
          )
        : Promise.resolve(null),
    [removal?.user_id],
  );
  const confirm = useAction(async () => {
    const { member, change } = pending!;
    const path = { params: { path: { id: w.id, userId: member.user_id } } };
    if (change === 'disable' || change === 'leave')
      await ok(api.DELETE('/api/workspaces/{id}/members/{userId}', path));
    else
      await ok(
        api.PATCH('/api/workspaces/{id}/members/{userId}', {
          ...path,
          body: change === 'reenable' ? { disabled: false } : { role: change },
        }),
      );
    setPending(null);
    // Having left, the workspace is no longer the caller's to read, so the list follows.
    if (change === 'leave') navigate('/workspaces');
    else reload();
  });
  const ask = (member: Member, change: MemberChange) => {
    confirm.setError(null);
    setPending({ member, change });
  };
  const button = (m: Member, change: MemberChange, label: string, danger = false) => (
    <button type="button" className={danger ? 'danger' : 'secondary'} onClick={() => ask(m, change)}>
      {label}
    </button>
  );
  /** One's own row: any member but the owner may leave, archived or not (the API allows it). */
  const leave = (m: Member) =>
    m.user_id === w.caller_id && m.role !== 'owner' && !m.disabled_at
      ? button(m, 'leave', 'Leave', true)
      : null;
  const name = pending?.member.name ?? pending?.member.username ?? 'this member';
  const dialog = pending ? MEMBER_CHANGES[pending.change] : null;
  return (
    <>
      <h2>Members</h2>
      <DataTable caption={`Members of ${w.name}`} columns={['Member', 'Role', 'Added', '']}>
        {w.members.map((m) => (
          <tr key={m.user_id}>
            <td>
              {m.name ?? m.username ?? m.user_id}{' '}
              {m.username ? <span className="muted">@{m.username}</span> : null}{' '}
              {m.disabled_at ? <Badge tone="warn">disabled</Badge> : null}
              {m.disabled_reason ? (
                <>
                  {' '}
                  <span className="muted">{DISABLED_BECAUSE[m.disabled_reason]}</span>
                </>
              ) : null}
            </td>
            <td>{m.role}</td>
            <td>
              <When at={m.added_at} />
            </td>
            <td className="actions">
              <div className="row small">
                {m.user_id === w.caller_id || w.archived_at ? (
                  // Archived: no role changes, disables or re-enables (the API answers 409); one may still leave.
                  leave(m)
                ) : manage && m.role !== 'owner' ? (
                  m.disabled_at ? (
                    button(m, 'reenable', 'Re-enable')
                  ) : (
                    <>
                      {m.role === 'admin'
                        ? button(m, 'member', 'Make member')
                        : button(m, 'admin', 'Make admin')}
                      {button(m, 'disable', 'Disable', true)}
                    </>
                  )
                ) : null}
              </div>
            </td>
          </tr>
        ))}
      </DataTable>
      {manage && w.archived_at ? (
        <p className="hint">Archived: members and their roles stay as they are until it is unarchived.</p>
      ) : null}
      {manage && !w.archived_at ? (
        <ActionForm className="form" aria-label="Add a member" runs={add}>
          <TextField
            label="Add a member (username or email)"
            required
            value={who}
            onChange={(e) => setWho(e.target.value)}
          />
          <SelectField
            label="Role"
            value={role}
            onChange={(e) => setRole(e.target.value as 'admin' | 'member')}
            options={[
              ['member', 'Member'],
              ['admin', 'Admin'],
            ]}
          />
          <ErrorMessage error={add.error} />
          <SubmitButton runs={add}>Add member</SubmitButton>
        </ActionForm>
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        title={dialog?.title(name, w.name) ?? ''}
        confirmLabel={dialog?.confirm ?? ''}
        busy={confirm.busy}
        onConfirm={() => void confirm.run()}
        onCancel={() => setPending(null)}
      >
        {pending?.change === 'leave' && impact.data ? (
          <ul>
            <li>
              Your access ends at once; {impact.data.deployments_authored} deployment(s) you made keep your
              attribution. Only a manager can add you again.
            </li>
            <li>
              {impact.data.owned_shared_connections} connection(s) you shared here stop working for the
              others.
            </li>
          </ul>
        ) : pending?.change === 'disable' && impact.data ? (
          <ul>
            <li>
              Their access ends at once; {impact.data.deployments_authored} deployment(s) they made keep their
              attribution.
            </li>
            <li>
              {impact.data.owned_shared_connections} connection(s) they shared here stop working for the
              others.
            </li>
          </ul>
        ) : removal ? (
          <Loading label="Checking what it touches…" />
        ) : dialog ? (
          <p>{dialog.says}</p>
        ) : null}
        <ErrorMessage error={impact.error ?? confirm.error} />
      </ConfirmDialog>
    </>
  );
}

/**
 * Why a member is disabled, beside their badge: a manager tells someone who left from someone removed or
 * cut off by an unarchiving before re-enabling them (none for a member disabled before it was kept).
 */
const DISABLED_BECAUSE: Record<NonNullable<Member['disabled_reason']>, string> = {
  left: 'Left the workspace',
  removed: 'Removed by a manager',
  membership_limit: `Already in ${WORKSPACE_LIMITS.membershipsMax} workspaces when this one was unarchived`,
};

/** What each change from a member's row is called and says in its confirm (a removal also shows its impact). */
const MEMBER_CHANGES: Record<
  MemberChange,
  { title: (member: string, workspace: string) => string; confirm: string; says?: string }
> = {
  leave: { title: (_, workspace) => `Leave ${workspace}?`, confirm: 'Leave workspace' },
  disable: { title: (member) => `Disable ${member}?`, confirm: 'Disable member' },
  reenable: {
    title: (member) => `Re-enable ${member}?`,
    confirm: 'Re-enable member',
    says:
      'Their access comes back at once, and the connections of theirs paused when they were disabled work here ' +
      'again (one they withdrew stays withdrawn). If they left on their own, this adds them back without ' +
      'asking them.',
  },
  admin: {
    title: (member) => `Make ${member} an admin?`,
    confirm: 'Make admin',
    says:
      'As an admin they add, disable and re-enable members, change their roles, rename the workspace, share ' +
      'connections of their own into it and pause the ones others shared.',
  },
  member: {
    title: (member) => `Make ${member} a member?`,
    confirm: 'Make member',
    says:
      'They keep their access and deploy with the shared connections, but no longer manage members or shared ' +
      'connections, nor rename the workspace. Connections they shared here stay shared.',
  },
};

function Connections({ w, manage, reload }: { w: Detail; manage: boolean; reload: () => void }) {
  const mine = useAsync(() => (manage ? ok(api.GET('/api/connections')) : Promise.resolve(null)), [manage]);
  const [pick, setPick] = useState('');
  const [unsharing, setUnsharing] = useState<Shared | null>(null);
  const share = useAction(async (connectionId: string) => {
    await ok(
      api.POST('/api/workspaces/{id}/connections', {
        params: { path: { id: w.id } },
        body: { connection_id: connectionId },
      }),
    );
    reload();
  });
  const enable = useAction(async (connectionId: string) => {
    await ok(
      api.PATCH('/api/workspaces/{id}/connections', {
        params: { path: { id: w.id } },
        body: { connection_id: connectionId, disabled: false },
      }),
    );
    reload();
  });
  const impact = useAsync(
    () =>
      unsharing
        ? ok(
            api.GET('/api/workspaces/{id}/connections/{connectionId}/impact', {
              params: { path: { id: w.id, connectionId: unsharing.id } },
            }),
          )
        : Promise.resolve(null),
    [unsharing?.id],
  );
  const unshare = useAction(async () => {
    await ok(
      api.DELETE('/api/workspaces/{id}/connections', {
        params: { path: { id: w.id }, query: { connection_id: unsharing!.id } },
      }),
    );
    setUnsharing(null);
    reload();
  });
  const shareable = (mine.data?.connections ?? []).filter((c) => !w.connections.some((s) => s.id === c.id));
  return (
    <section aria-labelledby="shared-connections">
      <h2 id="shared-connections">Shared connections</h2>
      {w.connections.length === 0 ? <p>No connection is shared into this workspace.</p> : null}
      <ul>
        {w.connections.map((c) => (
          <li key={c.id} className="row">
            <span>
              {c.name} ({c.host}){' '}
              {c.disabled_at ? <Badge tone="warn">{c.disabled_reason ?? 'disabled'}</Badge> : null}
              {w.connectionStats[c.id] ? (
                <span className="muted">
                  {' '}
                  · {w.connectionStats[c.id].deployments + w.connectionStats[c.id].ruleset_deployments}{' '}
                  deployment(s)
                </span>
              ) : null}
            </span>
            {manage && !w.archived_at && c.disabled_at && c.is_owner ? (
              <button type="button" className="secondary small" onClick={() => void enable.run(c.id)}>
                Share again
              </button>
            ) : null}
            {manage && !c.disabled_at && (!w.archived_at || c.is_owner) ? (
              <button type="button" className="danger small" onClick={() => setUnsharing(c)}>
                Unshare
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <ErrorMessage error={enable.error} />
      {manage && !w.archived_at && shareable.length > 0 ? (
        <ActionForm
          className="form"
          aria-label="Share a connection"
          runs={{ run: () => pick && share.run(pick), busy: share.busy }}
        >
          <SelectField
            label="Share one of your connections"
            value={pick}
            onChange={(e) => setPick(e.target.value)}
            options={[['', 'Choose…'], ...shareable.map((c): [string, string] => [c.id, c.name])]}
          />
          <ErrorMessage error={share.error} />
          <SubmitButton runs={share} disabled={!pick}>
            Share
          </SubmitButton>
        </ActionForm>
      ) : null}
      <ConfirmDialog
        open={unsharing !== null}
        title={`Unshare ${unsharing?.name ?? 'this connection'}?`}
        confirmLabel="Unshare"
        busy={unshare.busy}
        onConfirm={() => void unshare.run()}
        onCancel={() => setUnsharing(null)}
      >
        {impact.data ? (
          <p>
            {impact.data.members_visible} member(s) lose it at once; {impact.data.deployments_authored}{' '}
            deployment(s) made through it keep their attribution.
          </p>
        ) : (
          <Loading label="Checking what it touches…" />
        )}
        <ErrorMessage error={impact.error ?? unshare.error} />
      </ConfirmDialog>
    </section>
  );
}
