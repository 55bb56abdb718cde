import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Events, type KV, type NatsConnection, StorageType } from 'nats';
import { RemoteError } from '../errors/domain-error';
import { createLogger } from '../logging/logger';
import { type BusConfig, openNatsConnection } from '../messaging/bus';
import { BUS_APP_NAME, BUS_CONFIG } from '../messaging/bus-client';
import type { InProcessBroker } from '../messaging/in-process-broker';
import { budgetsBucket } from '../messaging/nats-permissions';

const log = createLogger('budgets');

/** The longest window a budget may have: the bucket forgets a key this long after its last write. */
export const BUDGET_MAX_WINDOW_MS = 2 * 60 * 60_000;
/** A lease (an open log stream) is renewed every third of this; a holder that vanished loses it after it. */
export const LEASE_MS = 30_000;
/** How often a count is retried when another replica wrote the same key in between. */
const MAX_ATTEMPTS = 20;
/**
 * How long one call to the bucket may wait for NATS. A request waits on its budget: while NATS is away
 * it waits for the connection to come back, and is refused with a 503 after this; the store tries again
 * at the next call.
 */
const CALL_TIMEOUT_MS = 2_000;
const MAX_MEMORY_KEYS = 100_000;

/**
 * The counters behind every per-user and per-address budget, shared by all replicas of all edges on one
 * bus: over NATS a JetStream key-value bucket (`<prefix>BUDGETS`, in memory, each key forgotten two
 * hours after its last write), written with compare-and-set so that two replicas counting at once both
 * count; in-process one store per broker (every app of the process). Two kinds:
 * - windows: how many requests of one action a subject made in the current fixed window (aligned to the
 *   epoch, so every replica agrees on where a window starts); a count may be given back (a sign-in
 *   counted before its password was checked, given back when it was right);
 * - leases: how many of something long-lived a subject holds at once (open log streams), each lease
 *   renewed by its holder and lost within `LEASE_MS` when the holder dies.
 * Subjects (`ip:…`, `user:…`) are stored as SHA-256 digests: no address is written to the bus.
 */
export interface BudgetStore {
  /**
   * Counts one in the current window of every key, or nothing when one of them already holds its
   * limit: then answers the time (ms since the epoch) that window ends; null when counted. Each key is
   * checked and counted in one step (compare-and-set), so requests counting at once never pass a limit.
   */
  count(counters: readonly BudgetCounter[], windowMs: number, now: number): Promise<number | null>;
  /**
   * Takes back what `count` counted at `countedAt`: one of each key of `one`, and all of each key of
   * `all` (never below zero; nothing once that window is over).
   */
  giveBack(
    keys: { one: readonly string[]; all?: readonly string[] },
    windowMs: number,
    countedAt: number,
  ): Promise<void>;
  /** Takes one of at most `limit` leases of `key`: answers its release, or null when all are held. */
  lease(key: string, limit: number): Promise<(() => Promise<void>) | null>;
  close(): Promise<void>;
}

/** One window counted: its key (`<action>|<subject>`) and how many it may hold. */
export interface BudgetCounter {
  key: string;
  limit: number;
}

export function windowStart(now: number, windowMs: number): number {
  return Math.floor(now / windowMs) * windowMs;
}

function digest(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 32);
}

/** The bucket's key of one window: the action, the subject's digest, the window's start. */
function windowName(key: string, start: number): string {
  const [action, ...subject] = key.split('|');
  return `w.${action}.${digest(subject.join('|'))}.${start}`;
}

/** One process's counters (in-process mode, and unit tests). */
export class MemoryBudgetStore implements BudgetStore {
  private readonly windows = new Map<string, number>();
  private readonly leases = new Map<string, number>();

  count(counters: readonly BudgetCounter[], windowMs: number, now: number): Promise<number | null> {
    const start = windowStart(now, windowMs);
    const names = counters.map(({ key }) => `${key}|${start}`);
    if (counters.some(({ limit }, i) => (this.windows.get(names[i]) ?? 0) >= limit))
      return Promise.resolve(start + windowMs);
    for (const n of names) {
      const count = (this.windows.get(n) ?? 0) + 1;
      this.windows.delete(n);
      this.windows.set(n, count);
    }
    // Current windows only, the oldest first out.
    for (const [n] of this.windows) {
      if (this.windows.size <= MAX_MEMORY_KEYS && Number(n.split('|').pop()) >= start - BUDGET_MAX_WINDOW_MS)
        break;
      this.windows.delete(n);
    }
    return Promise.resolve(null);
  }

