import type { DataSource, EntityManager } from 'typeorm';

/**
 * What a repository method runs its SQL on: the pool (`Database.pool`, each statement on a free
 * connection) or a transaction (the `tx` that `Database.transaction` hands its work). Every repository
 * method takes one as its required FIRST argument, so a read meant to be inside a transaction cannot
 * silently run outside it by a forgotten trailing argument.
 */
export type Executor = EntityManager;

/**
 * A service's one way to reach its database: `pool` for statements on their own, `transaction` for
 * work that commits or rolls back as one. Provided by `DatabaseModule.forService`; services inject it
 * (never TypeORM's `DataSource`), repositories never do (they are handed an executor).
 *
 *   await this.db.transaction(async (tx) => {
 *     const locked = await this.policies.findById(tx, id, { lock: true });
 *     await this.history.record(tx, id, caller.userId, 'edited', {});
 *   });
 */
export class Database {
  constructor(private readonly dataSource: DataSource) {}

  /** Statements outside any transaction (reads, single-statement writes). */
  get pool(): Executor {
    return this.dataSource.manager;
  }

  /** Runs `work` in one transaction (READ COMMITTED): committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * `transaction`, run again (up to `attempts` times in all) when PostgreSQL ended it as a deadlock's
   * victim or for a serialization failure: nothing of it was written, and the same work usually passes
   * at once. Only for work with no effect outside the database (publish or call out after it returns).
   */
  async transactionRetried<T>(work: (tx: Executor) => Promise<T>, attempts = 3): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.transaction(work);
      } catch (error) {
        if (attempt >= attempts || !isConflict(error)) throw error;
      }
    }
  }
}

/** A deadlock (40P01) or a serialization failure (40001), from pg or through TypeORM. */
function isConflict(error: unknown): boolean {
  const driver = (error as { driverError?: unknown } | null)?.driverError ?? error;
  const code = (driver as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}

/** True when the executor is a transaction's (its statements run on the transaction's connection). */
export function inTransaction(executor: Executor): boolean {
  return executor.queryRunner !== undefined;
}
