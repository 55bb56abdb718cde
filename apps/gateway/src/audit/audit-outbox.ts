import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { open, readFile, rename, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { AuditEvents, type AuditRecordedEvent } from '@pc/contracts';
import { createLogger, DurableEventsClient } from '@pc/platform';
import { GatewayEnv } from '../gateway.env';

const log = createLogger('gateway');
const RECORD_FILE = /^\d{15}-[0-9a-f-]{36}\.json$/;

/** What the outbox publishes with: the service's durable events (a test passes its own). */
export type AuditPublisher = Pick<DurableEventsClient, 'publish'>;

/**
 * The gateway's outbox of audit records: a directory (AUDIT_OUTBOX_DIR), one file per record, written
 * and flushed to disk before the request answers, published to the durable events after, and deleted
 * once JetStream stored it (the record id is the message id and the entry id, so a record published
 * twice, after a crash between publish and delete, is kept once). While NATS is down the files wait and
 * are retried every `retryMs`, in the order they were written; a restarted gateway publishes what an
 * earlier run left. The gateway holds no database credentials (it is the one internet-facing process),
 * hence a directory rather than an outbox table. When the directory holds AUDIT_OUTBOX_MAX_BYTES, or
 * cannot be written, audited routes answer 503 before they act: no audited action without its record.
 */
@Injectable()
export class AuditOutbox implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly dir: string;
  /** A directory of this process only (none configured): removed at shutdown when nothing waits in it. */
  private readonly temporary: boolean;
  private bytes = 0;
  private healthy = true;
  private draining?: Promise<void>;
  private again = false;
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private readonly maxBytes: number;
  private readonly retryMs: number;

  constructor(
    env: GatewayEnv,
    @Inject(DurableEventsClient) private readonly events: AuditPublisher,
  ) {
    this.maxBytes = env.AUDIT_OUTBOX_MAX_BYTES;
    this.retryMs = env.AUDIT_OUTBOX_RETRY_MS;
    this.temporary = !env.AUDIT_OUTBOX_DIR;
    if (env.AUDIT_OUTBOX_DIR) {
      this.dir = path.resolve(env.AUDIT_OUTBOX_DIR);
      mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    } else {
      // No directory configured: one of this process, kept across NATS outages but not restarts.
      this.dir = mkdtempSync(path.join(os.tmpdir(), 'policy-catalog-audit-outbox-'));
    }
    for (const name of readdirSync(this.dir)) {
      if (RECORD_FILE.test(name)) this.bytes += statSync(path.join(this.dir, name)).size;
    }
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.kick(), this.retryMs);
    this.timer.unref();
    this.kick();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    // One last attempt: what is still not published waits in the directory for the next start.
    this.kick();
    await this.draining;
    this.stopped = true;
    // What an operator reads before deleting a replica's volume (deploy/README.md).
    if (this.bytes === 0) log.info('audit outbox drained');
    else
      log.warn(
        { bytes: this.bytes, dir: this.dir },
        'audit outbox not empty at shutdown: published at the next start',
      );
    if (this.temporary && this.bytes === 0) rmSync(this.dir, { recursive: true, force: true });
  }

  /** False when a record could not be kept now (full or unwritable): audited routes refuse to act. */
  accepting(): boolean {
    return this.healthy && this.bytes < this.maxBytes;
  }

  /** Bytes of records waiting to be published. */
  get pendingBytes(): number {
    return this.bytes;
  }

  /** Keeps a record on disk (flushed), then publishes it in the background. */
  async add(id: string, record: AuditRecordedEvent): Promise<void> {
    const name = `${String(Date.now()).padStart(15, '0')}-${id}.json`;
    const body = Buffer.from(JSON.stringify(record));
    const temporary = path.join(this.dir, `.${name}.tmp`);
    try {
      const handle = await open(temporary, 'wx', 0o600);
      try {
        await handle.writeFile(body);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, path.join(this.dir, name));
      this.healthy = true;
    } catch (error) {
      this.healthy = false;
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
    this.bytes += body.length;
    this.kick();
  }

  /** Publishes what waits now (serialized: one drain at a time, another after it if asked meanwhile). */
  kick(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.drain()
      .catch((error: unknown) => log.warn({ err: error }, 'audit outbox not drained; will retry'))
      .finally(() => {
        this.draining = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Waits for the drain under way (tests). */
  async settled(): Promise<void> {
    while (this.draining) await this.draining;
  }

  /** In the order written; stops at the first record the bus does not take (the next try starts there). */
  private async drain(): Promise<void> {
    if (!this.healthy) await this.probe();
    const names = readdirSync(this.dir)
      .filter((name) => RECORD_FILE.test(name))
      .sort();
    for (const name of names) {
      const file = path.join(this.dir, name);
      let body: Buffer;
      try {
        body = await readFile(file);
      } catch {
        continue; // published and deleted by another process sharing the directory
      }
      const id = name.slice(16, -'.json'.length);
      let record: AuditRecordedEvent;
      try {
        record = JSON.parse(body.toString('utf8')) as AuditRecordedEvent;
      } catch {
        // Not written by this code (it renames only complete, flushed files): set aside, never retried.
        log.error({ file }, 'unreadable audit record set aside');
        await rename(file, `${file}.unreadable`).catch(() => undefined);
        this.bytes = Math.max(0, this.bytes - body.length);
        continue;
      }
      try {
        await this.events.publish(AuditEvents.recorded, id, record);
      } catch (error) {
        log.warn({ err: error, pending: names.length }, 'audit records not published; kept in the outbox');
        return;
      }
      await unlink(file).catch(() => undefined);
      this.bytes = Math.max(0, this.bytes - body.length);
    }
  }

  /** After a failed write: can the directory take a record again? */
  private async probe(): Promise<void> {
    const file = path.join(this.dir, '.probe');
    try {
      const handle = await open(file, 'w', 0o600);
      await handle.close();
      await unlink(file);
      this.healthy = true;
    } catch (error) {
      log.error({ err: error, dir: this.dir }, 'the audit outbox directory cannot be written');
    }
  }
}
