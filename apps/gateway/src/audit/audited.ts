import { SetMetadata } from '@nestjs/common';
import type { AuditAction } from '@pc/contracts';

export interface AuditFacts {
  /** The route's parsed body and path parameters, and its result. */
  body: Record<string, unknown>;
  params: Record<string, string>;
  result: Record<string, unknown>;
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
}

export interface AuditSpec {
  /** The action, or how the route's facts decide it (a change of credentials is a rotation). */
  action: AuditAction | ((facts: AuditFacts) => AuditAction);
  describe: (facts: AuditFacts) => AuditDescription;
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
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

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
        summary: { url: endpoint.url, event_types: endpoint.event_types },
      };
    },
  },
  webhookUpdated: {
    action: 'webhook.updated',
    describe: ({ params, body }) => ({
      target_type: 'webhook',
      target_id: params.id ?? null,
      summary: {
        fields: Object.keys(body).sort(),
        ...(body.enabled === undefined ? {} : { enabled: body.enabled }),
      },
    }),
  },
  webhookDeleted: {
    action: 'webhook.deleted',
    describe: ({ params }) => ({ target_type: 'webhook', target_id: params.id ?? null }),
  },
  webhookSecretRotated: {
    action: 'webhook.secret_rotated',
    describe: ({ params, result }) => ({
      target_type: 'webhook',
      target_id: params.id ?? null,
      summary: { previous_secret_expires_at: record(result.endpoint).previous_secret_expires_at },
    }),
  },
} satisfies Record<string, AuditSpec>;
