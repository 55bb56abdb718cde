import { SetMetadata } from '@nestjs/common';
import { type AuditAction, urlWithoutQuery } from '@pc/contracts';
import type { TargetWorkspaces, WorkspaceTarget } from './audit-workspaces';

export interface AuditFacts {
  /** The route's parsed body, path parameters and query, and its result. */
  body: Record<string, unknown>;
  params: Record<string, string>;
  query: Record<string, unknown>;
  result: Record<string, unknown>;
  /** The caller's user id (null when anonymous): an action on one's own (leaving) is told apart by it. */
  caller: string | null;
}

export interface AuditDescription {
  target_type: string;
  target_id: string | null;
  /** What changed, built field by field: never a whole body (no secret, token or password). */
  summary?: Record<string, unknown>;
  /** The actor when the caller was anonymous until this request (sign-up, sign-in). */
  actor_user_id?: string;
  /** The workspace the action happened in: its owner reads the entry. */
  workspace_id?: string | null;
  /** The target's name, when the route's answer does not hold it (else the recorder finds it there). */
  target_name?: string | null;
  /**
   * This entry's action, when it is not the route's: an effect of the route recorded as the action it
   * amounts to (the members an unarchiving disabled, each a `workspace.member_disabled`).
   */
  action?: AuditAction;
}

export interface AuditSpec {
  /** The action, or how the route's facts decide it (a change of credentials is a rotation). */
  action: AuditAction | ((facts: AuditFacts) => AuditAction);
  /**
   * The entry; or one per workspace, for a route acting on targets in several (each names its workspace).
   * `workspaces`: what `workspaceOf` found, by target id.
   */
  describe: (facts: AuditFacts, workspaces: TargetWorkspaces) => AuditDescription | AuditDescription[];
  /**
   * The target whose workspace the entry names when `describe` names none (the route's answer does not
   * say): asked of its service before the route acts (see AuditWorkspaces).
   */
  workspaceOf?: (facts: Omit<AuditFacts, 'result'>) => WorkspaceTarget;
  /** When the route's facts show it changed nothing (a plan, a cancel with nothing in flight): no entry. */
  changedNothing?: (facts: AuditFacts) => boolean;
  /** Also record a refusal with this error code, as `failedAction` (a failed sign-in). */
  failure?: {
    code: string;
    action: AuditAction;
    describe: (facts: Omit<AuditFacts, 'result'>) => AuditDescription;
  };
}

export const AUDIT_SPEC = Symbol('audit-spec');

/** Records an audit entry when the route completes (see AuditRecorder). */
export const Audited = (spec: AuditSpec) => SetMetadata(AUDIT_SPEC, spec);

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const id = (facts: AuditFacts): string | null => facts.params.id ?? null;
/** The webhook endpoint or deployment of the path, whose workspace is asked before the route acts. */
const webhookOfPath = ({ params }: Omit<AuditFacts, 'result'>): WorkspaceTarget => ({
  type: 'webhook',
  id: params.id ?? null,
});
const deploymentOfPath = ({ params }: Omit<AuditFacts, 'result'>): WorkspaceTarget => ({
  type: 'deployment',
  id: params.id ?? null,
});
/** The governed API of the path: its documents and waivers are in its workspace. */
const apiOfPath = ({ params }: Omit<AuditFacts, 'result'>): WorkspaceTarget => ({
  type: 'governed_api',
  id: params.id ?? null,
});
const profileOfPath = ({ params }: Omit<AuditFacts, 'result'>): WorkspaceTarget => ({
  type: 'governance_profile',
  id: params.id ?? null,
});
/** The names of the fields a request changed (never their values: a body may hold a secret). */
const fields = (body: Record<string, unknown>) => ({ fields: Object.keys(body).sort() });
const feedback = (body: Record<string, unknown>) => ({ feedback: str(body.feedback) });
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
/** The documented fields an edit sent, and the repository refs among them (they decide what ships). */
const edit = (body: Record<string, unknown>) => ({
  ...fields(body),
  ...(typeof body.sourceRef === 'string' ? { source_ref: body.sourceRef } : {}),
  ...(typeof body.implementationSourceRef === 'string'
    ? { implementation_source_ref: body.implementationSourceRef }
    : {}),
});

