import { Injectable } from '@nestjs/common';
import {
  WEBHOOK_ATTEMPTS_KEPT,
  type WebhookDelivery,
  type WebhookDeliveryAttempt,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  type WebhookEndpointStatus,
  type WebhookEventType,
} from '@pc/contracts';
import type { Executor, Keyset, SealedSecret } from '@pc/platform';
import { timeKeySql } from '../common/time-cursor';

interface EndpointRow {
  id: string;
  user_id: string;
  workspace_id: string | null;
  url: string;
  description: string;
  event_types: WebhookEventType[];
  previous_secret_expires_at: Date | null;
  status: WebhookEndpointStatus;
  disabled_reason: string | null;
  consecutive_failures: number;
  created_at: Date;
  updated_at: Date;
}

interface DeliveryRow {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: WebhookEventType;
  body: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  next_attempt_at: Date;
  response_status: number | null;
  duration_ms: number | null;
  response_excerpt: string | null;
  created_at: Date;
  delivered_at: Date | null;
}

/** Whose endpoints: a user's own, or a workspace's. */
export type EndpointOwner = { userId: string } | { workspaceId: string };

/** Who an event concerns: its users' own endpoints and its workspaces' endpoints hear it. */
export interface Audience {
  users: string[];
  workspaces: string[];
}

/** A claimed attempt: the delivery and what signing and sending it needs. */
export interface ClaimedDelivery {
  id: string;
  endpointId: string;
  /** Who created the endpoint (told when it is disabled). */
  userId: string;
  url: string;
  body: string;
  attempts: number;
  /** The sealed secrets that sign it: the current one and, during a rotation's overlap, the previous one. */
  secrets: SealedSecret[];
}

export interface AttemptOutcome {
  startedAt: Date;
  responseStatus: number | null;
  durationMs: number;
  /** The first bytes of the response, or the error when no response came. */
  excerpt: string;
  /** Why no response came, or null when one did. */
  error: string | null;
}

/** A row whose secrets are not (all) sealed under the newest key: what `WebhookSecretsSealer` moves. */
export interface UnsealedRow {
  id: string;
  secret: string | null;
  secret_key_id: string | null;
  secret_ciphertext: Buffer | null;
  previous_secret: string | null;
  previous_secret_key_id: string | null;
  previous_secret_ciphertext: Buffer | null;
  previous_secret_expires_at: Date | null;
}

const ENDPOINT_COLUMNS = `id, user_id, workspace_id, url, description, event_types, previous_secret_expires_at,
  status, disabled_reason, consecutive_failures, created_at, updated_at`;
const DELIVERY_COLUMNS = `id, endpoint_id, event_id, event_type, body, status, attempts, next_attempt_at,
  response_status, duration_ms, response_excerpt, created_at, delivered_at`;

/** `WHERE` of an owner's endpoints, with its parameter at `$n`. */
function ownerClause(owner: EndpointOwner, n: number): { sql: string; value: string } {
  return 'workspaceId' in owner
    ? { sql: `workspace_id = $${n}`, value: owner.workspaceId }
    : { sql: `user_id = $${n} AND workspace_id IS NULL`, value: owner.userId };
}

