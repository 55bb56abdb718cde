import { randomUUID } from 'node:crypto';
import {
  type AuditAction,
  AUDIT_ACTIONS,
  type AuditRecordedEvent,
  CatalogRpc,
  ConnectionsRpc,
  DeploymentsRpc,
  IdentityRpc,
  RulesetsRpc,
  type RpcDescriptor,
  WebhooksRpc,
  WorkspacesRpc,
  GovernanceRpc,
} from '@pc/contracts';
import { DomainError } from '@pc/platform';
import { type GatewayUser, gatewayUnderTest } from '../testing/gateway-under-test';

/**
 * Every audited route through the gateway's HTTP edge (its real controllers, guards, validation, audit
 * recorder and outbox), the services behind it a stand-in: one request, exactly one record, naming the
 * action, its actor, its target, the workspace it happened in and what changed, and never a secret of the
 * request. Whether the services do the action is their own tests' business; that a record reaches the
 * log through the whole system is the audit end-to-end file's.
 */

const id = {
  workspace: randomUUID(),
  connection: randomUUID(),
  member: randomUUID(),
  policy: randomUUID(),
  ruleset: randomUUID(),
  submission: randomUUID(),
  revision: randomUUID(),
  transfer: randomUUID(),
  deployment: randomUUID(),
  rollout: randomUUID(),
  idea: randomUUID(),
  webhook: randomUUID(),
  workspaceWebhook: randomUUID(),
  delivery: randomUUID(),
  redelivery: randomUUID(),
  token: randomUUID(),
  user: randomUUID(),
  api: randomUUID(),
  governanceProfile: randomUUID(),
  waiver: randomUUID(),
  evaluation: randomUUID(),
};
/** Secrets a request carries: none may appear in a record. */
const SECRET = {
  password: 'pw-audited-routes-secret-1',
  clientSecret: 'client-secret-audited-routes-1',
  token: `pcat_${'S'.repeat(49)}`,
  webhook: `whsec_${Buffer.from('a webhook secret of 32 bytes....').toString('base64')}`,
  session: 'pcs_audited-routes-session-secret',
  receiver: 'receiver-token-audited-routes-1',
};

const UA = 'audited-routes/1.0';

/** `session`: the user in a browser session (the cookie); `user` and `admin` with a token. */
type Who = 'user' | 'session' | 'admin' | 'anonymous';
interface Row {
  action: AuditAction;
  who: Who;
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  body?: Record<string, unknown>;
  /** What the stand-in answers (only the fields the gateway reads or returns). */
  replies: Array<[RpcDescriptor<never, unknown>, unknown]>;
  expected: Partial<AuditRecordedEvent>;
}

/** A descriptor as the stand-in's table keeps it (each reply is the fields the gateway reads). */
const rpc = (descriptor: { pattern: string }) => descriptor as RpcDescriptor<never, unknown>;
const rollout = { rollout: { id: id.rollout, workspace_id: id.workspace, status: 'paused', steps: [] } };
const endpoint = {
  id: id.webhook,
  url: `https://hooks.example.com/a?token=${SECRET.receiver}`,
  event_types: ['webhook.ping'],
  workspace_id: null,
  previous_secret_expires_at: null,
};
/** An endpoint of the workspace (its owner manages it). */
const workspaceEndpoint = { ...endpoint, id: id.workspaceWebhook, workspace_id: id.workspace };
/** A deployment as the deployments service shows it: every deployment is made in a workspace. */
const deploymentLookup: [RpcDescriptor<never, unknown>, unknown] = [
  rpc(DeploymentsRpc.get),
  { deployment: { id: id.deployment, workspace_id: id.workspace } },
];
/** A governed API and a governance profile as the rulesets service shows them: each is a workspace's. */
const apiLookup: [RpcDescriptor<never, unknown>, unknown] = [
  rpc(GovernanceRpc.getApi),
  { api: { id: id.api, workspace_id: id.workspace } },
];
const profileLookup: [RpcDescriptor<never, unknown>, unknown] = [
  rpc(GovernanceRpc.getProfile),
  { profile: { id: id.governanceProfile, workspace_id: id.workspace } },
];
const profile = { id: id.user, email: 'ada@example.com', name: 'Ada', is_admin: false };
const feedback = { feedback: 'Reviewed' };