  giveBack(
    keys: { one: readonly string[]; all?: readonly string[] },
    windowMs: number,
    countedAt: number,
  ): Promise<void> {
    const start = windowStart(countedAt, windowMs);
    for (const n of keys.all ?? []) this.windows.delete(`${n}|${start}`);
    for (const n of keys.one.map((k) => `${k}|${start}`)) {
      const left = (this.windows.get(n) ?? 0) - 1;
      if (left > 0) this.windows.set(n, left);
      else this.windows.delete(n);
    }
    return Promise.resolve();
  }

  lease(key: string, limit: number): Promise<(() => Promise<void>) | null> {
    const held = this.leases.get(key) ?? 0;
    if (held >= limit) return Promise.resolve(null);
    this.leases.set(key, held + 1);
    let released = false;
    return Promise.resolve(() => {
      if (!released) {
        released = true;
        const left = (this.leases.get(key) ?? 1) - 1;
        if (left <= 0) this.leases.delete(key);
        else this.leases.set(key, left);
      }
      return Promise.resolve();
    });
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

class Conflict extends Error {}

/** The counters of every replica on one NATS: a JetStream KV bucket (see BudgetStore). */
export class JetStreamBudgetStore implements BudgetStore {
  /** The store's one connection once open (it reconnects by itself), closed with the store. */
  private connection?: NatsConnection;
  /** The bucket bound on it, or its binding under way; none when the next call is to bind it (again). */
  private bucket?: Promise<KV>;
  /** While the connection is away: resolved when it is back. */
  private away?: Promise<void>;
  private closed = false;
  /** This replica's leases, by KV key: renewed together. */
  private readonly held = new Map<string, Set<string>>();
  private renewal?: NodeJS.Timeout;

  private readonly leaseMs: number;

  constructor(
    private readonly options: {
      url: string;
      prefix: string;
      app: string;
      /** Tests: a shorter lease (default LEASE_MS). */
      leaseMs?: number;
    },
  ) {
    this.leaseMs = options.leaseMs ?? LEASE_MS;
  }

  /**
   * The bucket: bound (or created) on first use, on the store's one connection, opened then. Calls at
   * once share one binding. A failed binding is forgotten, so the next call binds again at once (on the
   * same connection, which reconnects by itself: an outage costs no connection beside it); a failed
   * opening closes its connection.
   */
  private open(): Promise<KV> {
    if (this.closed) return Promise.reject(new Error('the budgets store is closed'));
    if (this.bucket) return this.bucket;
    const nc = this.connection;
    const binding =
      nc && !nc.isClosed()
        ? this.bind(nc)
        : openNatsConnection(this.options, 'budgets', async (opened) => {
            const kv = await this.bind(opened);
            this.connection = opened;
            void this.follow(opened);
            return kv;
          });
    this.bucket = binding;
    binding.catch(() => {
      if (this.bucket === binding) this.bucket = undefined;
    });
    return binding;
  }

  /** Binds the bucket, creating it when it is missing (first use, or lost with a NATS restart). */
  private bind(nc: NatsConnection): Promise<KV> {
    return nc.jetstream({ timeout: CALL_TIMEOUT_MS }).views.kv(budgetsBucket(this.options.prefix), {
      history: 1,
      ttl: BUDGET_MAX_WINDOW_MS,
      // Counters, not records: losing them with a NATS restart only resets the windows.
      storage: StorageType.Memory,
    });
  }

  /**
   * Follows the connection: while it is away, calls wait for it (see `reachable`); once it is back, binds
   * the bucket again at once. A NATS restart loses a memory bucket, and a call on the lost bucket gets no
   * answer: it would wait out CALL_TIMEOUT_MS before binding again. Bound at the reconnection, the bucket
   * is there (created anew) for the first request after it.
   */
  private async follow(nc: NatsConnection): Promise<void> {
    let back = (): void => undefined;
    for await (const status of nc.status()) {
      if (status.type === Events.Disconnect && !this.away) {
        this.away = new Promise((resolve) => (back = resolve));
      } else if (status.type === Events.Reconnect && !this.closed) {
        this.bucket = undefined;
        this.open().catch((error: unknown) => log.warn({ err: error }, 'budgets bucket not bound again'));
        this.away = undefined;
        back();
      }
    }
    // Closed: the next call opens a connection of its own.
    this.away = undefined;
    back();
  }

  /**
   * Waits for the connection while it is away, at most CALL_TIMEOUT_MS. A call sent meanwhile would be
   * lost, not sent later: the client discards what it buffered at each attempt to reconnect, so the call
   * would wait out its whole timeout even when NATS came back in between.
   */
  private async reachable(): Promise<void> {
    const away = this.away;
    if (!away) return;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        away,
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('NATS is away')), CALL_TIMEOUT_MS);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  async count(counters: readonly BudgetCounter[], windowMs: number, now: number): Promise<number | null> {
    const start = windowStart(now, windowMs);
    const end = start + windowMs;
    const names = counters.map(({ key }) => windowName(key, start));
    return this.guard(async (kv) => {
      // Refused at once when any is full; else each counted, and those counted given back if another
      // replica filled one in between (nothing counted for a refused request).
      for (const [i, name] of names.entries())
        if ((await this.read(kv, name)).value >= counters[i].limit) return end;
      const counted: string[] = [];
      for (const [i, name] of names.entries()) {
        const { limit } = counters[i];
        const ok = await this.change(kv, name, (n) => (n >= limit ? undefined : n + 1));
        if (!ok) {
          for (const back of counted) await this.change(kv, back, (n) => Math.max(0, n - 1));
          return end;
        }
        counted.push(name);
      }
      return null;
    });
  }

  async giveBack(
    keys: { one: readonly string[]; all?: readonly string[] },
    windowMs: number,
    countedAt: number,
  ): Promise<void> {
    const start = windowStart(countedAt, windowMs);
    await this.guard(async (kv) => {
      for (const key of keys.all ?? [])
        await this.change(kv, windowName(key, start), (n) => (n === 0 ? undefined : 0));
      for (const key of keys.one)
        await this.change(kv, windowName(key, start), (n) => (n === 0 ? undefined : n - 1));
    });
  }

  async lease(key: string, limit: number): Promise<(() => Promise<void>) | null> {
    const [kind, ...subject] = key.split('|');
    const name = `l.${kind}.${digest(subject.join('|'))}`;
    const id = randomUUID();
    const taken = await this.guard((kv) =>
      this.changeJson(kv, name, (leases, now) => {
        const live = Object.entries(leases).filter(([, until]) => until > now);
        if (live.length >= limit) return undefined;
        return { ...Object.fromEntries(live), [id]: now + this.leaseMs };
      }),
    );
    if (!taken) return null;
    this.hold(name, id);
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      this.unhold(name, id);
      await this.withBucket((kv) =>
        this.changeJson(kv, name, (leases) => {
          const rest = { ...leases };
          delete rest[id];
          return rest;
        }),
      )
        // Not given back now: it lapses within LEASE_MS.
        .catch((error: unknown) => log.warn({ err: error }, 'lease not released'));
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.renewal);
    const bucket = this.bucket;
    this.bucket = undefined;
    // An opening under way sets the connection when it succeeds.
    await bucket?.catch(() => undefined);
    const nc = this.connection;
    this.connection = undefined;
    if (nc && !nc.isClosed()) await nc.drain();
  }