/** Webhook endpoints and their deliveries (`identity.webhook_endpoints`, `identity.webhook_deliveries`). */
@Injectable()
export class WebhooksRepository {
  /**
   * Locks the owner (the user's row, or the workspace's endpoints) so that two creations cannot both
   * pass the per-owner cap, and counts its endpoints.
   */
  async lockOwnerAndCount(db: Executor, owner: EndpointOwner): Promise<number> {
    if ('workspaceId' in owner) {
      await db.query(`SELECT pg_advisory_xact_lock(hashtext('identity.webhook-workspace:' || $1))`, [
        owner.workspaceId,
      ]);
    } else {
      await db.query(`SELECT 1 FROM identity.users WHERE id = $1 FOR UPDATE`, [owner.userId]);
    }
    const where = ownerClause(owner, 1);
    const [row] = await db.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM identity.webhook_endpoints WHERE ${where.sql}`,
      [where.value],
    );
    return row?.n ?? 0;
  }

  async insert(
    db: Executor,
    fields: {
      id: string;
      userId: string;
      workspaceId: string | null;
      url: string;
      description: string;
      eventTypes: WebhookEventType[];
      secret: SealedSecret;
    },
  ): Promise<WebhookEndpoint> {
    const [row] = await db.query<EndpointRow[]>(
      `INSERT INTO identity.webhook_endpoints
         (id, user_id, workspace_id, url, description, event_types, secret_key_id, secret_ciphertext)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${ENDPOINT_COLUMNS}`,
      [
        fields.id,
        fields.userId,
        fields.workspaceId,
        fields.url,
        fields.description,
        fields.eventTypes,
        fields.secret.keyId,
        fields.secret.ciphertext,
      ],
    );
    return toEndpoint(row);
  }

  async listFor(db: Executor, owner: EndpointOwner): Promise<WebhookEndpoint[]> {
    const where = ownerClause(owner, 1);
    const rows = await db.query<EndpointRow[]>(
      `SELECT ${ENDPOINT_COLUMNS} FROM identity.webhook_endpoints WHERE ${where.sql} ORDER BY created_at, id`,
      [where.value],
    );
    return rows.map(toEndpoint);
  }

  /** An endpoint and who created it (a user's own endpoint is theirs alone). */
  async find(db: Executor, id: string): Promise<{ endpoint: WebhookEndpoint; userId: string } | null> {
    const [row] = await db.query<EndpointRow[]>(
      `SELECT ${ENDPOINT_COLUMNS} FROM identity.webhook_endpoints WHERE id = $1`,
      [id],
    );
    return row ? { endpoint: toEndpoint(row), userId: row.user_id } : null;
  }

  async update(
    db: Executor,
    id: string,
    fields: { url?: string; description?: string; eventTypes?: WebhookEventType[]; enable?: boolean },
  ): Promise<WebhookEndpoint | null> {
    const [rows] = await db.query<[EndpointRow[], number]>(
      `UPDATE identity.webhook_endpoints SET
         url = coalesce($2, url),
         description = coalesce($3, description),
         event_types = coalesce($4, event_types),
         status = CASE WHEN $5::boolean IS NULL THEN status WHEN $5 THEN 'active' ELSE 'disabled' END,
         disabled_reason = CASE WHEN $5::boolean IS NULL THEN disabled_reason
                                WHEN $5 THEN NULL ELSE 'Disabled by its owner' END,
         consecutive_failures = CASE WHEN $5::boolean THEN 0 ELSE consecutive_failures END,
         updated_at = now()
       WHERE id = $1 RETURNING ${ENDPOINT_COLUMNS}`,
      [id, fields.url ?? null, fields.description ?? null, fields.eventTypes ?? null, fields.enable ?? null],
    );
    const [row] = rows;
    return row ? toEndpoint(row) : null;
  }

  async remove(db: Executor, id: string): Promise<boolean> {
    const [, count] = await db.query<[unknown[], number]>(
      `DELETE FROM identity.webhook_endpoints WHERE id = $1`,
      [id],
    );
    return count > 0;
  }

  /** The current secret becomes the previous one, signing beside the new one for `overlapSeconds`. */
  async rotate(
    db: Executor,
    id: string,
    secret: SealedSecret,
    overlapSeconds: number,
  ): Promise<WebhookEndpoint | null> {
    const [rows] = await db.query<[EndpointRow[], number]>(
      `UPDATE identity.webhook_endpoints SET
         previous_secret = CASE WHEN $4 > 0 THEN secret END,
         previous_secret_key_id = CASE WHEN $4 > 0 THEN secret_key_id END,
         previous_secret_ciphertext = CASE WHEN $4 > 0 THEN secret_ciphertext END,
         previous_secret_expires_at = CASE WHEN $4 > 0 THEN now() + make_interval(secs => $4) END,
         secret = NULL, secret_key_id = $2, secret_ciphertext = $3, updated_at = now()
       WHERE id = $1 RETURNING ${ENDPOINT_COLUMNS}`,
      [id, secret.keyId, secret.ciphertext, overlapSeconds],
    );
    const [row] = rows;
    return row ? toEndpoint(row) : null;
  }

  /** Active endpoints subscribed to an event type, of the audience's users (their own) and workspaces. */
  async subscribed(db: Executor, audience: Audience, eventType: WebhookEventType): Promise<string[]> {
    if (audience.users.length === 0 && audience.workspaces.length === 0) return [];
    const rows = await db.query<Array<{ id: string }>>(
      `SELECT id FROM identity.webhook_endpoints
        WHERE status = 'active' AND $3 = ANY(event_types)
          AND ((workspace_id IS NULL AND user_id = ANY($1::uuid[])) OR workspace_id = ANY($2::uuid[]))`,
      [audience.users, audience.workspaces, eventType],
    );
    return rows.map((r) => r.id);
  }

  /** One delivery per endpoint and event: a redelivered event adds nothing. Returns the new rows. */
  async addDeliveries(
    db: Executor,
    endpointIds: string[],
    event: { id: string; type: WebhookEventType; body: string },
  ): Promise<WebhookDelivery[]> {
    if (endpointIds.length === 0) return [];
    const rows = await db.query<DeliveryRow[]>(
      `INSERT INTO identity.webhook_deliveries (endpoint_id, event_id, event_type, body)
       SELECT unnest($1::uuid[]), $2, $3, $4
       ON CONFLICT (endpoint_id, event_id) DO NOTHING RETURNING ${DELIVERY_COLUMNS}`,
      [endpointIds, event.id, event.type, event.body],
    );
    return rows.map(toDelivery);
  }

  /** Remembers who deployed what (from deployment successes), for `version.published`. */
  async recordDeployer(
    db: Executor,
    resource: { assetType: 'policy' | 'ruleset'; resourceId: string },
    userId: string,
    workspaceId: string,
  ): Promise<void> {
    await db.query(
      `INSERT INTO identity.webhook_deployers (asset_type, resource_id, user_id, workspace_id)
       VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
      [resource.assetType, resource.resourceId, userId, workspaceId],
    );
  }

  /** The users and workspaces that have deployed a resource (those with an endpoint first: bounded). */
  async deployersOf(
    db: Executor,
    resource: { assetType: 'policy' | 'ruleset'; resourceId: string },
  ): Promise<Audience> {
    const rows = await db.query<Array<{ user_id: string; workspace_id: string }>>(
      `SELECT d.user_id, d.workspace_id FROM identity.webhook_deployers d
        WHERE d.asset_type = $1 AND d.resource_id = $2
          AND EXISTS (SELECT 1 FROM identity.webhook_endpoints e
                       WHERE e.status = 'active' AND 'version.published' = ANY(e.event_types)
                         AND ((e.workspace_id IS NULL AND e.user_id = d.user_id) OR e.workspace_id = d.workspace_id))`,
      [resource.assetType, resource.resourceId],
    );
    return {
      users: [...new Set(rows.map((r) => r.user_id))],
      workspaces: [...new Set(rows.map((r) => r.workspace_id))],
    };
  }

  /**
   * Claims up to `limit` due attempts (pending and due, or sending with an expired lease: a worker that
   * died), never more than `bounds.perEndpoint` under way per endpoint and `bounds.perOwner` per owner
   * (a user's own endpoints, or a workspace's) and as many per user (every endpoint they created, their
   * own and those of the workspaces they own: a user who owns many workspaces has one share, not one a
   * workspace): each active endpoint with room offers its oldest due deliveries (an index read per
   * endpoint), and users, then owners, take turns: every user's oldest due attempt comes before any
   * user's second, so one user's backlog or slow receivers never hold the slots another user's attempt
   * waits for. Claims are serialized by a transaction advisory lock, so the bounds hold across replicas.
   * `db` must be a transaction.
   */
  async claimDue(
    db: Executor,
    limit: number,
    bounds: { perEndpoint: number; perOwner: number },
    leaseMs: number,
  ): Promise<ClaimedDelivery[]> {
    await db.query(`SELECT pg_advisory_xact_lock(hashtext('identity.webhook-claims'))`);
    const [rows] = await db.query<
      [
        Array<{
          id: string;
          endpoint_id: string;
          user_id: string;
          url: string;
          body: string;
          attempts: number;
          secret_key_id: string;
          secret_ciphertext: Buffer;
          previous_secret_key_id: string | null;
          previous_secret_ciphertext: Buffer | null;
        }>,
        number,
      ]
    >(
      `WITH busy AS (
         SELECT endpoint_id, count(*)::int AS n FROM identity.webhook_deliveries
          WHERE status = 'sending' AND lease_until > now() GROUP BY endpoint_id
       ), owners AS (
         SELECT e.id, coalesce('w:' || e.workspace_id::text, 'u:' || e.user_id::text) AS owner, e.user_id,
                e.status, e.secret_ciphertext IS NOT NULL AS sealed, coalesce(busy.n, 0) AS busy
           FROM identity.webhook_endpoints e LEFT JOIN busy ON busy.endpoint_id = e.id
       ), owner_busy AS (
         SELECT owner, sum(busy)::int AS n FROM owners GROUP BY owner
       ), user_busy AS (
         SELECT user_id, sum(busy)::int AS n FROM owners GROUP BY user_id
       ), ready AS (
         SELECT o.id, o.owner, o.user_id, $2 - o.busy AS room, $4 - ob.n AS owner_room, $4 - ub.n AS user_room
           FROM owners o JOIN owner_busy ob ON ob.owner = o.owner JOIN user_busy ub ON ub.user_id = o.user_id
          WHERE o.status = 'active' AND o.sealed AND o.busy < $2 AND ob.n < $4 AND ub.n < $4
       ), due AS (
         SELECT due.id, due.next_attempt_at, ready.user_id, ready.owner_room, ready.user_room,
                row_number() OVER (PARTITION BY ready.owner ORDER BY due.next_attempt_at, due.id) AS turn
           FROM ready CROSS JOIN LATERAL (
           SELECT d.id, d.next_attempt_at FROM identity.webhook_deliveries d
            WHERE d.endpoint_id = ready.id AND d.next_attempt_at <= now()
              AND (d.status = 'pending' OR (d.status = 'sending' AND d.lease_until <= now()))
            ORDER BY d.next_attempt_at, d.id LIMIT ready.room
         ) due
       ), owner_fit AS (
         SELECT id, next_attempt_at, turn, user_room,
                row_number() OVER (PARTITION BY user_id ORDER BY turn, next_attempt_at, id) AS user_turn
           FROM due WHERE turn <= owner_room
       ), picked AS (
         SELECT id FROM owner_fit WHERE user_turn <= user_room
          ORDER BY user_turn, turn, next_attempt_at, id LIMIT $1
       )
       UPDATE identity.webhook_deliveries d
          SET status = 'sending', attempts = d.attempts + 1,
              lease_until = now() + make_interval(secs => $3::double precision / 1000)
         FROM picked, identity.webhook_endpoints e
        WHERE d.id = picked.id AND e.id = d.endpoint_id
      RETURNING d.id, d.endpoint_id, e.user_id, e.url, d.body, d.attempts, e.secret_key_id, e.secret_ciphertext,
                CASE WHEN e.previous_secret_expires_at > now() THEN e.previous_secret_key_id END AS previous_secret_key_id,
                CASE WHEN e.previous_secret_expires_at > now() THEN e.previous_secret_ciphertext END AS previous_secret_ciphertext`,
      [limit, bounds.perEndpoint, leaseMs, bounds.perOwner],
    );
    return rows.map((r) => ({
      id: r.id,
      endpointId: r.endpoint_id,
      userId: r.user_id,
      url: r.url,
      body: r.body,
      attempts: r.attempts,
      secrets: [
        { keyId: r.secret_key_id, ciphertext: r.secret_ciphertext },
        ...(r.previous_secret_key_id && r.previous_secret_ciphertext
          ? [{ keyId: r.previous_secret_key_id, ciphertext: r.previous_secret_ciphertext }]
          : []),
      ],
    }));
  }

  /** `db` must be a transaction (the delivery, its attempt and its endpoint's failure count change together). */
  async succeeded(db: Executor, delivery: ClaimedDelivery, outcome: AttemptOutcome): Promise<void> {
    await this.recordAttempt(db, delivery, outcome);
    await db.query(
      `UPDATE identity.webhook_deliveries SET status = 'succeeded', lease_until = NULL, delivered_at = now(),
              response_status = $2, duration_ms = $3, response_excerpt = $4
        WHERE id = $1`,
      [delivery.id, outcome.responseStatus, outcome.durationMs, outcome.excerpt],
    );
    await db.query(
      `UPDATE identity.webhook_endpoints SET consecutive_failures = 0 WHERE id = $1 AND consecutive_failures > 0`,
      [delivery.endpointId],
    );
  }

  /**
   * Records a failed attempt: retried at `retryAt`, or failed for good when it is null. Counts the
   * endpoint's run of failures and disables it at `disableAfter`; true when this attempt disabled it.
   * `db` must be a transaction.
   */
  async failed(
    db: Executor,
    delivery: ClaimedDelivery,
    outcome: AttemptOutcome,
    retryAt: Date | null,
    disableAfter: number,
  ): Promise<boolean> {
    await this.recordAttempt(db, delivery, outcome);
    await db.query(
      `UPDATE identity.webhook_deliveries SET status = $2, lease_until = NULL, next_attempt_at = coalesce($3, next_attempt_at),
              response_status = $4, duration_ms = $5, response_excerpt = $6
        WHERE id = $1`,
      [
        delivery.id,
        retryAt ? 'pending' : 'failed',
        retryAt,
        outcome.responseStatus,
        outcome.durationMs,
        outcome.excerpt,
      ],
    );
    const [rows] = await db.query<[Array<{ disabled: boolean }>, number]>(
      `UPDATE identity.webhook_endpoints SET consecutive_failures = consecutive_failures + 1,
              status = CASE WHEN consecutive_failures + 1 >= $2 THEN 'disabled' ELSE status END,
              disabled_reason = CASE WHEN consecutive_failures + 1 >= $2 AND status = 'active'
                THEN 'Disabled after ' || $2 || ' failed attempts in a row' ELSE disabled_reason END
        WHERE id = $1
      RETURNING (status = 'disabled' AND consecutive_failures = $2) AS disabled`,
      [delivery.endpointId, disableAfter],
    );
    return rows[0]?.disabled ?? false;
  }

  /** Keeps the attempt in the delivery's log, and the log to its newest WEBHOOK_ATTEMPTS_KEPT. */
  private async recordAttempt(
    db: Executor,
    delivery: ClaimedDelivery,
    outcome: AttemptOutcome,
  ): Promise<void> {
    await db.query(
      `INSERT INTO identity.webhook_delivery_attempts
         (delivery_id, attempt, started_at, duration_ms, response_status, response_excerpt, error)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (delivery_id, attempt) DO NOTHING`,
      [
        delivery.id,
        delivery.attempts,
        outcome.startedAt,
        outcome.durationMs,
        outcome.responseStatus,
        outcome.error === null ? outcome.excerpt : null,
        outcome.error,
      ],
    );
    await db.query(
      `DELETE FROM identity.webhook_delivery_attempts WHERE delivery_id = $1 AND attempt <= $2`,
      [delivery.id, delivery.attempts - WEBHOOK_ATTEMPTS_KEPT],
    );
  }

  /** A delivery's attempts, newest first. */
  async listAttempts(db: Executor, deliveryId: string): Promise<WebhookDeliveryAttempt[]> {
    const rows = await db.query<Array<Omit<WebhookDeliveryAttempt, 'started_at'> & { started_at: Date }>>(
      `SELECT attempt, started_at, duration_ms, response_status, response_excerpt, error
         FROM identity.webhook_delivery_attempts WHERE delivery_id = $1 ORDER BY attempt DESC LIMIT $2`,
      [deliveryId, WEBHOOK_ATTEMPTS_KEPT],
    );
    return rows.map((r) => ({ ...r, started_at: r.started_at.toISOString() }));
  }

  /** An endpoint's deliveries newest first, after `after`: each with its cursor key (to the microsecond). */
  async listDeliveries(
    db: Executor,
    endpointId: string,
    limit: number,
    after: Keyset | null,
  ): Promise<Array<WebhookDelivery & { cursor_key: string }>> {
    const rows = await db.query<Array<DeliveryRow & { cursor_key: string }>>(
      `SELECT ${DELIVERY_COLUMNS}, ${timeKeySql('created_at')} AS cursor_key FROM identity.webhook_deliveries
        WHERE endpoint_id = $1 AND ($2::timestamptz IS NULL OR (created_at, id) < ($2::timestamptz, $3::uuid))
        ORDER BY created_at DESC, id DESC LIMIT $4`,
      [endpointId, after?.key ?? null, after?.id ?? null, limit],
    );
    return rows.map((r) => ({ ...toDelivery(r), cursor_key: r.cursor_key }));
  }

  /** Schedules one more attempt now (a manual redelivery, whatever its state but under way). */
  async redeliver(db: Executor, endpointId: string, deliveryId: string): Promise<WebhookDelivery | null> {
    const [rows] = await db.query<[DeliveryRow[], number]>(
      `UPDATE identity.webhook_deliveries SET status = 'pending', next_attempt_at = now()
        WHERE id = $1 AND endpoint_id = $2 AND status <> 'sending' RETURNING ${DELIVERY_COLUMNS}`,
      [deliveryId, endpointId],
    );
    const [row] = rows;
    return row ? toDelivery(row) : null;
  }

  async findDelivery(db: Executor, endpointId: string, deliveryId: string): Promise<WebhookDelivery | null> {
    const [row] = await db.query<DeliveryRow[]>(
      `SELECT ${DELIVERY_COLUMNS} FROM identity.webhook_deliveries WHERE id = $1 AND endpoint_id = $2`,
      [deliveryId, endpointId],
    );
    return row ? toDelivery(row) : null;
  }

  /**
   * A batch of endpoints whose secrets are in plaintext (written before secrets were sealed) or sealed
   * under another key than `currentKeyId`, locked (`SKIP LOCKED`: replicas share the work). `db` must
   * be a transaction.
   */
  async lockUnsealed(
    db: Executor,
    currentKeyId: string,
    skip: string[],
    limit: number,
  ): Promise<UnsealedRow[]> {
    return db.query<UnsealedRow[]>(
      `SELECT id, secret, secret_key_id, secret_ciphertext, previous_secret, previous_secret_key_id,
              previous_secret_ciphertext, previous_secret_expires_at
         FROM identity.webhook_endpoints
        WHERE (secret IS NOT NULL OR previous_secret IS NOT NULL
               OR secret_key_id IS DISTINCT FROM $1
               OR (previous_secret_key_id IS NOT NULL AND previous_secret_key_id <> $1))
          AND NOT (id = ANY($2::uuid[]))
        ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED`,
      [currentKeyId, skip, limit],
    );
  }

  /** Stores an endpoint's secrets sealed (a null previous one: none, or expired) and clears the plaintext. */
  async storeSealed(
    db: Executor,
    id: string,
    secret: SealedSecret,
    previous: SealedSecret | null,
  ): Promise<void> {
    await db.query(
      `UPDATE identity.webhook_endpoints SET secret = NULL, previous_secret = NULL,
              secret_key_id = $2, secret_ciphertext = $3,
              previous_secret_key_id = $4, previous_secret_ciphertext = $5,
              previous_secret_expires_at = CASE WHEN $4::text IS NULL THEN NULL ELSE previous_secret_expires_at END
        WHERE id = $1`,
      [id, secret.keyId, secret.ciphertext, previous?.keyId ?? null, previous?.ciphertext ?? null],
    );
  }

  /** Endpoints not yet under the newest key (0 once a rotation is complete). */
  async countUnsealed(db: Executor, currentKeyId: string): Promise<number> {
    const [row] = await db.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM identity.webhook_endpoints
        WHERE secret IS NOT NULL OR previous_secret IS NOT NULL OR secret_key_id IS DISTINCT FROM $1
           OR (previous_secret_key_id IS NOT NULL AND previous_secret_key_id <> $1)`,
      [currentKeyId],
    );
    return row?.n ?? 0;
  }
}

function toEndpoint(r: EndpointRow): WebhookEndpoint {
  return {
    id: r.id,
    workspace_id: r.workspace_id,
    url: r.url,
    description: r.description,
    event_types: r.event_types,
    status: r.status,
    disabled_reason: r.disabled_reason,
    consecutive_failures: r.consecutive_failures,
    previous_secret_expires_at:
      r.previous_secret_expires_at && r.previous_secret_expires_at > new Date()
        ? r.previous_secret_expires_at.toISOString()
        : null,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

function toDelivery(r: DeliveryRow): WebhookDelivery {
  const open = r.status === 'pending' || r.status === 'sending';
  return {
    id: r.id,
    endpoint_id: r.endpoint_id,
    event_id: r.event_id,
    event_type: r.event_type,
    status: r.status,
    attempts: r.attempts,
    response_status: r.response_status,
    duration_ms: r.duration_ms,
    response_excerpt: r.response_excerpt,
    next_attempt_at: open ? r.next_attempt_at.toISOString() : null,
    created_at: r.created_at.toISOString(),
    delivered_at: r.delivered_at ? r.delivered_at.toISOString() : null,
  };
}