const ROWS: Row[] = [
  {
    action: 'auth.signed_up',
    who: 'anonymous',
    method: 'POST',
    url: '/api/auth/signup',
    body: { email: 'ada@example.com', password: SECRET.password, name: 'Ada' },
    replies: [
      [
        rpc(IdentityRpc.signup),
        { user: profile, sessionToken: SECRET.session, expiresAt: new Date(Date.now() + 1e9).toISOString() },
      ],
    ],
    expected: { actor_user_id: id.user, actor_via: 'anonymous', target_type: 'user', target_id: id.user },
  },
  {
    action: 'auth.signed_in',
    who: 'anonymous',
    method: 'POST',
    url: '/api/auth/login',
    body: { email: 'ada@example.com', password: SECRET.password },
    replies: [
      [
        rpc(IdentityRpc.login),
        { user: profile, sessionToken: SECRET.session, expiresAt: new Date(Date.now() + 1e9).toISOString() },
      ],
    ],
    expected: { actor_user_id: id.user, actor_via: 'anonymous', target_type: 'user', target_id: id.user },
  },
  {
    action: 'auth.signed_out',
    who: 'session',
    method: 'POST',
    url: '/api/auth/logout',
    body: {},
    replies: [[rpc(IdentityRpc.logout), { ok: true }]],
    expected: { target_type: 'session', target_id: null },
  },
  {
    action: 'token.created',
    who: 'session',
    method: 'POST',
    url: '/api/tokens',
    body: { name: 'ci', scopes: ['api:read', 'api:write'] },
    replies: [
      [
        rpc(IdentityRpc.createToken),
        {
          token: SECRET.token,
          record: { id: id.token, name: 'ci', scopes: ['api:read', 'api:write'], expires_at: null },
        },
      ],
    ],
    expected: {
      target_type: 'token',
      target_id: id.token,
      summary: { name: 'ci', scopes: ['api:read', 'api:write'], expires_at: null },
    },
  },
  {
    action: 'token.revoked',
    who: 'user',
    method: 'DELETE',
    url: `/api/tokens/${id.token}`,
    replies: [[rpc(IdentityRpc.revokeToken), { ok: true, record: { id: id.token } }]],
    expected: { target_type: 'token', target_id: id.token },
  },
  {
    action: 'profile.updated',
    who: 'user',
    method: 'PATCH',
    url: '/api/me',
    body: { bio: 'audited' },
    replies: [[rpc(IdentityRpc.updateMe), { user: profile }]],
    expected: { target_type: 'user', target_id: id.user, summary: { fields: ['bio'] } },
  },
  {
    action: 'webhook.created',
    who: 'user',
    method: 'POST',
    url: '/api/webhooks',
    body: { url: endpoint.url, event_types: ['webhook.ping'] },
    replies: [[rpc(WebhooksRpc.create), { endpoint, secret: SECRET.webhook }]],
    expected: {
      target_type: 'webhook',
      target_id: id.webhook,
      workspace_id: null,
      summary: { url: 'https://hooks.example.com/a', event_types: ['webhook.ping'] },
    },
  },
  {
    action: 'webhook.created',
    who: 'user',
    method: 'POST',
    url: `/api/workspaces/${id.workspace}/webhooks`,
    body: { url: endpoint.url, event_types: ['deployment.failed'] },
    replies: [
      [
        rpc(WebhooksRpc.create),
        {
          endpoint: { ...endpoint, workspace_id: id.workspace, event_types: ['deployment.failed'] },
          secret: SECRET.webhook,
        },
      ],
    ],
    expected: { target_type: 'webhook', target_id: id.webhook, workspace_id: id.workspace },
  },
  // The routes acting on an endpoint, on a user's own and on a workspace's (whose log shows them).
  ...(
    [
      [endpoint, null],
      [workspaceEndpoint, id.workspace],
    ] as const
  ).flatMap(([target, workspace]): Row[] => {
    const url = `/api/webhooks/${target.id}`;
    const expected = { target_type: 'webhook', target_id: target.id, workspace_id: workspace };
    /** The endpoint as identity shows it to its owner: where the recorder finds its workspace. */
    const lookup: Row['replies'][number] = [rpc(WebhooksRpc.get), { endpoint: target }];
    return [
      {
        action: 'webhook.updated',
        who: 'user',
        method: 'PATCH',
        url,
        body: { enabled: false, url: endpoint.url },
        replies: [[rpc(WebhooksRpc.update), { endpoint: target }]],
        expected: {
          ...expected,
          summary: { fields: ['enabled', 'url'], enabled: false, url: 'https://hooks.example.com/a' },
        },
      },
      {
        action: 'webhook.secret_rotated',
        who: 'user',
        method: 'POST',
        url: `${url}/rotate-secret`,
        body: {},
        replies: [[rpc(WebhooksRpc.rotateSecret), { endpoint: target, secret: SECRET.webhook }]],
        expected: { ...expected, summary: { grace_period_ends_at: null } },
      },
      {
        action: 'webhook.deleted',
        who: 'user',
        method: 'DELETE',
        url,
        replies: [[rpc(WebhooksRpc.remove), { ok: true }], lookup],
        expected,
      },
      {
        action: 'webhook.pinged',
        who: 'user',
        method: 'POST',
        url: `${url}/ping`,
        body: {},
        replies: [[rpc(WebhooksRpc.ping), { delivery: { id: id.delivery } }], lookup],
        expected: { ...expected, summary: { delivery_id: id.delivery } },
      },
      {
        action: 'webhook.redelivered',
        who: 'user',
        method: 'POST',
        url: `${url}/deliveries/${id.delivery}/redeliver`,
        body: {},
        replies: [[rpc(WebhooksRpc.redeliver), { delivery: { id: id.redelivery } }], lookup],
        expected: { ...expected, summary: { of_delivery_id: id.delivery, delivery_id: id.redelivery } },
      },
    ];
  }),
  {
    action: 'connection.created',
    who: 'user',
    method: 'POST',
    url: '/api/connections',
    body: {
      name: 'Production',
      host: 'us',
      clientId: 'client-id-1',
      clientSecret: SECRET.clientSecret,
      organizationId: 'org-root-1',
    },
    replies: [
      [
        rpc(ConnectionsRpc.create),
        { connection: { id: id.connection, name: 'Production', host: 'us' }, validation: { ok: true } },
      ],
    ],
    expected: {
      target_type: 'connection',
      target_id: id.connection,
      summary: { name: 'Production', host: 'us', ok: true },
    },
  },
  {
    action: 'connection.updated',
    who: 'user',
    method: 'PATCH',
    url: `/api/connections/${id.connection}`,
    body: { name: 'Renamed' },
    replies: [[rpc(ConnectionsRpc.update), { connection: { id: id.connection } }]],
    expected: { target_id: id.connection, summary: { fields: ['name'] } },
  },
  {
    action: 'connection.credentials_rotated',
    who: 'user',
    method: 'PATCH',
    url: `/api/connections/${id.connection}`,
    body: { clientId: 'client-id-2', clientSecret: SECRET.clientSecret, organizationId: 'org-root-1' },
    replies: [[rpc(ConnectionsRpc.update), { connection: { id: id.connection } }]],
    expected: {
      target_id: id.connection,
      summary: { fields: ['clientId', 'clientSecret', 'organizationId'] },
    },
  },
  {
    action: 'connection.deleted',
    who: 'user',
    method: 'DELETE',
    url: `/api/connections/${id.connection}`,
    replies: [[rpc(ConnectionsRpc.remove), { ok: true }]],
    expected: { target_type: 'connection', target_id: id.connection },
  },
  {
    action: 'workspace.member_added',
    who: 'user',
    method: 'POST',
    url: `/api/workspaces/${id.workspace}/members`,
    body: { username: 'grace', role: 'admin' },
    replies: [[rpc(WorkspacesRpc.addMember), { ok: true }]],
    expected: {
      target_type: 'workspace',
      target_id: id.workspace,
      workspace_id: id.workspace,
      summary: { member: 'grace', role: 'admin' },
    },
  },
  {
    action: 'workspace.member_updated',
    who: 'user',
    method: 'PATCH',
    url: `/api/workspaces/${id.workspace}/members/${id.member}`,
    body: { role: 'admin' },
    replies: [[rpc(WorkspacesRpc.updateMember), { ok: true }]],
    expected: { target_type: 'user', target_id: id.member, workspace_id: id.workspace },
  },
  {
    action: 'workspace.member_disabled',
    who: 'user',
    method: 'DELETE',
    url: `/api/workspaces/${id.workspace}/members/${id.member}`,
    replies: [[rpc(WorkspacesRpc.disableMember), { ok: true }]],
    expected: { target_type: 'user', target_id: id.member, workspace_id: id.workspace },
  },
  {
    action: 'workspace.connection_shared',
    who: 'user',
    method: 'POST',
    url: `/api/workspaces/${id.workspace}/connections`,
    body: { connection_id: id.connection },
    replies: [[rpc(WorkspacesRpc.share), { ok: true }]],
    expected: { target_type: 'connection', target_id: id.connection, workspace_id: id.workspace },
  },
  {
    action: 'workspace.share_enabled',
    who: 'user',
    method: 'PATCH',
    url: `/api/workspaces/${id.workspace}/connections`,
    body: { connection_id: id.connection, disabled: false },
    replies: [[rpc(WorkspacesRpc.enableShare), { ok: true }]],
    expected: { target_id: id.connection, workspace_id: id.workspace },
  },
  {
    action: 'workspace.connection_unshared',
    who: 'user',
    method: 'DELETE',
    url: `/api/workspaces/${id.workspace}/connections?connection_id=${id.connection}`,
    replies: [[rpc(WorkspacesRpc.unshare), { ok: true }]],
    expected: { target_id: id.connection, workspace_id: id.workspace },
  },
  {
    action: 'workspace.archived',
    who: 'user',
    method: 'POST',
    url: `/api/workspaces/${id.workspace}/archive`,
    replies: [[rpc(WorkspacesRpc.archive), { ok: true }]],
    expected: { target_type: 'workspace', target_id: id.workspace, workspace_id: id.workspace },
  },
  {
    action: 'workspace.unarchived',
    who: 'user',
    method: 'DELETE',
    url: `/api/workspaces/${id.workspace}/archive`,
    replies: [[rpc(WorkspacesRpc.unarchive), { archived_at: null, disabled_members: [] }]],
    expected: { target_type: 'workspace', target_id: id.workspace, workspace_id: id.workspace },
  },
  {
    action: 'submission.approved',
    who: 'admin',
    method: 'POST',
    url: `/api/admin/submissions/${id.submission}/approve`,
    body: feedback,
    replies: [[rpc(CatalogRpc.approveSubmission), { ok: true }]],
    expected: { target_type: 'submission', target_id: id.submission, summary: feedback },
  },
  {
    action: 'submission.rejected',
    who: 'admin',
    method: 'POST',
    url: `/api/admin/submissions/${id.submission}/reject`,
    body: feedback,
    replies: [[rpc(CatalogRpc.rejectSubmission), { ok: true }]],
    expected: { target_type: 'submission', target_id: id.submission, summary: feedback },
  },
  {
    action: 'revision.approved',
    who: 'admin',
    method: 'POST',
    url: `/api/admin/revisions/${id.revision}/approve`,
    body: {},
    replies: [[rpc(CatalogRpc.approveRevision), { ok: true }]],
    expected: { target_type: 'revision', target_id: id.revision },
  },
  {
    action: 'revision.rejected',
    who: 'admin',
    method: 'POST',
    url: `/api/admin/revisions/${id.revision}/reject`,
    body: feedback,
    replies: [[rpc(CatalogRpc.rejectRevision), { ok: true }]],
    expected: { target_type: 'revision', target_id: id.revision, summary: feedback },
  },
  ...(
    [
      ['ruleset_submission.approved', 'approve', RulesetsRpc.approveSubmission],
      ['ruleset_submission.needs_improvement', 'needs-improvement', RulesetsRpc.requestImprovement],
      ['ruleset_submission.rejected', 'reject', RulesetsRpc.rejectSubmission],
    ] as const
  ).map(([action, path, descriptor]): Row => ({
    action,
    who: 'admin',
    method: 'POST',
    url: `/api/admin/ruleset-submissions/${id.submission}/${path}`,
    body: feedback,
    replies: [[rpc(descriptor), { ok: true }]],
    expected: { target_type: 'ruleset_submission', target_id: id.submission, summary: feedback },
  })),
  ...(['policies', 'rulesets'] as const).map((kind): Row => ({
    action: 'transfer.offered',
    who: 'user',
    method: 'POST',
    url: `/api/${kind}/${kind === 'policies' ? id.policy : id.ruleset}/transfers`,
    body: { recipientUsername: 'grace' },
    replies: [[rpc(CatalogRpc.createTransfer), { transfer: { id: id.transfer, to_user_id: id.member } }]],
    expected: {
      target_type: 'transfer',
      target_id: id.transfer,
      summary: {
        resource_type: kind === 'policies' ? 'policy' : 'ruleset',
        resource_id: kind === 'policies' ? id.policy : id.ruleset,
        to_user_id: id.member,
      },
    },
  })),
  ...(
    [
      ['transfer.accepted', 'accept', CatalogRpc.acceptTransfer],
      ['transfer.rejected', 'reject', CatalogRpc.rejectTransfer],
      ['transfer.cancelled', 'cancel', CatalogRpc.cancelTransfer],
    ] as const
  ).map(([action, path, descriptor]): Row => ({
    action,
    who: 'user',
    method: 'POST',
    url: `/api/transfers/${id.transfer}/${path}`,
    body: {},
    replies: [[rpc(descriptor), { transfer: { id: id.transfer } }]],
    expected: { target_type: 'transfer', target_id: id.transfer },
  })),
  {
    action: 'deployment.created',
    who: 'user',
    method: 'POST',
    url: '/api/deployments',
    body: {
      policyId: id.policy,
      connectionId: id.connection,
      workspaceId: id.workspace,
      targetOrganizationIds: ['org-payments'],
    },
    replies: [
      [
        rpc(DeploymentsRpc.create),
        {
          status: 201,
          results: [{ organizationId: 'org-payments', ok: true, deployment: { id: id.deployment } }],
        },
      ],
    ],
    expected: {
      target_type: 'policy',
      target_id: id.policy,
      workspace_id: id.workspace,
      summary: {
        connection_id: id.connection,
        ref: null,
        deployments: [{ organization_id: 'org-payments', deployment_id: id.deployment, ok: true }],
      },
    },
  },
  ...(
    [
      ['deployment.cancelled', 'cancel', DeploymentsRpc.cancel],
      ['deployment.unpublished', 'unpublish', DeploymentsRpc.unpublish],
      ['deployment.release_deleted', 'delete-release', DeploymentsRpc.deleteRelease],
    ] as const
  ).map(([action, path, descriptor]): Row => ({
    action,
    who: 'user',
    method: 'POST',
    url: `/api/deployments/${id.deployment}/${path}`,
    body: {},
    replies: [[rpc(descriptor), { ok: true, deployment: { id: id.deployment } }], deploymentLookup],
    expected: { target_type: 'deployment', target_id: id.deployment, workspace_id: id.workspace },
  })),
  {
    action: 'deployment.deleted',
    who: 'user',
    method: 'DELETE',
    url: `/api/deployments/${id.deployment}`,
    replies: [[rpc(DeploymentsRpc.remove), { ok: true }], deploymentLookup],
    expected: { target_type: 'deployment', target_id: id.deployment, workspace_id: id.workspace },
  },
  {
    action: 'deployment.failed_deleted',
    who: 'user',
    method: 'POST',
    url: '/api/deployments/delete-failed',
    body: { policyId: id.policy },
    replies: [
      [rpc(DeploymentsRpc.deleteFailed), { deletedCount: 1, deletedDeploymentIds: [id.deployment] }],
      [rpc(DeploymentsRpc.listFailed), { deployments: [{ id: id.deployment, workspace_id: id.workspace }] }],
    ],
    expected: {
      target_type: 'deployment',
      target_id: null,
      workspace_id: id.workspace,
      summary: { policy_id: id.policy, deleted_count: 1, deleted_deployment_ids: [id.deployment] },
    },
  },
  {
    action: 'rollout.created',
    who: 'user',
    method: 'POST',
    url: '/api/rollouts',
    body: {
      policyId: id.policy,
      connectionId: id.connection,
      workspaceId: id.workspace,
      version: '1.0.0',
      doPublish: true,
      steps: [['org-payments'], ['org-cards', 'org-root']],
    },
    replies: [
      [
        rpc(DeploymentsRpc.createRollout),
        {
          rollout: {
            ...rollout.rollout,
            status: 'running',
            steps: [{ organizations: ['org-payments'] }, { organizations: ['org-cards', 'org-root'] }],
          },
        },
      ],
    ],
    expected: {
      target_type: 'rollout',
      target_id: id.rollout,
      workspace_id: id.workspace,
      summary: {
        asset_type: 'policy',
        asset_id: id.policy,
        connection_id: id.connection,
        version: '1.0.0',
        steps: [1, 2],
      },
    },
  },
  ...(
    [
      ['rollout.paused', 'pause'],
      ['rollout.resumed', 'resume'],
      ['rollout.aborted', 'abort'],
      ['rollout.rolled_back', 'rollback'],
    ] as const
  ).map(([action, path]): Row => ({
    action,
    who: 'user',
    method: 'POST',
    url: `/api/rollouts/${id.rollout}/${path}`,
    body: {},
    replies: [[rpc(DeploymentsRpc.rolloutAction), rollout]],
    expected: {
      target_type: 'rollout',
      target_id: id.rollout,
      workspace_id: id.workspace,
      summary: { status: 'paused' },
    },
  })),
  {
    action: 'connection.synced',
    who: 'user',
    method: 'POST',
    url: `/api/connections/${id.connection}/sync`,
    body: {},
    replies: [
      [
        rpc(ConnectionsRpc.sync),
        { connection: { id: id.connection }, validation: { ok: true }, reconciliation: null },
      ],
    ],
    expected: { target_type: 'connection', target_id: id.connection, summary: { ok: true } },
  },
  {
    action: 'deployment.synced',
    who: 'user',
    method: 'POST',
    url: `/api/deployments/${id.deployment}/sync`,
    body: {},
    replies: [
      [rpc(DeploymentsRpc.sync), { ok: true, result: 'in_sync', status: 'deployed' }],
      deploymentLookup,
    ],
    expected: {
      target_type: 'deployment',
      target_id: id.deployment,
      workspace_id: id.workspace,
      summary: { result: 'in_sync', status: 'deployed' },
    },
  },
  {
    action: 'connection.refreshed',
    who: 'user',
    method: 'POST',
    url: `/api/connections/${id.connection}/refresh`,
    body: {},
    replies: [
      [
        rpc(ConnectionsRpc.refresh),
        { checked: 3, in_sync: 2, drifted: 1, healing: 0, unknown: 0, checked_at: new Date().toISOString() },
      ],
    ],
    expected: {
      target_type: 'connection',
      target_id: id.connection,
      summary: { checked: 3, drifted: 1, healing: 0 },
    },
  },
  {
    action: 'deployment.refreshed',
    who: 'user',
    method: 'POST',
    url: `/api/deployments/${id.deployment}/refresh`,
    body: {},
    replies: [
      [
        rpc(DeploymentsRpc.refreshDrift),
        { outcome: 'in_sync', drift: null, checked_at: new Date().toISOString() },
      ],
      deploymentLookup,
    ],
    expected: {
      target_type: 'deployment',
      target_id: id.deployment,
      workspace_id: id.workspace,
      summary: { outcome: 'in_sync' },
    },
  },
  {
    action: 'workspace.created',
    who: 'user',
    method: 'POST',
    url: '/api/workspaces',
    body: { name: 'Payments' },
    replies: [[rpc(WorkspacesRpc.create), { workspace: { id: id.workspace, name: 'Payments' } }]],
    expected: {
      target_type: 'workspace',
      target_id: id.workspace,
      workspace_id: id.workspace,
      summary: { name: 'Payments' },
    },
  },
  {
    action: 'workspace.renamed',
    who: 'user',
    method: 'PATCH',
    url: `/api/workspaces/${id.workspace}`,
    body: { name: 'Cards' },
    replies: [[rpc(WorkspacesRpc.rename), { workspace: { id: id.workspace, name: 'Cards' } }]],
    expected: { target_id: id.workspace, workspace_id: id.workspace, summary: { name: 'Cards' } },
  },
  {
    action: 'workspace.deployment_settings_changed',
    who: 'user',
    method: 'PUT',
    url: `/api/workspaces/${id.workspace}/deployment-settings`,
    body: { selfHeal: true },
    replies: [[rpc(DeploymentsRpc.putWorkspaceSettings), { settings: { self_heal: true } }]],
    expected: { target_id: id.workspace, workspace_id: id.workspace, summary: { self_heal: true } },
  },
  {
    action: 'policy.updated',
    who: 'user',
    method: 'PATCH',
    url: `/api/policies/${id.policy}`,
    body: { name: 'Renamed policy' },
    replies: [[rpc(CatalogRpc.updatePolicy), { policy: { id: id.policy } }]],
    expected: { target_type: 'policy', target_id: id.policy, summary: { fields: ['name'] } },
  },
  {
    action: 'submission.updated',
    who: 'user',
    method: 'PATCH',
    url: `/api/submissions/${id.submission}`,
    body: { sourceRef: 'feature/x' },
    replies: [[rpc(CatalogRpc.updateSubmission), { submission: { id: id.submission } }]],
    expected: {
      target_type: 'submission',
      target_id: id.submission,
      summary: { fields: ['sourceRef'], source_ref: 'feature/x' },
    },
  },
  {
    action: 'ruleset_submission.updated',
    who: 'user',
    method: 'PATCH',
    url: `/api/ruleset-submissions/${id.submission}`,
    body: { sourceRef: 'feature/y' },
    replies: [[rpc(RulesetsRpc.updateSubmission), { submission: { id: id.submission } }]],
    expected: {
      target_type: 'ruleset_submission',
      target_id: id.submission,
      summary: { fields: ['sourceRef'], source_ref: 'feature/y' },
    },
  },
  {
    action: 'ruleset_submission.withdrawn',
    who: 'user',
    method: 'DELETE',
    url: `/api/ruleset-submissions/${id.submission}`,
    replies: [[rpc(RulesetsRpc.deleteSubmission), { ok: true }]],
    expected: { target_type: 'ruleset_submission', target_id: id.submission },
  },
  {
    action: 'ruleset.updated',
    who: 'user',
    method: 'PATCH',
    url: `/api/rulesets/${id.ruleset}`,
    body: { examplesUrl: 'https://examples.example.com/r' },
    replies: [[rpc(RulesetsRpc.update), { ruleset: { id: id.ruleset } }]],
    expected: { target_type: 'ruleset', target_id: id.ruleset, summary: { fields: ['examplesUrl'] } },
  },
  {
    action: 'admin.idea_approved',
    who: 'admin',
    method: 'POST',
    url: `/api/admin/ideas/${id.idea}/approve`,
    body: {},
    replies: [[rpc(CatalogRpc.approveIdea), { idea: { id: id.idea } }]],
    expected: { target_type: 'idea', target_id: id.idea },
  },
  {
    action: 'admin.idea_rejected',
    who: 'admin',
    method: 'POST',
    url: `/api/admin/ideas/${id.idea}/reject`,
    body: feedback,
    replies: [[rpc(CatalogRpc.rejectIdea), { idea: { id: id.idea } }]],
    expected: { target_type: 'idea', target_id: id.idea, summary: feedback },
  },
  {
    action: 'admin.policy_pinned',
    who: 'admin',
    method: 'POST',
    url: `/api/policies/${id.policy}/pin`,
    body: {},
    replies: [[rpc(CatalogRpc.pinPolicy), { policy: { id: id.policy, pin: { commit: 'c'.repeat(40) } } }]],
    expected: {
      target_type: 'policy',
      target_id: id.policy,
      summary: { commit: null, pinned_commit: 'c'.repeat(40) },
    },
  },
  {
    action: 'admin.ruleset_pinned',
    who: 'admin',
    method: 'POST',
    url: `/api/rulesets/${id.ruleset}/pin`,
    body: {},
    replies: [[rpc(RulesetsRpc.pin), { ruleset: { id: id.ruleset, pin: { commit: 'd'.repeat(40) } } }]],
    expected: {
      target_type: 'ruleset',
      target_id: id.ruleset,
      summary: { commit: null, pinned_commit: 'd'.repeat(40) },
    },
  },
  {
    action: 'admin.reviewer_designated',
    who: 'admin',
    method: 'POST',
    url: `/api/admin/policies/${id.policy}/reviewers`,
    body: { userId: id.member },
    replies: [[rpc(CatalogRpc.designateReviewer), { ok: true }]],
    expected: { target_type: 'policy', target_id: id.policy, summary: { user_id: id.member } },
  },
  {
    action: 'admin.reviewer_removed',
    who: 'admin',
    method: 'DELETE',
    url: `/api/admin/policies/${id.policy}/reviewers/${id.member}`,
    replies: [[rpc(CatalogRpc.removeReviewer), { ok: true }]],
    expected: { target_type: 'policy', target_id: id.policy, summary: { user_id: id.member } },
  },
  {
    action: 'admin.vendor_index_reloaded',
    who: 'admin',
    method: 'POST',
    url: '/api/admin/vendor-index/reload',
    body: {},
    replies: [
      [rpc(CatalogRpc.reloadVendorIndex), { policies: 3, errors: [] }],
      [rpc(RulesetsRpc.reloadVendorIndex), { rulesets: 2, errors: [{ file: 'x', message: 'bad' }] }],
    ],
    expected: {
      target_type: 'vendor_index',
      target_id: null,
      summary: { policies: 3, rulesets: 2, errors: 1 },
    },
  },
  {
    action: 'governed_api.registered',
    who: 'user',
    method: 'POST',
    url: `/api/workspaces/${id.workspace}/governed-apis`,
    body: { name: 'Pets API', tags: ['public'] },
    replies: [[rpc(GovernanceRpc.registerApi), { api: { id: id.api, workspace_id: id.workspace } }]],
    expected: { target_type: 'governed_api', target_id: id.api, workspace_id: id.workspace },
  },
  {
    action: 'governed_api.updated',
    who: 'user',
    method: 'PATCH',
    url: `/api/governed-apis/${id.api}`,
    body: { tags: ['public'], scope: '' },
    replies: [[rpc(GovernanceRpc.updateApi), { api: { id: id.api, workspace_id: id.workspace } }]],
    expected: {
      target_type: 'governed_api',
      target_id: id.api,
      workspace_id: id.workspace,
      summary: { fields: ['scope', 'tags'] },
    },
  },
  {
    action: 'governed_api.deleted',
    who: 'user',
    method: 'DELETE',
    url: `/api/governed-apis/${id.api}`,
    replies: [[rpc(GovernanceRpc.deleteApi), { ok: true }], apiLookup],
    expected: { target_type: 'governed_api', target_id: id.api, workspace_id: id.workspace },
  },
  {
    action: 'governed_api.document_pushed',
    who: 'user',
    method: 'POST',
    url: `/api/governed-apis/${id.api}/documents`,
    body: { content: 'openapi: 3.0.0' },
    replies: [
      [rpc(GovernanceRpc.pushDocument), { document: { id: id.evaluation, digest: 'abc' } }],
      apiLookup,
    ],
    expected: {
      target_type: 'governed_api',
      target_id: id.api,
      workspace_id: id.workspace,
      summary: { document_id: id.evaluation, digest: 'abc' },
    },
  },
  {
    action: 'governed_api.evaluated',
    who: 'user',
    method: 'POST',
    url: `/api/governed-apis/${id.api}/evaluations`,
    body: { trigger: 'ci' },
    replies: [
      [
        rpc(GovernanceRpc.recordEvaluation),
        { evaluation: { id: id.evaluation, workspace_id: id.workspace, conformance: 75 } },
      ],
    ],
    expected: {
      target_type: 'governed_api',
      target_id: id.api,
      workspace_id: id.workspace,
      summary: { evaluation_id: id.evaluation, conformance: 75 },
    },
  },
  {
    action: 'governance_profile.created',
    who: 'user',
    method: 'POST',
    url: `/api/workspaces/${id.workspace}/governance-profiles`,
    body: { name: 'Public', rulesets: [{ rulesetId: id.ruleset }] },
    replies: [[rpc(GovernanceRpc.createProfile), { profile: { id: id.governanceProfile } }]],
    expected: {
      target_type: 'governance_profile',
      target_id: id.governanceProfile,
      workspace_id: id.workspace,
    },
  },
  {
    action: 'governance_profile.updated',
    who: 'user',
    method: 'PATCH',
    url: `/api/governance-profiles/${id.governanceProfile}`,
    body: { matchTags: ['public'] },
    replies: [
      [
        rpc(GovernanceRpc.updateProfile),
        { profile: { id: id.governanceProfile, workspace_id: id.workspace } },
      ],
    ],
    expected: {
      target_type: 'governance_profile',
      target_id: id.governanceProfile,
      workspace_id: id.workspace,
      summary: { fields: ['matchTags'] },
    },
  },
  {
    action: 'governance_profile.deleted',
    who: 'user',
    method: 'DELETE',
    url: `/api/governance-profiles/${id.governanceProfile}`,
    replies: [[rpc(GovernanceRpc.deleteProfile), { ok: true }], profileLookup],
    expected: {
      target_type: 'governance_profile',
      target_id: id.governanceProfile,
      workspace_id: id.workspace,
    },
  },
  {
    action: 'workspace.governance_threshold_changed',
    who: 'user',
    method: 'PUT',
    url: `/api/workspaces/${id.workspace}/governance-settings`,
    body: { atRiskThreshold: 80 },
    replies: [
      [
        rpc(GovernanceRpc.updateSettings),
        { settings: { workspace_id: id.workspace, at_risk_threshold: 80 } },
      ],
    ],
    expected: {
      target_type: 'workspace',
      target_id: id.workspace,
      workspace_id: id.workspace,
      summary: { at_risk_threshold: 80 },
    },
  },
  {
    action: 'waiver.created',
    who: 'user',
    method: 'POST',
    url: `/api/governed-apis/${id.api}/waivers`,
    body: {
      rule: 'operation-id-required',
      location: '#/paths',
      reason: 'Legacy paths',
      expiresAt: '2030-01-01T00:00:00Z',
    },
    replies: [[rpc(GovernanceRpc.createWaiver), { waiver: { id: id.waiver, workspace_id: id.workspace } }]],
    expected: {
      target_type: 'waiver',
      target_id: id.waiver,
      workspace_id: id.workspace,
      summary: {
        api_id: id.api,
        rule: 'operation-id-required',
        location: '#/paths',
        expires_at: '2030-01-01T00:00:00Z',
      },
    },
  },
  {
    action: 'waiver.deleted',
    who: 'user',
    method: 'DELETE',
    url: `/api/governed-apis/${id.api}/waivers/${id.waiver}`,
    replies: [[rpc(GovernanceRpc.deleteWaiver), { ok: true }], apiLookup],
    expected: {
      target_type: 'waiver',
      target_id: id.waiver,
      workspace_id: id.workspace,
      summary: { api_id: id.api },
    },
  },
];

