import { randomUUID } from 'node:crypto';
import {
  type DynamicModule,
  Injectable,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { ANONYMOUS, type ContentChangedEvent, type RequestContext } from '@pc/contracts';
import type { Client, Notification } from 'pg';
import { BusClient } from '../messaging/bus-client';
import { createLogger } from '../logging/logger';
import { pg } from './drivers';

const log = createLogger('content-changes');

/** The PostgreSQL channel a schema's content triggers notify on (see `contentChangeTriggersSql`). */
export function contentChannel(schema: string): string {
  return `${schema}_content_changed`;
}

/**
 * SQL of a migration: a statement-level trigger on each table that notifies `contentChannel(schema)`
 * with the writing transaction's id when the transaction commits (PostgreSQL delivers one notification
 * per transaction and payload, whatever the number of statements or rows). Every write reaches it, from
 * any code path, an event consumer or a hand-written statement alike.
 */
export function contentChangeTriggersSql(schema: string, tables: string[]): string[] {
  const fn = `${schema}.notify_content_changed`;
  return [
    `CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       PERFORM pg_notify('${contentChannel(schema)}', txid_current()::text);
       RETURN NULL;
     END $$`,
    ...tables.map(
      (table) =>
        `CREATE TRIGGER ${table}_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${schema}.${table}
         FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
    ),
  ];
}

export function dropContentChangeTriggersSql(schema: string, tables: string[]): string[] {
  return [
    ...tables.map((table) => `DROP TRIGGER IF EXISTS ${table}_content_changed ON ${schema}.${table}`),
    `DROP FUNCTION IF EXISTS ${schema}.notify_content_changed()`,
  ];
}

export interface ContentChangesOptions {
  url: string;
  schema: string;
  /** Emits the service's broadcast event, which every gateway replica hears. */
  announce: (bus: BusClient, ctx: RequestContext, data: ContentChangedEvent) => Promise<void>;
  /** Put before the transaction id in `version` (`c`, `r`): the services share one id space. */
  versionPrefix: string;
}

/**
 * Relays the schema's content notifications from PostgreSQL to the bus, as a broadcast event (each
 * replica of the service relays each change: receivers ignore a version they have seen). A lost
 * database connection is re-opened after a second, and announces a change of its own on return (what
 * was committed meanwhile was not heard); gateways also expire what they keep after a TTL.
 */
@Module({})
export class ContentChangesModule {
  static forService(options: ContentChangesOptions): DynamicModule {
    @Injectable()
    class ContentChangesRelay implements OnApplicationBootstrap, OnApplicationShutdown {
      private client: Client | undefined;
      private stopped = false;
      private retry: NodeJS.Timeout | undefined;

      constructor(private readonly bus: BusClient) {}

      async onApplicationBootstrap(): Promise<void> {
        await this.listen(false);
      }

      async onApplicationShutdown(): Promise<void> {
        this.stopped = true;
        clearTimeout(this.retry);
        await this.client?.end().catch(() => undefined);
      }

      private async listen(reconnected: boolean): Promise<void> {
        const client = new (pg().Client)({
          connectionString: options.url,
          application_name: `policy-catalog:${options.schema}:content-changes`,
        });
        client.on('notification', (message: Notification) => this.announce(message.payload ?? randomUUID()));
        client.on('error', (error) => this.lost(client, error));
        client.on('end', () => this.lost(client));
        try {
          await client.connect();
          await client.query(`LISTEN ${contentChannel(options.schema)}`);
          this.client = client;
          if (reconnected) this.announce(`x${randomUUID()}`);
        } catch (error) {
          this.lost(client, error);
        }
      }

      private lost(client: Client, error?: unknown): void {
        if (this.stopped || this.client !== client) {
          if (this.client === undefined && !this.stopped && !this.retry) this.schedule();
          return;
        }
        log.warn({ err: error, schema: options.schema }, 'content change listener lost; reconnecting');
        this.client = undefined;
        client.end().catch(() => undefined);
        this.schedule();
      }

      private schedule(): void {
        this.retry = setTimeout(() => {
          this.retry = undefined;
          if (!this.stopped) void this.listen(true);
        }, 1000);
      }

      private announce(id: string): void {
        const version = `${options.versionPrefix}${id}`;
        options
          .announce(this.bus, { requestId: `content-${version}`, caller: ANONYMOUS }, { version })
          .catch((error: unknown) => log.warn({ err: error, version }, 'content change not announced'));
      }
    }

    return { module: ContentChangesModule, providers: [ContentChangesRelay] };
  }
}