  private hold(name: string, id: string): void {
    let ids = this.held.get(name);
    if (!ids) this.held.set(name, (ids = new Set()));
    ids.add(id);
    this.renewal ??= setInterval(() => void this.renew(), this.leaseMs / 3).unref();
  }

  private unhold(name: string, id: string): void {
    const ids = this.held.get(name);
    ids?.delete(id);
    if (ids?.size === 0) this.held.delete(name);
    if (this.held.size === 0) {
      clearInterval(this.renewal);
      this.renewal = undefined;
    }
  }

  /** Moves the end of every lease this replica holds. */
  private async renew(): Promise<void> {
    try {
      await this.withBucket(async (kv) => {
        for (const [name, ids] of this.held) {
          await this.changeJson(kv, name, (leases, now) => {
            const next = { ...leases };
            for (const id of ids) next[id] = now + this.leaseMs;
            return next;
          });
        }
      });
    } catch (error) {
      log.warn({ err: error }, 'leases not renewed');
    }
  }

  private async read(kv: KV, name: string): Promise<{ value: number; revision: number }> {
    const entry = await kv.get(name);
    if (!entry || entry.operation !== 'PUT') return { value: 0, revision: entry?.revision ?? 0 };
    return { value: Number(entry.string()) || 0, revision: entry.revision };
  }

