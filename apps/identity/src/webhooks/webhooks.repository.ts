import { Inject, Injectable } from '@nestjs/common';
import type {
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookEndpoint,
  WebhookEndpointStatus,
  WebhookEventType,
} from '@pc/contracts';
import { DataSource, type EntityManager } from 'typeorm';

interface EndpointRow {
  id: string;
  user_id: string;
  url: string;
  description: string;
  event_types: WebhookEventType[];
  secret: string;
  previous_secret: string | null;
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

/** A claimed attempt: the delivery and what signing and sending it needs. */
export interface ClaimedDelivery {
  id: string;
  endpointId: string;
  userId: string;
  url: string;
  body: string;
  attempts: number;
  /** The secrets that sign it: the current one and, during a rotation's overlap, the previous one. */
  secrets: string[];
}

export interface AttemptOutcome {
  responseStatus: number | null;
  durationMs: number;
  excerpt: string;
}

const ENDPOINT_COLUMNS = `id, user_id, url, description, event_types, secret, previous_secret,
  previous_secret_expires_at, status, disabled_reason, consecutive_failures, created_at, updated_at`;
const DELIVERY_COLUMNS = `id, endpoint_id, event_id, event_type, body, status, attempts, next_attempt_at,
  response_status, duration_ms, response_excerpt, created_at, delivered_at`;

@Injectable()
export class WebhooksRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  transaction<T>(work: (db: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Locks the user's row so that two creations cannot both pass the per-user cap. */
  async lockUserAndCount(db: EntityManager, userId: string): Promise<number> {
    await db.query(`SELECT 1 FROM identity.users WHERE id = $1 FOR UPDATE`, [userId]);
    const [row] = await db.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM identity.webhook_endpoints WHERE user_id = $1`,
      [userId],
    );
    return row?.n ?? 0;
  }

  async insert(
    db: EntityManager,
    userId: string,
    fields: { url: string; description: string; eventTypes: WebhookEventType[]; secret: string },
  ): Promise<WebhookEndpoint> {
    const [row] = await db.query<EndpointRow[]>(
      `INSERT INTO identity.webhook_endpoints (user_id, url, description, event_types, secret)
       VALUES ($1, $2, $3, $4, $5) RETURNING ${ENDPOINT_COLUMNS}`,
      [userId, fields.url, fields.description, fields.eventTypes, fields.secret],
    );
    return toEndpoint(row);
  }

  async listFor(userId: string): Promise<WebhookEndpoint[]> {
    const rows = await this.dataSource.query<EndpointRow[]>(
      `SELECT ${ENDPOINT_COLUMNS} FROM identity.webhook_endpoints WHERE user_id = $1 ORDER BY created_at, id`,
      [userId],
    );
    return rows.map(toEndpoint);
  }

  async find(id: string, userId: string): Promise<WebhookEndpoint | null> {
    const [row] = await this.dataSource.query<EndpointRow[]>(
      `SELECT ${ENDPOINT_COLUMNS} FROM identity.webhook_endpoints WHERE id = $1 AND user_id = $2`,
      [id, userId],
    );
    return row ? toEndpoint(row) : null;
  }

  async update(
    id: string,
    userId: string,
    fields: { url?: string; description?: string; eventTypes?: WebhookEventType[]; enable?: boolean },
  ): Promise<WebhookEndpoint | null> {
    const [rows] = await this.dataSource.query<[EndpointRow[], number]>(
      `UPDATE identity.webhook_endpoints SET
         url = coalesce($3, url),
         description = coalesce($4, description),
         event_types = coalesce($5, event_types),
         status = CASE WHEN $6::boolean IS NULL THEN status WHEN $6 THEN 'active' ELSE 'disabled' END,
         disabled_reason = CASE WHEN $6::boolean IS NULL THEN disabled_reason
                                WHEN $6 THEN NULL ELSE 'Disabled by its owner' END,
         consecutive_failures = CASE WHEN $6::boolean THEN 0 ELSE consecutive_failures END,
         updated_at = now()
       WHERE id = $1 AND user_id = $2 RETURNING ${ENDPOINT_COLUMNS}`,
      [
        id,
        userId,
        fields.url ?? null,
        fields.description ?? null,
        fields.eventTypes ?? null,
        fields.enable ?? null,
      ],
    );
    const [row] = rows;
    return row ? toEndpoint(row) : null;
  }

  async remove(id: string, userId: string): Promise<boolean> {
    const [, count] = await this.dataSource.query<[unknown[], number]>(
      `DELETE FROM identity.webhook_endpoints WHERE id = $1 AND user_id = $2`,
      [id, userId],
    );
    return count > 0;
  }

  /** The current secret becomes the previous one, signing beside the new one for `overlapSeconds`. */
  async rotate(
    id: string,
    userId: string,
    secret: string,
    overlapSeconds: number,
  ): Promise<WebhookEndpoint | null> {
    const [rows] = await this.dataSource.query<[EndpointRow[], number]>(
      `UPDATE identity.webhook_endpoints SET
         previous_secret = CASE WHEN $4 > 0 THEN secret END,
         previous_secret_expires_at = CASE WHEN $4 > 0 THEN now() + make_interval(secs => $4) END,
         secret = $3, updated_at = now()
       WHERE id = $1 AND user_id = $2 RETURNING ${ENDPOINT_COLUMNS}`,
      [id, userId, secret, overlapSeconds],
    );
    const [row] = rows;
    return row ? toEndpoint(row) : null;
  }

  /** Active endpoints of a user subscribed to an event type. */
  async subscribed(userId: string, eventType: WebhookEventType): Promise<string[]> {
    const rows = await this.dataSource.query<Array<{ id: string }>>(
      `SELECT id FROM identity.webhook_endpoints
        WHERE user_id = $1 AND status = 'active' AND $2 = ANY(event_types)`,
      [userId, eventType],
    );
    return rows.map((r) => r.id);
  }

  /** One delivery per endpoint and event: a redelivered event adds nothing. Returns the new rows. */
  async addDeliveries(
    endpointIds: string[],
    event: { id: string; type: WebhookEventType; body: string },
  ): Promise<WebhookDelivery[]> {
    if (endpointIds.length === 0) return [];
    const rows = await this.dataSource.query<DeliveryRow[]>(
      `INSERT INTO identity.webhook_deliveries (endpoint_id, event_id, event_type, body)
       SELECT unnest($1::uuid[]), $2, $3, $4
       ON CONFLICT (endpoint_id, event_id) DO NOTHING RETURNING ${DELIVERY_COLUMNS}`,
      [endpointIds, event.id, event.type, event.body],
    );
    return rows.map(toDelivery);
  }

  /**
   * Claims up to `limit` due attempts (pending and due, or sending with an expired lease: a worker that
   * died), never more than `perEndpoint` under way per endpoint. Claims are serialized by a transaction
   * advisory lock, so the per-endpoint bound holds across replicas.
   */
  async claimDue(limit: number, perEndpoint: number, leaseMs: number): Promise<ClaimedDelivery[]> {
    return this.dataSource.transaction(async (db) => {
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
            secret: string;
            previous_secret: string | null;
          }>,
          number,
        ]
      >(
        `WITH busy AS (
           SELECT endpoint_id, count(*)::int AS n FROM identity.webhook_deliveries
            WHERE status = 'sending' AND lease_until > now() GROUP BY endpoint_id
         ), due AS (
           SELECT d.id, d.endpoint_id,
                  row_number() OVER (PARTITION BY d.endpoint_id ORDER BY d.next_attempt_at, d.id) AS rank
             FROM identity.webhook_deliveries d
             JOIN identity.webhook_endpoints e ON e.id = d.endpoint_id AND e.status = 'active'
            WHERE d.next_attempt_at <= now()
              AND (d.status = 'pending' OR (d.status = 'sending' AND d.lease_until <= now()))
         ), picked AS (
           SELECT due.id FROM due LEFT JOIN busy ON busy.endpoint_id = due.endpoint_id
            WHERE due.rank + coalesce(busy.n, 0) <= $2
            ORDER BY due.rank LIMIT $1
         )
         UPDATE identity.webhook_deliveries d
            SET status = 'sending', attempts = d.attempts + 1,
                lease_until = now() + make_interval(secs => $3::double precision / 1000)
           FROM picked, identity.webhook_endpoints e
          WHERE d.id = picked.id AND e.id = d.endpoint_id
        RETURNING d.id, d.endpoint_id, e.user_id, e.url, d.body, d.attempts, e.secret,
                  CASE WHEN e.previous_secret_expires_at > now() THEN e.previous_secret END AS previous_secret`,
        [limit, perEndpoint, leaseMs],
      );
      return rows.map((r) => ({
        id: r.id,
        endpointId: r.endpoint_id,
        userId: r.user_id,
        url: r.url,
        body: r.body,
        attempts: r.attempts,
        secrets: r.previous_secret ? [r.secret, r.previous_secret] : [r.secret],
      }));
    });
  }

  async succeeded(delivery: ClaimedDelivery, outcome: AttemptOutcome): Promise<void> {
    await this.dataSource.transaction(async (db) => {
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
    });
  }

  /**
   * Records a failed attempt: retried at `retryAt`, or failed for good when it is null. Counts the
   * endpoint's run of failures and disables it at `disableAfter`; true when this attempt disabled it.
   */
  async failed(
    delivery: ClaimedDelivery,
    outcome: AttemptOutcome,
    retryAt: Date | null,
    disableAfter: number,
  ): Promise<boolean> {
    return this.dataSource.transaction(async (db) => {
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
    });
  }

  async listDeliveries(
    endpointId: string,
    limit: number,
    after: { createdAt: string; id: string } | null,
  ): Promise<WebhookDelivery[]> {
    const rows = await this.dataSource.query<DeliveryRow[]>(
      `SELECT ${DELIVERY_COLUMNS} FROM identity.webhook_deliveries
        WHERE endpoint_id = $1 AND ($2::timestamptz IS NULL OR (created_at, id) < ($2::timestamptz, $3::uuid))
        ORDER BY created_at DESC, id DESC LIMIT $4`,
      [endpointId, after?.createdAt ?? null, after?.id ?? null, limit],
    );
    return rows.map(toDelivery);
  }

  /** Schedules one more attempt now (a manual redelivery, whatever its state but under way). */
  async redeliver(endpointId: string, deliveryId: string): Promise<WebhookDelivery | null> {
    const [rows] = await this.dataSource.query<[DeliveryRow[], number]>(
      `UPDATE identity.webhook_deliveries SET status = 'pending', next_attempt_at = now()
        WHERE id = $1 AND endpoint_id = $2 AND status <> 'sending' RETURNING ${DELIVERY_COLUMNS}`,
      [deliveryId, endpointId],
    );
    const [row] = rows;
    return row ? toDelivery(row) : null;
  }

  async findDelivery(endpointId: string, deliveryId: string): Promise<WebhookDelivery | null> {
    const [row] = await this.dataSource.query<DeliveryRow[]>(
      `SELECT ${DELIVERY_COLUMNS} FROM identity.webhook_deliveries WHERE id = $1 AND endpoint_id = $2`,
      [deliveryId, endpointId],
    );
    return row ? toDelivery(row) : null;
  }
}

function toEndpoint(r: EndpointRow): WebhookEndpoint {
  return {
    id: r.id,
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
