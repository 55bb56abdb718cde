import { Injectable } from '@nestjs/common';
import { DEPLOYMENT_LIMITS, type CreateDeploymentResult } from '@pc/contracts';
import type { EntityManager } from 'typeorm';

/** Idempotency-Key records: the first answer to a (caller, key), and a hash of the body it answered. */
@Injectable()
export class IdempotencyRepository {
  /**
   * Claims the key inside the caller's transaction. A concurrent request with the same key waits on the
   * primary key until this transaction ends, then finds the stored answer: one set of deployments.
   */
  async claim(
    db: EntityManager,
    userId: string,
    key: string,
    requestHash: string,
  ): Promise<
    { claimed: true } | { claimed: false; requestHash: string; response: CreateDeploymentResult | null }
  > {
    await db.query(
      `DELETE FROM deployments.idempotency_keys WHERE user_id = $1 AND key = $2
          AND created_at < now() - make_interval(hours => $3)`,
      [userId, key, DEPLOYMENT_LIMITS.idempotencyKeyTtlHours],
    );
    const inserted = await db.query<unknown[]>(
      `INSERT INTO deployments.idempotency_keys (user_id, key, request_hash) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING key`,
      [userId, key, requestHash],
    );
    if (inserted.length > 0) return { claimed: true };
    const [row] = await db.query<Array<{ request_hash: string; response: CreateDeploymentResult | null }>>(
      `SELECT request_hash, response FROM deployments.idempotency_keys WHERE user_id = $1 AND key = $2`,
      [userId, key],
    );
    return { claimed: false, requestHash: row?.request_hash ?? '', response: row?.response ?? null };
  }

  /** The answer stored for (caller, key), or null when there is none. */
  async find(
    db: EntityManager,
    userId: string,
    key: string,
  ): Promise<{ requestHash: string; response: CreateDeploymentResult | null } | null> {
    const [row] = await db.query<Array<{ request_hash: string; response: CreateDeploymentResult | null }>>(
      `SELECT request_hash, response FROM deployments.idempotency_keys WHERE user_id = $1 AND key = $2`,
      [userId, key],
    );
    return row ? { requestHash: row.request_hash, response: row.response } : null;
  }

  async store(
    db: EntityManager,
    userId: string,
    key: string,
    response: CreateDeploymentResult,
  ): Promise<void> {
    await db.query(`UPDATE deployments.idempotency_keys SET response = $3 WHERE user_id = $1 AND key = $2`, [
      userId,
      key,
      JSON.stringify(response),
    ]);
  }
}