  /** Compare-and-set of a number; false when `next` declines. */
  private async change(kv: KV, name: string, next: (n: number) => number | undefined): Promise<boolean> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const { value, revision } = await this.read(kv, name);
      const updated = next(value);
      if (updated === undefined) return false;
      try {
        await this.write(kv, name, String(updated), revision);
        return true;
      } catch (error) {
        if (!(error instanceof Conflict)) throw error;
      }
    }
    throw new Error(`budget ${name}: too many concurrent writers`);
  }

  /** Compare-and-set of a JSON object of lease ends; false when `next` declines. */
  private async changeJson(
    kv: KV,
    name: string,
    next: (leases: Record<string, number>, now: number) => Record<string, number> | undefined,
  ): Promise<boolean> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const entry = await kv.get(name);
      const leases =
        entry?.operation === 'PUT' ? (JSON.parse(entry.string() || '{}') as Record<string, number>) : {};
      const updated = next(leases, Date.now());
      if (updated === undefined) return false;
      try {
        await this.write(kv, name, JSON.stringify(updated), entry?.revision ?? 0);
        return true;
      } catch (error) {
        if (!(error instanceof Conflict)) throw error;
      }
    }
    throw new Error(`lease ${name}: too many concurrent writers`);
  }

  /** Writes when the key is still at `revision` (0: absent); a Conflict otherwise. */
  private async write(kv: KV, name: string, value: string, revision: number): Promise<void> {
    try {
      await kv.put(name, value, { previousSeq: revision });
    } catch (error) {
      // JetStream's "wrong last sequence": another replica wrote the key since it was read.
      if ((error as { api_error?: { err_code?: number } }).api_error?.err_code === 10071)
        throw new Conflict();
      throw error;
    }
  }

  /**
   * Runs `work` on the bucket (see `withBucket`). Still failing (NATS down): 503, the request is not
   * served without its budget.
   */
  private async guard<T>(work: (kv: KV) => Promise<T>): Promise<T> {
    try {
      return await this.withBucket(work);
    } catch (error) {
      log.warn({ err: error }, 'shared budgets unavailable');
      throw new RemoteError({
        code: 'SERVICE_UNAVAILABLE',
        message: 'The request budgets cannot be checked right now: try again shortly',
      });
    }
  }

  /**
   * Runs `work` on the bucket; when it fails, runs it once more on the bucket bound again (a NATS
   * restart lost it), or on the one already bound again by another call or by the reconnection.
   */
  private async withBucket<T>(work: (kv: KV) => Promise<T>): Promise<T> {
    await this.reachable();
    const bucket = this.open();
    const kv = await bucket;
    try {
      return await work(kv);
    } catch (error) {
      if (error instanceof Conflict) throw error;
      if (this.bucket === bucket) this.bucket = undefined;
      await this.reachable();
      return work(await this.open());
    }
  }
}

/** One store per in-process broker: every app of the process counts in it. */
const memoryStores = new WeakMap<InProcessBroker, MemoryBudgetStore>();

/**
 * The budget store of an app: the JetStream bucket on NATS, the process's store in-process. Provided
 * by MessagingModule; closed with the app.
 */
@Injectable()
export class SharedBudgets implements BudgetStore, OnApplicationShutdown {
  private readonly store: BudgetStore;

  constructor(@Inject(BUS_CONFIG) bus: BusConfig, @Inject(BUS_APP_NAME) app: string) {
    if (bus.kind === 'nats') {
      this.store = new JetStreamBudgetStore({ url: bus.url, prefix: bus.prefix, app });
    } else {
      let store = memoryStores.get(bus.broker);
      if (!store) memoryStores.set(bus.broker, (store = new MemoryBudgetStore()));
      this.store = store;
    }
  }

  count(counters: readonly BudgetCounter[], windowMs: number, now: number): Promise<number | null> {
    return this.store.count(counters, windowMs, now);
  }

  giveBack(
    keys: { one: readonly string[]; all?: readonly string[] },
    windowMs: number,
    countedAt: number,
  ): Promise<void> {
    return this.store.giveBack(keys, windowMs, countedAt);
  }

  lease(key: string, limit: number): Promise<(() => Promise<void>) | null> {
    return this.store.lease(key, limit);
  }

  close(): Promise<void> {
    return this.store.close();
  }

  async onApplicationShutdown(): Promise<void> {
    // The process's memory store outlives one app of it.
    if (this.store instanceof JetStreamBudgetStore) await this.store.close();
  }
}