/** A roll-out action by hand: the roll-out, its workspace and the status it moved to. */
const rolloutAction = ({ params, result }: AuditFacts): AuditDescription => {
  const rollout = record(result.rollout);
  return {
    target_type: 'rollout',
    target_id: params.id ?? null,
    workspace_id: str(rollout.workspace_id),
    summary: { status: rollout.status ?? null },
  };
};

/** The audited routes' descriptions, in one place so that a review sees everything the log keeps. */
export const AUDIT = {
  signedUp: {
    action: 'auth.signed_up',
    describe: ({ result }) => ({
      target_type: 'user',
      target_id: str(record(result.user).id),
      actor_user_id: str(record(result.user).id) ?? undefined,
    }),
  },
  signedIn: {
    action: 'auth.signed_in',
    describe: ({ result }) => ({
      target_type: 'user',
      target_id: str(record(result.user).id),
      actor_user_id: str(record(result.user).id) ?? undefined,
    }),
    failure: {
      code: 'IDENTITY.INVALID_CREDENTIALS',
      action: 'auth.sign_in_failed',
      describe: ({ body }) => ({ target_type: 'email', target_id: str(body.email), summary: {} }),
    },
  },
  signedOut: { action: 'auth.signed_out', describe: () => ({ target_type: 'session', target_id: null }) },
  tokenCreated: {
    action: 'token.created',
    describe: ({ result }) => {
      const token = record(result.record);
      return {
        target_type: 'token',
        target_id: str(token.id),
        summary: { name: token.name, scopes: token.scopes, expires_at: token.expires_at },
      };
    },
  },
  tokenRevoked: {
    action: 'token.revoked',
    describe: ({ params }) => ({ target_type: 'token', target_id: params.id ?? null }),
  },
  profileUpdated: {
    action: 'profile.updated',
    describe: ({ body, result }) => ({
      target_type: 'user',
      target_id: str(record(result.user).id),
      summary: { fields: Object.keys(body).sort() },
    }),
  },
  webhookCreated: {
    action: 'webhook.created',
    describe: ({ result }) => {
      const endpoint = record(result.endpoint);
      return {
        target_type: 'webhook',
        target_id: str(endpoint.id),
        workspace_id: str(endpoint.workspace_id),
        // The query may carry the receiver's token: the log keeps the address without it.
        summary: { url: urlWithoutQuery(str(endpoint.url) ?? ''), event_types: endpoint.event_types },
      };
    },
  },
  webhookUpdated: {
    action: 'webhook.updated',
    describe: ({ params, body, result }) => ({
      target_type: 'webhook',
      target_id: params.id ?? null,
      workspace_id: str(record(result.endpoint).workspace_id),
      summary: {
        fields: Object.keys(body).sort(),
        ...(body.enabled === undefined ? {} : { enabled: body.enabled }),
        ...(typeof body.url === 'string' ? { url: urlWithoutQuery(body.url) } : {}),
      },
    }),
  },
  webhookDeleted: {
    action: 'webhook.deleted',
    workspaceOf: webhookOfPath,
    describe: ({ params }) => ({ target_type: 'webhook', target_id: params.id ?? null }),
  },
  webhookSecretRotated: {
    action: 'webhook.secret_rotated',
    describe: ({ params, result }) => ({
      target_type: 'webhook',
      target_id: params.id ?? null,
      workspace_id: str(record(result.endpoint).workspace_id),
      // When the previous secret stops signing (named so that the log's secret redaction keeps it).
      summary: { grace_period_ends_at: record(result.endpoint).previous_secret_expires_at },
    }),
  },
  webhookPinged: {
    action: 'webhook.pinged',
    workspaceOf: webhookOfPath,
    describe: ({ params, result }) => ({
      target_type: 'webhook',
      target_id: params.id ?? null,
      summary: { delivery_id: record(result.delivery).id ?? null },
    }),
  },
  webhookRedelivered: {
    action: 'webhook.redelivered',
    workspaceOf: webhookOfPath,
    describe: ({ params, result }) => ({
      target_type: 'webhook',
      target_id: params.id ?? null,
      summary: { of_delivery_id: params.deliveryId ?? null, delivery_id: record(result.delivery).id ?? null },
    }),
  },

  // Connections (the client secret never: field names only).
  connectionCreated: {
    action: 'connection.created',
    describe: ({ result }) => {
      const connection = record(result.connection);
      return {
        target_type: 'connection',
        target_id: str(connection.id),
        summary: { name: connection.name, host: connection.host, ok: record(result.validation).ok },
      };
    },
  },
  connectionUpdated: {
    // New credentials (a secret with them) are a rotation; anything else a change.
    action: ({ body }) => ('clientSecret' in body ? 'connection.credentials_rotated' : 'connection.updated'),
    describe: (facts) => ({ target_type: 'connection', target_id: id(facts), summary: fields(facts.body) }),
  },
  connectionDeleted: {
    action: 'connection.deleted',
    describe: (facts) => ({ target_type: 'connection', target_id: id(facts) }),
  },
  connectionSynced: {
    action: 'connection.synced',
    describe: (facts) => ({
      target_type: 'connection',
      target_id: id(facts),
      summary: { ok: record(facts.result.validation).ok ?? null },
    }),
  },

  connectionRefreshed: {
    action: 'connection.refreshed',
    describe: (facts) => ({
      target_type: 'connection',
      target_id: id(facts),
      summary: {
        checked: facts.result.checked ?? null,
        drifted: facts.result.drifted ?? null,
        healing: facts.result.healing ?? null,
      },
    }),
  },

  // Workspaces.
  workspaceCreated: {
    action: 'workspace.created',
    describe: ({ result }) => {
      const workspace = record(result.workspace);
      return {
        target_type: 'workspace',
        target_id: str(workspace.id),
        workspace_id: str(workspace.id),
        summary: { name: workspace.name ?? null },
      };
    },
  },
  workspaceRenamed: {
    action: 'workspace.renamed',
    describe: (facts) => ({
      target_type: 'workspace',
      target_id: id(facts),
      workspace_id: id(facts),
      summary: { name: str(facts.body.name) },
    }),
  },
  deploymentSettingsChanged: {
    action: 'workspace.deployment_settings_changed',
    describe: (facts) => ({
      target_type: 'workspace',
      target_id: id(facts),
      workspace_id: id(facts),
      summary: { self_heal: facts.body.selfHeal ?? null },
    }),
  },

  // Workspace roles and shares (the workspace's owner reads these).
  memberAdded: {
    action: 'workspace.member_added',
    describe: (facts) => ({
      target_type: 'workspace',
      target_id: id(facts),
      workspace_id: id(facts),
      summary: {
        member: str(facts.body.username) ?? str(facts.body.email),
        role: facts.body.role ?? 'member',
      },
    }),
  },
  /**
   * A re-enabling also says why the member had been disabled (`previous`, from the answer: `left`,
   * `removed` by a manager, `membership_limit` by an unarchiving; null when not known), so that the log
   * tells taking back someone who left from undoing a removal.
   */
  memberUpdated: {
    action: 'workspace.member_updated',
    describe: ({ params, body, result }) => ({
      target_type: 'user',
      target_id: params.userId ?? null,
      workspace_id: params.id ?? null,
      summary: {
        role: body.role,
        disabled: body.disabled,
        ...('previous' in result ? { previous: result.previous } : {}),
      },
    }),
  },
  /** A manager removing a member, or a member leaving (their own user id): each its own action. */
  memberDisabled: {
    action: ({ params, caller }) =>
      caller !== null && params.userId === caller ? 'workspace.member_left' : 'workspace.member_disabled',
    describe: ({ params }) => ({
      target_type: 'user',
      target_id: params.userId ?? null,
      workspace_id: params.id ?? null,
    }),
  },
  connectionShared: {
    action: 'workspace.connection_shared',
    describe: ({ params, body }) => ({
      target_type: 'connection',
      target_id: str(body.connection_id),
      workspace_id: params.id ?? null,
    }),
  },
  shareEnabled: {
    action: 'workspace.share_enabled',
    describe: ({ params, body }) => ({
      target_type: 'connection',
      target_id: str(body.connection_id),
      workspace_id: params.id ?? null,
    }),
  },
  connectionUnshared: {
    action: 'workspace.connection_unshared',
    describe: ({ params, query }) => ({
      target_type: 'connection',
      target_id: str(query.connection_id),
      workspace_id: params.id ?? null,
    }),
  },
  workspaceArchived: {
    action: 'workspace.archived',
    describe: (facts) => ({ target_type: 'workspace', target_id: id(facts), workspace_id: id(facts) }),
  },
  /**
   * The unarchiving, then each member it disabled for lack of room under their membership cap: an entry of
   * its own, as a manager's removal is, with the reason in its summary.
   */
  workspaceUnarchived: {
    action: 'workspace.unarchived',
    describe: (facts) => [
      { target_type: 'workspace', target_id: id(facts), workspace_id: id(facts) },
      ...(Array.isArray(facts.result.disabled_members) ? facts.result.disabled_members.map(record) : []).map(
        (member): AuditDescription => ({
          action: 'workspace.member_disabled',
          target_type: 'user',
          target_id: str(member.user_id),
          target_name: str(member.username),
          workspace_id: id(facts),
          summary: { reason: member.reason ?? null },
        }),
      ),
    ],
  },

  // Review decisions.
  submissionApproved: {
    action: 'submission.approved',
    describe: (facts) => ({ target_type: 'submission', target_id: id(facts), summary: feedback(facts.body) }),
  },
  submissionRejected: {
    action: 'submission.rejected',
    describe: (facts) => ({ target_type: 'submission', target_id: id(facts), summary: feedback(facts.body) }),
  },
  revisionApproved: {
    action: 'revision.approved',
    describe: (facts) => ({ target_type: 'revision', target_id: id(facts), summary: feedback(facts.body) }),
  },
  revisionRejected: {
    action: 'revision.rejected',
    describe: (facts) => ({ target_type: 'revision', target_id: id(facts), summary: feedback(facts.body) }),
  },

  // Owners' edits of what is reviewed or published.
  submissionUpdated: {
    action: 'submission.updated',
    describe: (facts) => ({ target_type: 'submission', target_id: id(facts), summary: edit(facts.body) }),
  },
  policyUpdated: {
    action: 'policy.updated',
    describe: (facts) => ({ target_type: 'policy', target_id: id(facts), summary: edit(facts.body) }),
  },
  rulesetSubmissionUpdated: {
    action: 'ruleset_submission.updated',
    describe: (facts) => ({
      target_type: 'ruleset_submission',
      target_id: id(facts),
      summary: edit(facts.body),
    }),
  },
  rulesetSubmissionWithdrawn: {
    action: 'ruleset_submission.withdrawn',
    describe: (facts) => ({ target_type: 'ruleset_submission', target_id: id(facts) }),
  },
  rulesetUpdated: {
    action: 'ruleset.updated',
    describe: (facts) => ({ target_type: 'ruleset', target_id: id(facts), summary: edit(facts.body) }),
  },
  rulesetSubmissionApproved: {
    action: 'ruleset_submission.approved',
    describe: (facts) => ({
      target_type: 'ruleset_submission',
      target_id: id(facts),
      summary: feedback(facts.body),
    }),
  },
  rulesetSubmissionSentBack: {
    action: 'ruleset_submission.needs_improvement',
    describe: (facts) => ({
      target_type: 'ruleset_submission',
      target_id: id(facts),
      summary: feedback(facts.body),
    }),
  },
  rulesetSubmissionRejected: {
    action: 'ruleset_submission.rejected',
    describe: (facts) => ({
      target_type: 'ruleset_submission',
      target_id: id(facts),
      summary: feedback(facts.body),
    }),
  },

  // Transfers.
  policyTransferOffered: {
    action: 'transfer.offered',
    describe: (facts) => ({
      target_type: 'transfer',
      target_id: str(record(facts.result.transfer).id),
      summary: {
        resource_type: 'policy',
        resource_id: id(facts),
        to_user_id: record(facts.result.transfer).to_user_id,
      },
    }),
  },
  rulesetTransferOffered: {
    action: 'transfer.offered',
    describe: (facts) => ({
      target_type: 'transfer',
      target_id: str(record(facts.result.transfer).id),
      summary: {
        resource_type: 'ruleset',
        resource_id: id(facts),
        to_user_id: record(facts.result.transfer).to_user_id,
      },
    }),
  },
  transferAccepted: {
    action: 'transfer.accepted',
    describe: (facts) => ({ target_type: 'transfer', target_id: id(facts) }),
  },
  transferRejected: {
    action: 'transfer.rejected',
    describe: (facts) => ({ target_type: 'transfer', target_id: id(facts) }),
  },
  transferCancelled: {
    action: 'transfer.cancelled',
    describe: (facts) => ({ target_type: 'transfer', target_id: id(facts) }),
  },

  // Deployments (roll-outs: one deployment per target organization).
  deploymentCreated: {
    action: 'deployment.created',
    // A plan (`dryRun`) writes nothing: the deploy form plans on every change of its targets.
    changedNothing: ({ body }) => body.dryRun === true,
    describe: ({ body, result }) => {
      const results = Array.isArray(result.results) ? result.results.map(record) : [];
      return {
        target_type: body.assetType === 'ruleset' ? 'ruleset' : 'policy',
        target_id: str(body.assetType === 'ruleset' ? body.rulesetId : body.policyId),
        workspace_id: str(body.workspaceId),
        summary: {
          connection_id: body.connectionId,
          ref: body.ref ?? null,
          deployments: results.map((r) => ({
            organization_id: r.organizationId,
            deployment_id: record(r.deployment).id ?? null,
            ok: r.ok,
          })),
        },
      };
    },
  },
  deploymentCancelled: {
    action: 'deployment.cancelled',
    workspaceOf: deploymentOfPath,
    changedNothing: ({ result }) => result.ok !== true,
    describe: (facts) => ({
      target_type: 'deployment',
      target_id: id(facts),
      summary: { ok: facts.result.ok },
    }),
  },
  deploymentDeleted: {
    action: 'deployment.deleted',
    workspaceOf: deploymentOfPath,
    describe: (facts) => ({ target_type: 'deployment', target_id: id(facts) }),
  },
  failedDeploymentsDeleted: {
    // The caller's failed deployments may be in several workspaces: one entry per workspace, each naming
    // the deployments deleted there (one without a workspace when none was deleted, or one's is unknown).
    action: 'deployment.failed_deleted',
    workspaceOf: ({ body }) => ({ type: 'failed_deployments', policyId: str(body.policyId) }),
    describe: ({ body, result }, workspaces) => {
      const deleted = Array.isArray(result.deletedDeploymentIds) ? result.deletedDeploymentIds.map(str) : [];
      const byWorkspace = new Map<string | null, string[]>();
      for (const deploymentId of deleted.filter((d) => d !== null)) {
        const workspace = workspaces.get(deploymentId) ?? null;
        byWorkspace.set(workspace, [...(byWorkspace.get(workspace) ?? []), deploymentId]);
      }
      if (byWorkspace.size === 0) byWorkspace.set(null, []);
      return [...byWorkspace].map(([workspace, ids]) => ({
        target_type: 'deployment',
        target_id: null,
        workspace_id: workspace,
        summary: { policy_id: str(body.policyId), deleted_count: ids.length, deleted_deployment_ids: ids },
      }));
    },
  },
  deploymentUnpublished: {
    action: 'deployment.unpublished',
    workspaceOf: deploymentOfPath,
    describe: (facts) => ({ target_type: 'deployment', target_id: id(facts) }),
  },
  deploymentReleaseDeleted: {
    action: 'deployment.release_deleted',
    workspaceOf: deploymentOfPath,
    describe: (facts) => ({ target_type: 'deployment', target_id: id(facts) }),
  },
  deploymentSynced: {
    action: 'deployment.synced',
    workspaceOf: deploymentOfPath,
    describe: (facts) => ({
      target_type: 'deployment',
      target_id: id(facts),
      summary: { result: facts.result.result ?? null, status: facts.result.status ?? null },
    }),
  },

  deploymentRefreshed: {
    action: 'deployment.refreshed',
    workspaceOf: deploymentOfPath,
    describe: (facts) => ({
      target_type: 'deployment',
      target_id: id(facts),
      summary: { outcome: facts.result.outcome ?? null },
    }),
  },

  // Roll-outs (each organization's deployment is made later by the roll-out, not by a request).
  rolloutCreated: {
    action: 'rollout.created',
    describe: ({ body, result }) => {
      const rollout = record(result.rollout);
      const steps = Array.isArray(rollout.steps) ? rollout.steps.map(record) : [];
      return {
        target_type: 'rollout',
        target_id: str(rollout.id),
        workspace_id: str(body.workspaceId),
        summary: {
          asset_type: body.assetType === 'ruleset' ? 'ruleset' : 'policy',
          asset_id: str(body.assetType === 'ruleset' ? body.rulesetId : body.policyId),
          connection_id: body.connectionId,
          version: body.version ?? null,
          steps: steps.map((s) => (Array.isArray(s.organizations) ? s.organizations.length : 0)),
        },
      };
    },
  },
  rolloutPaused: { action: 'rollout.paused', describe: (facts) => rolloutAction(facts) },
  rolloutResumed: { action: 'rollout.resumed', describe: (facts) => rolloutAction(facts) },
  rolloutAborted: { action: 'rollout.aborted', describe: (facts) => rolloutAction(facts) },
  rolloutRolledBack: { action: 'rollout.rolled_back', describe: (facts) => rolloutAction(facts) },

  // Administrators.
  ideaApproved: {
    action: 'admin.idea_approved',
    describe: (facts) => ({ target_type: 'idea', target_id: id(facts), summary: feedback(facts.body) }),
  },
  ideaRejected: {
    action: 'admin.idea_rejected',
    describe: (facts) => ({ target_type: 'idea', target_id: id(facts), summary: feedback(facts.body) }),
  },
  policyPinned: {
    action: 'admin.policy_pinned',
    describe: ({ params, body, result }) => ({
      target_type: 'policy',
      target_id: params.id ?? null,
      summary: {
        commit: body.commit ?? null,
        pinned_commit: record(record(result.policy).pin).commit ?? null,
      },
    }),
  },
  rulesetPinned: {
    action: 'admin.ruleset_pinned',
    describe: ({ params, body, result }) => ({
      target_type: 'ruleset',
      target_id: params.id ?? null,
      summary: {
        commit: body.commit ?? null,
        pinned_commit: record(record(result.ruleset).pin).commit ?? null,
      },
    }),
  },
  reviewerDesignated: {
    action: 'admin.reviewer_designated',
    describe: ({ params, body }) => ({
      target_type: 'policy',
      target_id: params.id ?? null,
      summary: { user_id: body.userId },
    }),
  },
  reviewerRemoved: {
    action: 'admin.reviewer_removed',
    describe: ({ params }) => ({
      target_type: 'policy',
      target_id: params.id ?? null,
      summary: { user_id: params.userId },
    }),
  },
  vendorIndexReloaded: {
    action: 'admin.vendor_index_reloaded',
    describe: ({ result }) => ({
      target_type: 'vendor_index',
      target_id: null,
      summary: {
        policies: result.policies,
        rulesets: result.rulesets,
        errors: Array.isArray(result.errors) ? result.errors.length : 0,
      },
    }),
  },
  // API governance: the workspace is the API's (in the reply), the path's, or asked (`workspaceOf`).
  apiRegistered: {
    action: 'governed_api.registered',
    describe: ({ params, result }) => ({
      target_type: 'governed_api',
      target_id: str(record(result.api).id),
      workspace_id: params.id ?? null,
    }),
  },
  apiUpdated: {
    action: 'governed_api.updated',
    describe: (facts) => ({
      target_type: 'governed_api',
      target_id: id(facts),
      workspace_id: str(record(facts.result.api).workspace_id),
      summary: fields(facts.body),
    }),
  },
  apiDeleted: {
    action: 'governed_api.deleted',
    workspaceOf: apiOfPath,
    describe: ({ params }) => ({ target_type: 'governed_api', target_id: params.id ?? null }),
  },
  apiDocumentPushed: {
    action: 'governed_api.document_pushed',
    workspaceOf: apiOfPath,
    describe: ({ params, result }) => {
      const document = record(result.document);
      return {
        target_type: 'governed_api',
        target_id: params.id ?? null,
        summary: { document_id: document.id ?? null, digest: document.digest ?? null },
      };
    },
  },
  apiEvaluated: {
    action: 'governed_api.evaluated',
    describe: ({ params, result }) => {
      const evaluation = record(result.evaluation);
      return {
        target_type: 'governed_api',
        target_id: params.id ?? null,
        workspace_id: str(evaluation.workspace_id),
        summary: { evaluation_id: evaluation.id ?? null, conformance: evaluation.conformance ?? null },
      };
    },
  },
  governanceProfileCreated: {
    action: 'governance_profile.created',
    describe: ({ params, result }) => ({
      target_type: 'governance_profile',
      target_id: str(record(result.profile).id),
      workspace_id: params.id ?? null,
    }),
  },
  governanceProfileUpdated: {
    action: 'governance_profile.updated',
    describe: ({ params, body, result }) => ({
      target_type: 'governance_profile',
      target_id: params.id ?? null,
      workspace_id: str(record(result.profile).workspace_id),
      summary: fields(body),
    }),
  },
  governanceProfileDeleted: {
    action: 'governance_profile.deleted',
    workspaceOf: profileOfPath,
    describe: ({ params }) => ({ target_type: 'governance_profile', target_id: params.id ?? null }),
  },
  governanceThresholdChanged: {
    action: 'workspace.governance_threshold_changed',
    describe: ({ params, body }) => ({
      target_type: 'workspace',
      target_id: params.id ?? null,
      workspace_id: params.id ?? null,
      summary: { at_risk_threshold: body.atRiskThreshold ?? null },
    }),
  },
  waiverCreated: {
    action: 'waiver.created',
    describe: ({ params, body, result }) => {
      const waiver = record(result.waiver);
      return {
        target_type: 'waiver',
        target_id: str(waiver.id),
        workspace_id: str(waiver.workspace_id),
        summary: {
          api_id: params.id ?? null,
          rule: str(body.rule),
          location: str(body.location),
          expires_at: str(body.expiresAt),
        },
      };
    },
  },
  waiverDeleted: {
    // The waiver is found by its API (the path's), so it is in the API's workspace.
    action: 'waiver.deleted',
    workspaceOf: apiOfPath,
    describe: ({ params }) => ({
      target_type: 'waiver',
      target_id: params.waiverId ?? null,
      summary: { api_id: params.id ?? null },
    }),
  },
} satisfies Record<string, AuditSpec>;
