import { Client } from 'pg';

/** A row lock held by a connection of the test's own, for lining up transactions behind it. */
export interface HeldLock {
  /** Resolves once `n` statements of the database wait for a lock (fails after 30 s). */
  waiters(n: number): Promise<void>;
  /** Commits the holder's transaction: the waiting statements go on, in the order they queued. */
  release(): Promise<void>;
}

/** Takes the lock `lockSql` takes (e.g. `SELECT 1 FROM s.t WHERE id = $1 FOR UPDATE`) and holds it. */
export async function holdRowLock(
  databaseUrl: string,
  lockSql: string,
  params: unknown[],
): Promise<HeldLock> {
  const holder = new Client({ connectionString: databaseUrl });
  await holder.connect();
  await holder.query('BEGIN');
  await holder.query(lockSql, params);
  return {
    async waiters(n) {
      for (let i = 0; i < 600; i++) {
        const { rows } = await holder.query<{ count: number }>(
          `SELECT count(*)::int AS count FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        if (rows[0].count >= n) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`${n} statements never waited for the lock`);
    },
    async release() {
      try {
        await holder.query('COMMIT');
      } finally {
        await holder.end();
      }
    },
  };
}