describe('audited routes (the gateway alone, a stand-in for the services)', () => {
  const descriptors = [
    ...new Set([...ROWS.flatMap((row) => row.replies.map(([d]) => d)), DeploymentsRpc.plan]),
  ];
  const gateway = gatewayUnderTest(descriptors);
  let user: GatewayUser;
  let admin: GatewayUser;

  beforeAll(() => {
    user = gateway.user();
    admin = gateway.user(true);
  });

  /** The records of one request, by its request id, once the outbox has published them. */
  async function recordsOf(requestId: string): Promise<AuditRecordedEvent[]> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = gateway.records.filter((r) => r.request_id === requestId);
      if (found.length > 0 || Date.now() > deadline) {
        // A second record of the same request would arrive with the first (one outbox write each).
        await new Promise((r) => setTimeout(r, 100));
        return gateway.records.filter((r) => r.request_id === requestId);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** One request from a browser (its user agent) under a request id of its own, and the records it left. */
  async function sentFromABrowser(
    method: string,
    url: string,
    options: { token?: string; body?: unknown },
  ): Promise<{
    res: Awaited<ReturnType<typeof gateway.fetch>>;
    requestId: string;
    records: AuditRecordedEvent[];
  }> {
    const requestId = `audited-${randomUUID()}`;
    const res = await gateway.fetch(method, url, {
      ...options,
      headers: { 'user-agent': UA, 'x-request-id': requestId },
    });
    return { res, requestId, records: await recordsOf(requestId) };
  }

  it('covers every audit action the gateway records', () => {
    const covered = new Set(ROWS.map((row) => row.action));
    // A failed sign-in and leaving a workspace: the tests after the table.
    const after: AuditAction[] = ['auth.sign_in_failed', 'workspace.member_left'];
    expect(AUDIT_ACTIONS.filter((a) => !covered.has(a) && !after.includes(a))).toEqual([]);
  });

  it.each(ROWS.map((row, n) => [`${row.action} (${row.method} ${row.url.split('?')[0]})`, n] as const))(
    '%s: one record with its actor, target and summary',
    async (_name, n) => {
      const row = ROWS[n];
      for (const [descriptor, reply] of row.replies) gateway.reply(descriptor, () => reply);
      const caller = row.who === 'anonymous' ? undefined : row.who === 'admin' ? admin : user;
      const session = row.who === 'session';
      const requestId = `audited-${n}-${randomUUID()}`;
      const res = await gateway.fetch(row.method, row.url, {
        token: session ? undefined : caller?.token,
        body: row.body,
        headers: {
          'user-agent': UA,
          'x-request-id': requestId,
          ...(session ? { cookie: `sb-access-token=${user.session}` } : {}),
        },
      });
      expect(`${res.status} ${[200, 201].includes(res.status) ? '' : JSON.stringify(res.body)}`).toMatch(
        /^20[01] $/,
      );
      const records = await recordsOf(requestId);
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({
        action: row.action,
        actor_user_id: caller?.id ?? row.expected.actor_user_id,
        // Sign-out is a public route: its actor is the session's user, its caller anonymous.
        actor_via: caller && row.action !== 'auth.signed_out' ? (session ? 'session' : 'token') : 'anonymous',
        actor_token_id: caller && !session ? caller.tokenId : null,
        address: '127.0.0.1',
        user_agent: UA,
        request_id: requestId,
        workspace_id: null,
        ...row.expected,
      });
      const text = JSON.stringify(records[0]);
      for (const secret of Object.values(SECRET))
        expect([secret, text.includes(secret)]).toEqual([secret, false]);
    },
  );

  it("records leaving a workspace (removing one's own membership) as workspace.member_left, not as a removal", async () => {
    gateway.reply(WorkspacesRpc.disableMember, () => ({ ok: true }));
    const { res, records } = await sentFromABrowser(
      'DELETE',
      `/api/workspaces/${id.workspace}/members/${user.id}`,
      { token: user.token },
    );
    expect(res.status).toBe(200);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      action: 'workspace.member_left',
      actor_user_id: user.id,
      target_type: 'user',
      target_id: user.id,
      workspace_id: id.workspace,
    });
  });

  it('records re-enabling a member with why they had been disabled (summary previous: left, removed, membership_limit)', async () => {
    const url = `/api/workspaces/${id.workspace}/members/${id.member}`;
    for (const previous of ['left', 'removed', 'membership_limit', null] as const) {
      gateway.reply(WorkspacesRpc.updateMember, () => ({ ok: true as const, previous }));
      const { res, records } = await sentFromABrowser('PATCH', url, {
        token: user.token,
        body: { disabled: false },
      });
      expect([res.status, res.body]).toEqual([200, { ok: true, previous }]);
      expect(records).toEqual([
        expect.objectContaining({
          action: 'workspace.member_updated',
          target_id: id.member,
          summary: { role: null, disabled: false, previous },
        }),
      ]);
    }
    // A change of role alone re-enables nobody: nothing to say.
    gateway.reply(WorkspacesRpc.updateMember, () => ({ ok: true }));
    const { records } = await sentFromABrowser('PATCH', url, { token: user.token, body: { role: 'admin' } });
    expect(records.map((record) => record.summary)).toEqual([{ role: 'admin', disabled: null }]);
  });

  it('records each member an unarchiving disabled for lack of room as workspace.member_disabled (reason membership_limit), and answers who they are', async () => {
    const [grace, linus] = [randomUUID(), randomUUID()];
    const disabled_members = [
      { user_id: grace, username: 'grace', name: 'Grace', reason: 'membership_limit' },
      { user_id: linus, username: null, name: null, reason: 'membership_limit' },
    ];
    gateway.reply(WorkspacesRpc.unarchive, () => ({ archived_at: null, disabled_members }) as never);
    const { res, requestId, records } = await sentFromABrowser(
      'DELETE',
      `/api/workspaces/${id.workspace}/archive`,
      { token: user.token },
    );
    expect([res.status, res.body]).toEqual([200, { archived_at: null, disabled_members }]);
    const entry = { actor_user_id: user.id, request_id: requestId, workspace_id: id.workspace };
    expect(records).toHaveLength(3);
    expect(records).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ ...entry, action: 'workspace.unarchived', target_id: id.workspace }),
        expect.objectContaining({
          ...entry,
          action: 'workspace.member_disabled',
          target_type: 'user',
          target_id: grace,
          target_name: 'grace',
          summary: { reason: 'membership_limit' },
        }),
        expect.objectContaining({
          ...entry,
          action: 'workspace.member_disabled',
          target_type: 'user',
          target_id: linus,
          target_name: null,
          summary: { reason: 'membership_limit' },
        }),
      ]),
    );
  });

  it('records a failed sign-in as a refusal naming the email, with no actor', async () => {
    gateway.reply(IdentityRpc.login, () => {
      throw new DomainError('IDENTITY.INVALID_CREDENTIALS', 'Invalid email or password');
    });
    const { res, records } = await sentFromABrowser('POST', '/api/auth/login', {
      body: { email: 'mallory@example.com', password: SECRET.password },
    });
    expect(res.status).toBe(401);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      action: 'auth.sign_in_failed',
      actor_user_id: null,
      target_type: 'email',
      target_id: 'mallory@example.com',
    });
    expect(JSON.stringify(records[0])).not.toContain(SECRET.password);
  });

  it('builds a summary from the documented fields only: a 900 KB body with a key and a forged action makes a small entry', async () => {
    gateway.reply(DeploymentsRpc.deleteFailed, () => ({ deletedCount: 0, deletedDeploymentIds: [] }));
    const requestId = `audited-oversized-${randomUUID()}`;
    const apiKey = 'api-key-audited-routes-1';
    const res = await gateway.fetch('POST', '/api/deployments/delete-failed', {
      token: user.token,
      body: { note: 'n'.repeat(900_000), apiKey, action: 'auth.signed_in', policyId: id.policy },
      headers: { 'x-request-id': requestId },
    });
    expect(res.status).toBe(200);
    const records = await recordsOf(requestId);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      action: 'deployment.failed_deleted',
      summary: { policy_id: id.policy, deleted_count: 0, deleted_deployment_ids: [] },
    });
    expect(Object.keys(records[0].summary).sort()).toEqual([
      'deleted_count',
      'deleted_deployment_ids',
      'policy_id',
    ]);
    const text = JSON.stringify(records[0]);
    expect(text.length).toBeLessThan(2000);
    expect(text).not.toContain(apiKey);
    expect(text).not.toContain('auth.signed_in');
  });

  /** Whether the request `requestId` left no record: a later request's record is there, so one of it would be. */
  async function noRecordOf(requestId: string): Promise<AuditRecordedEvent[]> {
    gateway.reply(ConnectionsRpc.remove, () => ({ ok: true }));
    const later = `audited-after-${requestId}`;
    await gateway.fetch('DELETE', `/api/connections/${id.connection}`, {
      token: user.token,
      headers: { 'x-request-id': later },
    });
    expect(await recordsOf(later)).toHaveLength(1);
    return gateway.records.filter((r) => r.request_id === requestId);
  }

  it('records no entry for a plan (dryRun): it changes nothing', async () => {
    gateway.reply(DeploymentsRpc.plan, () => ({ dryRun: true as const, assetId: 'asset-1', targets: [] }));
    const requestId = `audited-plan-${randomUUID()}`;
    const res = await gateway.fetch('POST', '/api/deployments', {
      token: user.token,
      body: {
        policyId: id.policy,
        connectionId: id.connection,
        workspaceId: id.workspace,
        targetOrganizationIds: ['org-payments'],
        dryRun: true,
      },
      headers: { 'x-request-id': requestId },
    });
    expect(res.status).toBe(200);
    expect(await noRecordOf(requestId)).toEqual([]);
  });

  it('records no entry for a cancel with nothing in flight (a finished deployment)', async () => {
    gateway.reply(DeploymentsRpc.cancel, () => ({ ok: false }));
    const requestId = `audited-cancel-nothing-${randomUUID()}`;
    const res = await gateway.fetch('POST', `/api/deployments/${id.deployment}/cancel`, {
      token: user.token,
      headers: { 'x-request-id': requestId },
    });
    expect(res).toMatchObject({ status: 200, body: { ok: false } });
    expect(await noRecordOf(requestId)).toEqual([]);
  });

  it("names a deleted workspace endpoint's workspace, asked before the deletion", async () => {
    let deleted = false;
    gateway.reply(WebhooksRpc.remove, () => {
      deleted = true;
      return { ok: true as const };
    });
    gateway.reply(WebhooksRpc.get, () => {
      if (deleted) throw new DomainError('NOT_FOUND', 'Webhook endpoint not found');
      return { endpoint: workspaceEndpoint } as never;
    });
    const requestId = `audited-deleted-endpoint-${randomUUID()}`;
    const res = await gateway.fetch('DELETE', `/api/webhooks/${workspaceEndpoint.id}`, {
      token: user.token,
      headers: { 'x-request-id': requestId },
    });
    expect(res.status).toBe(200);
    const records = await recordsOf(requestId);
    expect(records).toMatchObject([
      { action: 'webhook.deleted', target_id: workspaceEndpoint.id, workspace_id: id.workspace },
    ]);
  });

  it("names a deleted governed API's workspace, asked before the deletion", async () => {
    let deleted = false;
    gateway.reply(GovernanceRpc.deleteApi, () => {
      deleted = true;
      return { ok: true as const };
    });
    gateway.reply(GovernanceRpc.getApi, () => {
      if (deleted) throw new DomainError('NOT_FOUND', 'Governed API not found');
      return { api: { id: id.api, workspace_id: id.workspace } } as never;
    });
    const requestId = `audited-deleted-api-${randomUUID()}`;
    const res = await gateway.fetch('DELETE', `/api/governed-apis/${id.api}`, {
      token: user.token,
      headers: { 'x-request-id': requestId },
    });
    expect(res.status).toBe(200);
    expect(await recordsOf(requestId)).toMatchObject([
      { action: 'governed_api.deleted', target_id: id.api, workspace_id: id.workspace },
    ]);
  });

  it('records the failed deployments deleted at once in one entry per workspace, those of no known workspace apart', async () => {
    const other = randomUUID();
    const [first, second, third, late] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    let deleted = false;
    // `late` failed after the workspaces were asked, before the deletion: it is deleted with no workspace known.
    gateway.reply(DeploymentsRpc.listFailed, () => {
      if (deleted) throw new Error('asked after the deletion');
      return {
        deployments: [
          { id: first, workspace_id: id.workspace },
          { id: second, workspace_id: other },
          { id: third, workspace_id: id.workspace },
        ],
      };
    });
    gateway.reply(DeploymentsRpc.deleteFailed, () => {
      deleted = true;
      return { deletedCount: 4, deletedDeploymentIds: [first, second, third, late] };
    });
    const requestId = `audited-failed-deleted-${randomUUID()}`;
    const res = await gateway.fetch('POST', '/api/deployments/delete-failed', {
      token: user.token,
      body: {},
      headers: { 'x-request-id': requestId },
    });
    expect(res.status).toBe(200);
    const records = await recordsOf(requestId);
    const byWorkspace = Object.fromEntries(records.map((r) => [String(r.workspace_id), r]));
    expect(Object.keys(byWorkspace).sort()).toEqual([id.workspace, other, 'null'].sort());
    expect(byWorkspace[id.workspace]).toMatchObject({
      action: 'deployment.failed_deleted',
      actor_user_id: user.id,
      target_type: 'deployment',
      target_id: null,
      summary: { policy_id: null, deleted_count: 2, deleted_deployment_ids: [first, third] },
    });
    expect(byWorkspace[other].summary).toEqual({
      policy_id: null,
      deleted_count: 1,
      deleted_deployment_ids: [second],
    });
    expect(byWorkspace.null.summary).toEqual({
      policy_id: null,
      deleted_count: 1,
      deleted_deployment_ids: [late],
    });
  });

  it('records no entry for a refused request', async () => {
    gateway.reply(ConnectionsRpc.remove, () => {
      throw new DomainError('NOT_FOUND', 'Connection not found');
    });
    const requestId = `audited-refused-${randomUUID()}`;
    const res = await gateway.fetch('DELETE', `/api/connections/${id.connection}`, {
      token: user.token,
      headers: { 'x-request-id': requestId },
    });
    expect(res.status).toBe(404);
    // The outbox publishes in order: once a later request's record is there, a record of this one would be.
    gateway.reply(ConnectionsRpc.remove, () => ({ ok: true }));
    const later = `audited-after-refused-${randomUUID()}`;
    await gateway.fetch('DELETE', `/api/connections/${id.connection}`, {
      token: user.token,
      headers: { 'x-request-id': later },
    });
    expect(await recordsOf(later)).toHaveLength(1);
    expect(gateway.records.filter((r) => r.request_id === requestId)).toEqual([]);
  });
});
